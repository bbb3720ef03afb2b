// Models — one user-defaults key, one value: the keyed values rows hold, and a value written into every copy

/// On a device every specifier with one `Key` reads and writes one `NSUserDefaults` value, whichever page
/// shows it and however many rows open that page. A Settings dataset keeps a value in each row (a switch's `on`,
/// a field's `value`, the checked row of a choice list), so a change to one copy is written into every other
/// copy in the same batch: ``values(ofRow:into:)`` reads the keyed values a row holds (its own and those of the
/// pages its child pane opens), ``writing(_:intoRow:)`` writes values into a row and the pages it opens.
public enum SettingsKeys {
    /// The keyed values a row holds, in page order: its specifier's own, then, for a child pane, those of the
    /// page it opens, at any depth (a radio group's value is its section's).
    /// - Complexity: O(n) in the rows of the row's pages.
    public static func values(ofRow row: Fields, into values: inout [(key: String, value: FieldValue)]) {
        if let key = row[SettingsPageReader.specifierKey]?.dictValue?["Key"]?.stringValue,
            let value = SettingsExport.current(of: row)
        {
            values.append((key, value))
        }
        guard isChildPane(row), let table = row[TableDocument.childKey]?.dictValue else { return }
        for (fields, rows) in SettingsExport.rows(of: table) {
            if let key = fields[SettingsPageReader.specifierKey]?.dictValue?["Key"]?.stringValue,
                let value = SettingsExport.current(ofSection: fields, rows: rows)
            {
                values.append((key, value))
            }
            for row in rows { self.values(ofRow: row, into: &values) }
        }
    }

    /// The values that differ between two readings of the same rows (``values(ofRow:into:)``), by key.
    /// - Complexity: O(n) in the values.
    public static func changes(
        from before: [(key: String, value: FieldValue)], to after: [(key: String, value: FieldValue)],
        into changed: inout [String: FieldValue]
    ) {
        if before.count == after.count, zip(before, after).allSatisfy({ $0.key == $1.key }) {
            for (old, new) in zip(before, after) where !SettingsSpecifier.same(old.value, new.value) {
                changed[new.key] = new.value
            }
            return
        }
        // The rows changed shape (a pane's rows inserted or deleted): a key with a value it did not have.
        var had: [String: [FieldValue]] = [:]
        for (key, value) in before { had[key, default: []].append(value) }
        for (key, value) in after where !(had[key] ?? []).contains(where: { SettingsSpecifier.same($0, value) }) {
            changed[key] = value
        }
    }

    /// The row with each keyed specifier it holds, and those of the pages it opens at any depth, holding the
    /// value `values` gives its key: a switch's `on`, a text field's, slider's or title's `value`, the checkmark
    /// of a multi-value's choice list and its row's detail, the checkmark of a radio group's section.
    /// - Returns: nil when the row already holds those values.
    /// - Complexity: O(n) in the rows of the row's pages.
    public static func writing(_ values: [String: FieldValue], intoRow row: Fields) -> Fields? {
        var row = row
        var changed = false
        if let fields = row[SettingsPageReader.specifierKey]?.dictValue, let key = fields["Key"]?.stringValue,
            let value = values[key], SettingsExport.current(of: row).map({ !SettingsSpecifier.same($0, value) }) ?? true
        {
            let specifier = SettingsSpecifier(fields)
            switch specifier.kind {
            case .toggleSwitch:
                row["on"] = .bool(specifier.isOn(value))
                changed = true
            case .textField, .slider:
                row["value"] = value
                changed = true
            case .titleValue:
                row["value"] = value
                if specifier.titles.isEmpty, let text = value.text { row["detail"] = .string(text) }
                changed = true
            case .multiValue:
                if var table = row[TableDocument.childKey]?.dictValue,
                    var sections = table[TableDocument.sectionsKey]?.arrayValue,
                    var choices = sections.first?.dictValue, let rows = choices[TableDocument.rowsKey]?.arrayValue,
                    let (checked, chosen) = checking(value, in: rows)
                {
                    choices[TableDocument.rowsKey] = .array(checked)
                    sections[0] = .dict(choices)
                    table[TableDocument.sectionsKey] = .array(sections)
                    row[TableDocument.childKey] = .dict(table)
                    showChoice(chosen, asDetailOf: &row)
                    changed = true
                }
            case .group, .radioGroup, .childPane, nil:
                break
            }
        }
        if isChildPane(row), var table = row[TableDocument.childKey]?.dictValue,
            let sections = table[TableDocument.sectionsKey]?.arrayValue
        {
            var paneChanged = false
            let written: [FieldValue] = sections.map { item in
                guard var section = item.dictValue, var rows = section[TableDocument.rowsKey]?.arrayValue else {
                    return item
                }
                var sectionChanged = false
                if section[TableDocument.choiceKey] != nil,
                    let key = section[SettingsPageReader.specifierKey]?.dictValue?["Key"]?.stringValue,
                    let value = values[key], let (checked, _) = checking(value, in: rows), checked != rows
                {
                    rows = checked
                    sectionChanged = true
                }
                for (index, child) in rows.enumerated() {
                    guard let fields = child.dictValue, let new = writing(values, intoRow: fields) else { continue }
                    rows[index] = .dict(new)
                    sectionChanged = true
                }
                guard sectionChanged else { return item }
                paneChanged = true
                section[TableDocument.rowsKey] = .array(rows)
                return .dict(section)
            }
            if paneChanged {
                table[TableDocument.sectionsKey] = .array(written)
                row[TableDocument.childKey] = .dict(table)
                changed = true
            }
        }
        return changed ? row : nil
    }

