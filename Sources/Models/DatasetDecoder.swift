// Models — turns a document's value tree into a ``Dataset``

/// Turns a document's value tree into a ``Dataset``: finds the list, detects (or takes) the kind,
/// checks every group and row against the kind's rules and hands out stable ids.
///
/// Nothing is half-decoded: the first problem throws, naming the key path inside the file.
public struct DatasetDecoder: Sendable {
    /// The file name used in error messages.
    public var file: String
    public var id: String
    public var title: String
    /// The kind to decode as (`--kind`); nil detects it from the keys, which an empty list does not have.
    public var kind: DatasetKind?
    /// The key of the list to read when the root dictionary holds several (`--import ID=PATH#KEY`, `?key=`).
    public var listKey: String?
    /// Whether ``title`` was given rather than made from the id: a title the document gives itself
    /// (an AltStore source's `name`) takes the place of one made from the id.
    private var titleWasGiven: Bool

    public init(file: String, id: String, title: String? = nil, kind: DatasetKind? = nil, listKey: String? = nil) {
        self.file = file
        self.id = id
        self.title = title ?? DatasetDecoder.title(forIdentifier: id)
        self.kind = kind
        self.listKey = listKey
        titleWasGiven = title != nil
    }

    /// Why an empty list without a kind cannot be imported, and how to import it.
    public static let emptyListMessage = "the list is empty: pass --kind to import an empty list"

