// Models — a Settings dataset written back as its bundle's pages, and its values as user defaults

/// Writes a ``DatasetKind/settings`` dataset back as its bundle has it: each page's dictionary with its
/// specifiers in order, every specifier as the file had it but for `DefaultValue`, which holds the current
/// value where it changed; and the values alone as `defaults export` gives them (`{Key: value}`).
///
/// The current value of a specifier is read from its row as the page changes it: a switch's `on` (as its
/// `TrueValue`/`FalseValue`), a text field's or slider's `value`, the checked row of a multi-value's child
/// table or of a radio group's section.
public enum SettingsExport {
    /// The root page of a Settings dataset, its child panes' specifiers as they are.
    /// - Complexity: O(n) in the rows of the root page.
    public static func page(of dataset: Dataset) -> FieldValue {
        let table = dataset.shape.document?[TableDocument.rootKey]?.dictValue ?? [:]
        return .dict(page(table: table, sections: dataset.sections))
    }

    /// The page of the child pane a row opens, as its file has it.
    /// - Returns: nil when no row of the dataset (at any depth) opens a pane of that file.
    /// - Complexity: O(n) in the rows of every page.
    public static func pane(_ file: String, of dataset: Dataset) -> FieldValue? {
        for section in dataset.sections {
            for row in section.rows {
                guard let child = row.fields[TableDocument.childKey]?.dictValue else { continue }
                if child[SettingsPageReader.fileKey]?.stringValue == file { return .dict(page(table: child)) }
                if let found = pane(file, in: child) { return found }
            }
        }
        return nil
    }

    /// The values of every keyed specifier of every page, as `defaults export` writes an app's domain that
    /// registered its bundle's defaults: the keys in the order the pages list them, a key met twice keeping its
    /// first value. A key appears when its specifier gives a `DefaultValue` or its value was changed; a switch's
    /// value is its `TrueValue`/`FalseValue` when the specifier gives them, else a boolean, whatever form its
    /// `DefaultValue` took (`YES`, `1`). A type the Settings app does not know (InAppSettingsKit's
    /// `IASKTextViewSpecifier`) gives its `DefaultValue` as it is; one with none (`IASKButtonSpecifier`), nothing.
    /// - Complexity: O(n) in the rows of every page.
    public static func defaults(of dataset: Dataset) -> FieldValue {
        var values = Fields()
        collect(sections: dataset.sections.map { ($0.fields, $0.rows.map(\.fields)) }, into: &values)
        return .dict(values)
    }

    /// The values of the keys the user changed, each as ``defaults(of:)`` gives it: those whose current value is
    /// not the one their specifier starts with. A page file no row shows takes these alone, so that a value never
    /// edited stays as its file wrote it (a `DefaultValue` of `"0"` stays a string beside another page's `0`).
    /// - Complexity: O(n) in the rows of every page.
    static func edited(of dataset: Dataset) -> Fields {
        var values = Fields()
        collect(sections: dataset.sections.map { ($0.fields, $0.rows.map(\.fields)) }, into: &values, editedOnly: true)
        return values
    }

    private static func pane(_ file: String, in table: Fields) -> FieldValue? {
        for row in rows(of: table).flatMap(\.rows) {
            guard let child = row[TableDocument.childKey]?.dictValue else { continue }
            if child[SettingsPageReader.fileKey]?.stringValue == file { return .dict(page(table: child)) }
            if let found = pane(file, in: child) { return found }
        }
        return nil
    }

    /// A child table's sections and rows, read from its dictionary.
    static func rows(of table: Fields) -> [(fields: Fields, rows: [Fields])] {
        (table[TableDocument.sectionsKey]?.arrayValue ?? []).compactMap(\.dictValue).map { section in
            (section, (section[TableDocument.rowsKey]?.arrayValue ?? []).compactMap(\.dictValue))
        }
    }

    private static func page(table: Fields, sections: [Section]) -> Fields {
        page(table: table, rows: sections.map { ($0.fields, $0.rows.map(\.fields)) })
    }

    private static func page(table: Fields) -> Fields {
        page(table: table, rows: rows(of: table))
    }

