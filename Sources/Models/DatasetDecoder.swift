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

    public init(file: String, id: String, title: String? = nil, kind: DatasetKind? = nil) {
        self.file = file
        self.id = id
        self.title = title ?? DatasetDecoder.title(forIdentifier: id)
        self.kind = kind
    }

    /// Why an empty list without a kind cannot be imported, and how to import it.
    public static let emptyListMessage = "the list is empty: pass --kind to import an empty list"

    /// A readable title for an id: `my-apps` → `My Apps`.
    public static func title(forIdentifier id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// Decodes the value tree of a whole file.
    ///
    /// An empty list (`[]`, `<array/>`, or one under a root key) has no rows to detect a kind from:
    /// it decodes only when ``kind`` is given, into an empty dataset that exports as the same empty
    /// list. A flat kind (and `generic`, which cannot tell a grouped list without groups) gets its one
    /// section with no rows, so that a row can be inserted at row 0 of section 0; `friends` gets no
    /// groups, as a friends list without groups has none.
    /// - Parameter root: what a document reader returned for the file.
    /// - Returns: the dataset at version 1, ids numbered from 1 (sections first, then rows).
    /// - Throws: ``ImportError`` naming the file and the key path of the first problem (a missing key, a
    ///   value of the wrong type, a date that is not finite or outside years 1–9999); for an empty list
    ///   without a kind, one saying to pass `--kind`.
    /// - Complexity: O(n) in the number of values.
    public func decode(_ root: FieldValue) throws(ImportError) -> Dataset {
        if kind == .table || (kind == nil && TableDocument.isDocument(root)) { return try decodeTable(root) }
        let (list, rootKey, document) = try topLevelList(root)
        if list.isEmpty && kind == nil {
            throw failure(rootKey ?? "", Self.emptyListMessage)
        }
        let detected = DatasetKind.detect(in: list)
        let kind = kind ?? detected.kind
        let rowsKey: String? =
            switch kind {
            case .friends: "friends"
            case .generic: detected.kind == .generic ? detected.rowsKey : nil
            case .heroes, .apps, .messages, .table: nil
            }
        let prefix = rootKey ?? ""
        var dataset = Dataset(
            id: id, title: title, kind: kind, style: kind.defaultStyle(grouped: rowsKey != nil),
            shape: SourceShape(rootKey: rootKey, rowsKey: rowsKey, document: document), sections: [])
        if let rowsKey {
            dataset.sections = try groupedSections(list, rowsKey: rowsKey, kind: kind, prefix: prefix, into: &dataset)
        } else {
            let sectionID = SectionID(dataset.makeID())
            let rows = try decodeRows(list, rules: FieldRuleChecker(kind.rowRules), prefix: prefix, into: &dataset)
            dataset.sections = [Section(id: sectionID, rows: rows)]
        }
        return dataset
    }

    /// The list of rows or groups, the root key it sat under, and the root dictionary around it when that
    /// holds the dataset's row actions too (``SwipeActions``), with an empty array where the list stood.
    private func topLevelList(_ root: FieldValue) throws(ImportError) -> ([FieldValue], String?, Fields?) {
        switch root {
        case .array(let items):
            return (items, nil, nil)
        case .dict(let fields) where fields.count == 1:
            if let items = fields[0].value.arrayValue { return (items, fields[0].key, nil) }
            throw failure(fields[0].key, "expected an array of rows, found \(fields[0].value.errorPreview)")
        case .dict(let fields):
            let listKeys = fields.keys.filter { key in !SwipeActions.rules.contains { $0.key == key } }
            guard listKeys.count == 1, let value = fields[listKeys[0]] else { break }
            guard let items = value.arrayValue else {
                throw failure(listKeys[0], "expected an array of rows, found \(value.errorPreview)")
            }
            do {
                try SwipeActions.rules.check(fields)
            } catch {
                throw failure(error.keyPath, error.message)
            }
            var document = fields
            document[listKeys[0]] = .array([])
            return (items, listKeys[0], document)
        default:
            break
        }
        throw failure(
            "", "expected an array of rows (or a dictionary holding one array), found \(root.errorPreview)")
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

    private func decodeRows(
        _ items: [FieldValue], rules: FieldRuleChecker, prefix: String, into dataset: inout Dataset
    ) throws(ImportError) -> [Row] {
        var rows: [Row] = []
        rows.reserveCapacity(items.count)
        for (rowIndex, element) in items.enumerated() {
            guard case .dict(let fields) = element else {
                throw failure("\(prefix)[\(rowIndex)]", "expected a row dictionary, found \(element.errorPreview)")
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