    /// Sets a multi-value row's detail to the title of its chosen row: its short title (`short`) when it has
    /// one, else its title (`text`), in the development language under `detail` and in each other language under
    /// the row's `localized` (a language the choice has no translation for falls back to the development one),
    /// so that every reader of the row, and of its search text, reads the choice in the page's language.
    /// - Complexity: O(languages of the row and the choice).
    public static func showChoice(_ chosen: Fields, asDetailOf row: inout Fields) {
        let name = chosen["short"] != nil ? "short" : "text"
        guard let detail = chosen[name] else { return }
        row["detail"] = detail
        var languages = row[SettingsPageReader.localizedKey]?.dictValue ?? [:]
        let translations = chosen[SettingsPageReader.localizedKey]?.dictValue ?? [:]
        for tag in languages.keys + translations.keys.filter({ languages[$0] == nil }).sorted() {
            var texts = languages[tag]?.dictValue ?? [:]
            texts["detail"] = translations[tag]?.dictValue?[name]
            languages[tag] = texts.isEmpty ? nil : .dict(texts)
        }
        row[SettingsPageReader.localizedKey] = languages.isEmpty ? nil : .dict(languages)
    }

    /// The specifier a row or a section of a Settings page keeps; nil for one a batch added.
    public static func specifier(of fields: Fields) -> SettingsSpecifier? {
        fields[SettingsPageReader.specifierKey]?.dictValue.map(SettingsSpecifier.init)
    }

    /// The key of a radio group's section (a choice list whose specifier has a `Key`); nil for any other section.
    public static func key(ofChoiceSection fields: Fields) -> String? {
        guard fields[TableDocument.choiceKey] != nil else { return nil }
        return fields[SettingsPageReader.specifierKey]?.dictValue?["Key"]?.stringValue
    }

    /// The value of a choice list: its checked row's `value`; nil when none is checked.
    public static func value(ofChoiceSection fields: Fields, rows: [Fields]) -> FieldValue? {
        SettingsExport.current(ofSection: fields, rows: rows)
    }

    /// The rows of a choice list with the checkmark on the first whose `value` is `value`, and that row.
    /// - Returns: nil when no row holds the value (the list is left as it is).
    public static func checking(_ value: FieldValue, in rows: [FieldValue]) -> ([FieldValue], Fields)? {
        let holds = { (row: FieldValue) in row.dictValue?["value"].map { SettingsSpecifier.same($0, value) } ?? false }
        guard let index = rows.firstIndex(where: holds) else { return nil }
        let checkmark = FieldValue.string(TableAccessory.checkmark.rawValue)
        var result = rows
        for (position, item) in rows.enumerated() {
            guard var fields = item.dictValue else { continue }
            if position == index { fields["accessory"] = checkmark } else if fields["accessory"] == checkmark {
                fields["accessory"] = nil
            } else {
                continue
            }
            result[position] = .dict(fields)
        }
        return (result, rows[index].dictValue ?? [:])
    }

    private static func isChildPane(_ row: Fields) -> Bool {
        let type = row[SettingsPageReader.specifierKey]?.dictValue?["Type"]?.stringValue
        return type == SettingsSpecifier.Kind.childPane.rawValue
    }
}