    private static func page(table: Fields, rows sections: [(fields: Fields, rows: [Fields])]) -> Fields {
        var specifiers: [FieldValue] = []
        for (fields, rows) in sections {
            if let group = fields[SettingsPageReader.specifierKey]?.dictValue {
                specifiers.append(.dict(storing(current(ofSection: fields, rows: rows), in: group)))
                if fields[TableDocument.choiceKey] != nil { continue }
            }
            for row in rows {
                guard let specifier = row[SettingsPageReader.specifierKey]?.dictValue else {
                    // A row a batch added: a title and its text, as the Settings app would show it.
                    specifiers.append(.dict(["Type": .string("PSTitleValueSpecifier"), "Title": row["text"] ?? .string("")]))
                    continue
                }
                specifiers.append(.dict(storing(current(of: row), in: specifier)))
            }
        }
        var page = table[SettingsPageReader.pageKey]?.dictValue ?? [:]
        page[SettingsBundle.specifiersKey] = .array(specifiers)
        return page
    }

    private static func collect(
        sections: [(fields: Fields, rows: [Fields])], into values: inout Fields, editedOnly: Bool = false
    ) {
        func unedited(_ specifier: SettingsSpecifier, _ value: FieldValue) -> Bool {
            specifier.startValue.map { SettingsSpecifier.same($0, value) } ?? false
        }
        for (fields, rows) in sections {
            if let group = fields[SettingsPageReader.specifierKey]?.dictValue, let key = group["Key"]?.stringValue,
                values[key] == nil, let value = current(ofSection: fields, rows: rows),
                !editedOnly || !unedited(SettingsSpecifier(group), value)
            {
                values[key] = value
            }
            for row in rows {
                if let fields = row[SettingsPageReader.specifierKey]?.dictValue, let key = fields["Key"]?.stringValue,
                    values[key] == nil, let value = current(of: row)
                {
                    let specifier = SettingsSpecifier(fields)
                    let untouched = unedited(specifier, value)
                    if (specifier.defaultValue != nil && !editedOnly) || !untouched { values[key] = value }
                }
                if let child = row[TableDocument.childKey]?.dictValue,
                    row[SettingsPageReader.specifierKey]?.dictValue?["Type"]?.stringValue == "PSChildPaneSpecifier"
                {
                    collect(sections: Self.rows(of: child), into: &values, editedOnly: editedOnly)
                }
            }
        }
    }

    /// The specifier with `value` as its `DefaultValue` when that differs from the value it starts with (a text
    /// field without a `DefaultValue` left empty keeps having none).
    static func storing(_ value: FieldValue?, in fields: Fields) -> Fields {
        let specifier = SettingsSpecifier(fields)
        guard let value else { return fields }
        if let start = specifier.startValue, SettingsSpecifier.same(start, value) { return fields }
        var stored = fields
        stored["DefaultValue"] = value
        return stored
    }

    /// The value a row's specifier holds now; nil for one that holds none.
    static func current(of row: Fields) -> FieldValue? {
        guard let fields = row[SettingsPageReader.specifierKey]?.dictValue else { return nil }
        let specifier = SettingsSpecifier(fields)
        switch specifier.kind {
        case .toggleSwitch:
            return specifier.switchValue(on: row["on"]?.flag ?? false)
        case .slider:
            // A value the page set keeps the type of the bundle's DefaultValue: a `<real>` 0.5 moved to 1 is 1.0.
            let value = row["value"] ?? specifier.defaultValue
            if case .int(let whole) = value, case .real = specifier.defaultValue { return .real(Double(whole)) }
            return value
        case .textField, .titleValue:
            return row["value"] ?? specifier.defaultValue
        case .multiValue:
            let choices = row[TableDocument.childKey]?.dictValue.map(rows(of:))?.first
            return choices.flatMap { current(ofSection: $0.fields, rows: $0.rows) } ?? specifier.defaultValue
        case nil:
            // InAppSettingsKit's own types (`IASKTextViewSpecifier`): the value the page cannot change.
            return specifier.key == nil ? nil : specifier.defaultValue
        case .childPane:
            // A pane's row may give its key a value too (the Settings app registers any keyed DefaultValue).
            return specifier.key == nil ? nil : specifier.defaultValue
        case .group, .radioGroup:
            return nil
        }
    }

    /// The value of a choice list: the checked row's `value`, else, for a radio group that has a `Key`, its
    /// `DefaultValue` (one not among its `Values`, or a group that gives none, still registers it); nil when no row
    /// is checked and there is none.
    static func current(ofSection fields: Fields, rows: [Fields]) -> FieldValue? {
        guard fields[TableDocument.choiceKey] != nil else { return nil }
        let checked = rows.first { $0["accessory"]?.stringValue == TableAccessory.checkmark.rawValue }
        if let value = checked?["value"] { return value }
        guard let specifier = fields[SettingsPageReader.specifierKey]?.dictValue, specifier["Key"] != nil else {
            return nil
        }
        return specifier["DefaultValue"]
    }
}