    /// A readable title for an id: `my-apps` → `My Apps`.
    public static func title(forIdentifier id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// Decodes the value tree of a whole file.
    ///
    /// The list is found from the structure (``ListLocation``): the root itself, a dictionary holding one
    /// list among metadata (whose title-like string titles the table), a dictionary of lists (one section
    /// per key, in order) or a list of lists (sections without titles). Its elements are rows (dictionaries,
    /// or strings and numbers as rows of text) or groups (``DatasetKind/detect(in:)``).
    ///
    /// An empty list (`[]`, `<array/>`, or one under a root key) has no rows to detect a kind from:
    /// it decodes only when ``kind`` is given, into an empty dataset that exports as the same empty
    /// list. A flat kind (and `generic`, which cannot tell a grouped list without groups) gets its one
    /// section with no rows, so that a row can be inserted at row 0 of section 0; `friends` gets no
    /// groups, as a friends list without groups has none.
    /// A Settings page (`{PreferenceSpecifiers: [{Type, …}]}`) is read first, as ``SettingsBundle`` reads
    /// a bundle without its panes and strings.
    /// - Parameter root: what a document reader returned for the file.
    /// - Returns: the dataset at version 1, ids numbered from 1 (sections first, then rows).
    /// - Throws: ``ImportError`` naming the file and the key path of the first problem (a missing key, a
    ///   value of the wrong type, a date that is not finite or outside years 1–9999, a dictionary with no
    ///   list or several); for an empty list without a kind, one saying to pass `--kind`.
    /// - Complexity: O(n) in the number of values.
    public func decode(_ root: FieldValue) throws(ImportError) -> Dataset {
        if kind == .settings || (kind == nil && listKey == nil && SettingsBundle.isPage(root)) {
            return try SettingsBundle(root: root).dataset(id: id, title: titleWasGiven ? title : nil, file: file)
        }
        if kind == .table || (kind == nil && listKey == nil && TableDocument.isDocument(root)) {
            return try decodeTable(root)
        }
        let location: ListLocation
        do {
            location = try ListLocation.locate(in: root, listKey: listKey) { key in
                SwipeActions.rules.contains { $0.key == key }
            }
        } catch {
            throw failure(error.keyPath, error.message)
        }
        if let document = location.document {
            do {
                try SwipeActions.rules.check(document)
            } catch {
                throw failure(error.keyPath, error.message)
            }
        }
        let list = location.items
        let prefix = location.rootKey ?? ""
        if list.isEmpty && kind == nil {
            throw failure(prefix, Self.emptyListMessage)
        }
        if location.groupForm != .dictionaries {
            return try decodeGroupLists(location)
        }
        let detected = DatasetKind.detect(in: list)
        let kind = kind ?? detected.kind
        // Groups as detected, when the kind read is the one detected (a forced `generic` reads any groups
        // but friend groups, whose rows are the friends' own).
        let rowsKey: String? =
            switch kind {
            case .friends: "friends"
            case .table, .settings: nil
            case .generic, .heroes, .apps, .messages:
                detected.kind != .friends && (kind == detected.kind || kind == .generic) ? detected.rowsKey : nil
            }
        var dataset = Dataset(
            id: id, title: titleWasGiven ? title : location.title ?? title, kind: kind,
            style: kind.defaultStyle(grouped: rowsKey != nil),
            shape: SourceShape(rootKey: location.rootKey, rowsKey: rowsKey, document: location.document), sections: [])
        let rules = FieldRuleChecker(kind.rowRules)
        dataset.shape.hasScalarRows = Self.holdsScalarRows(list, rowsKey: rowsKey)
        if let rowsKey {
            dataset.sections = try groupedSections(list, rowsKey: rowsKey, kind: kind, prefix: prefix, into: &dataset)
        } else {
            let sectionID = SectionID(dataset.makeID())
            let rows = try decodeRows(list, rules: rules, prefix: prefix, into: &dataset)
            dataset.sections = [Section(id: sectionID, rows: rows)]
        }
        return dataset
    }

    /// Decodes groups written as the lists of a dictionary (one section per key, titled by it) or of a list
    /// (sections without titles).
    private func decodeGroupLists(_ location: ListLocation) throws(ImportError) -> Dataset {
        let lists = location.items.map { $0.arrayValue ?? [] }
        let rows = lists.first { !$0.isEmpty } ?? []
        let kind = kind ?? DatasetKind.detect(in: rows).kind
        var dataset = Dataset(
            id: id, title: titleWasGiven ? title : location.title ?? title, kind: kind,
            style: kind.defaultStyle(grouped: true),
            shape: SourceShape(
                rootKey: location.rootKey, document: location.document, groupForm: location.groupForm,
                hasScalarRows: rows.first.map(Self.isScalarRow) ?? false),
            sections: [])
        let sectionIDs = lists.indices.map { _ in SectionID(dataset.makeID()) }
        let rules = FieldRuleChecker(kind.rowRules)
        let prefix = location.rootKey ?? ""
        for (index, items) in lists.enumerated() {
            var fields = Fields()
            let path: String
            if location.groupForm == .keyed {
                fields[SourceShape.sectionTitleKey] = .string(location.groupKeys[index])
                path = location.groupKeys[index]
            } else {
                path = "\(prefix)[\(index)]"
            }
            let rows = try decodeRows(items, rules: rules, prefix: path, into: &dataset)
            dataset.sections.append(Section(id: sectionIDs[index], fields: fields, rows: rows))
        }
        return dataset
    }

    /// Whether a list's rows are strings or numbers rather than dictionaries, read from its first row.
    private static func holdsScalarRows(_ list: [FieldValue], rowsKey: String?) -> Bool {
        guard let rowsKey else { return list.first.map(isScalarRow) ?? false }
        let rows = list.lazy.compactMap { $0.dictValue?[rowsKey]?.arrayValue }.first { !$0.isEmpty }
        return rows?.first.map(isScalarRow) ?? false
    }

    /// Whether a value is a row of text: a string or a number.
    static func isScalarRow(_ value: FieldValue) -> Bool {
        switch value {
        case .string, .int, .real: true
        default: false
        }
    }

    private func groupedSections(
        _ list: [FieldValue], rowsKey: String, kind: DatasetKind, prefix: String, into dataset: inout Dataset
    ) throws(ImportError) -> [Section] {
        // Section ids come first so that they read in order, as the rows' ids do.
        let sectionIDs = list.indices.map { _ in SectionID(dataset.makeID()) }
        var sections: [Section] = []
        sections.reserveCapacity(list.count)
        let groupRules = FieldRuleChecker(kind.groupRules)
        let rowRules = FieldRuleChecker(kind.rowRules)
        for (groupIndex, element) in list.enumerated() {
            let groupPath = "\(prefix)[\(groupIndex)]"
            guard case .dict(var groupFields) = element else {
                throw failure(groupPath, "expected a group dictionary, found \(element.errorPreview)")
            }
            guard let (rowsKeyIndex, rowsValue) = groupFields.removeValue(forKey: rowsKey) else {
                throw failure("\(groupPath).\(rowsKey)", "missing required key \"\(rowsKey)\"")
            }
            guard case .array(let items) = rowsValue else {
                throw failure("\(groupPath).\(rowsKey)", "expected an array, found \(rowsValue.errorPreview)")
            }
            do {
                try groupRules.check(groupFields)
            } catch {
                throw failure("\(groupPath).\(error.keyPath)", error.message)
            }
            let rows = try decodeRows(items, rules: rowRules, prefix: "\(groupPath).\(rowsKey)", into: &dataset)
            sections.append(
                Section(id: sectionIDs[groupIndex], fields: groupFields, rowsKeyIndex: rowsKeyIndex, rows: rows))
        }
        return sections
    }

    /// Decodes a list of rows: dictionaries, or, when the dataset's rows are texts
    /// (``SourceShape/hasScalarRows``), strings and numbers, each kept under ``SourceShape/scalarRowKey``.
    private func decodeRows(
        _ items: [FieldValue], rules: FieldRuleChecker, prefix: String, into dataset: inout Dataset
    ) throws(ImportError) -> [Row] {
        var rows: [Row] = []
        rows.reserveCapacity(items.count)
        let scalars = dataset.shape.hasScalarRows
        for (rowIndex, element) in items.enumerated() {
            let fields: Fields
            switch element {
            case .dict(let dictionary) where !scalars:
                fields = dictionary
            case _ where scalars && Self.isScalarRow(element):
                fields = [SourceShape.scalarRowKey: element]
            default:
                let expected = scalars ? "a text (a string or a number), as the list's first row" : "a row dictionary"
                throw failure("\(prefix)[\(rowIndex)]", "expected \(expected), found \(element.errorPreview)")
            }
            do {
                try rules.check(fields)
            } catch {
                throw failure("\(prefix)[\(rowIndex)].\(error.keyPath)", error.message)
            }
            rows.append(Row(id: RowID(dataset.makeID()), fields: fields))
        }
        return rows
    }

    func failure(_ path: String, _ message: String) -> ImportError {
        ImportError(file: file, path: path, message: message)
    }
}
