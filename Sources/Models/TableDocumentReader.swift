// Models — the table document: reads a table dictionary into sections and rows, checking every key

/// Reads a table dictionary (the value of `table`) into sections and rows: checks the table's,
/// each section's and each row's keys against ``TableDocument``'s rules, hands out ids, and checks and
/// stamps the child tables of rows with ids of their own (under ``TableDocument/idKey``).
///
/// The first problem throws, naming its key path from the document's root
/// (`table.sections[1].rows[0].accessory: expected one of none, disclosureIndicator, …, found "chevron"`).
public struct TableDocumentReader: Sendable {
    /// The file name used in error messages.
    public var file: String
    /// The next id to hand out; ids go to sections first, then to their rows in order.
    public var nextID: Int64
    /// How many child tables deep the table being read is (0 for the document's own table).
    public var depth = 0

    public init(file: String, nextID: Int64) {
        self.file = file
        self.nextID = nextID
    }

    /// Reads one table.
    /// - Parameters:
    ///   - table: the table dictionary.
    ///   - path: its key path (`table`, `insertRows[0].fields.table`).
    /// - Returns: the table's own keys with an empty array where `sections` stood, and its sections.
    /// - Throws: ``ImportError`` at the first key that breaks a rule.
    /// - Complexity: O(n) in the values of the table, child tables included.
    public mutating func read(_ table: Fields, at path: String) throws(ImportError) -> (document: Fields, sections: [Section]) {
        try check(table, TableDocument.tableRules, at: path)
        let sectionsKey = TableDocument.sectionsKey
        guard let value = table[sectionsKey] else {
            throw failure(join(path, sectionsKey), "missing required key \"\(sectionsKey)\"")
        }
        guard case .array(let items) = value else {
            throw failure(join(path, sectionsKey), "expected an array of sections, found \(value.errorPreview)")
        }
        var document = table
        document[sectionsKey] = .array([])
        let sectionIDs = items.indices.map { _ in SectionID(makeID()) }
        var sections: [Section] = []
        sections.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let sectionPath = "\(join(path, sectionsKey))[\(index)]"
            sections.append(try readSection(item, id: sectionIDs[index], at: sectionPath))
        }
        return (document, sections)
    }

    /// Checks a child table and writes the ids of its sections and rows into it.
    /// - Parameters:
    ///   - table: the value of a row's `table`.
    ///   - path: its key path.
    /// - Returns: the child table as stored in the row: its keys in order, each section and row with
    ///   its id under ``TableDocument/idKey``.
    /// - Throws: ``ImportError`` at the first key that breaks a rule.
    /// - Complexity: O(n) in the values of the child table.
    public mutating func stampedChild(_ table: FieldValue, at path: String) throws(ImportError) -> FieldValue {
        guard case .dict(let fields) = table else {
            throw failure(path, "expected a dictionary (a child table), found \(table.errorPreview)")
        }
        guard depth < TableDocument.maximumChildDepth else {
            throw failure(
                path, "child tables nest at most \(TableDocument.maximumChildDepth) deep (the depth a page can open)")
        }
        depth += 1
        defer { depth -= 1 }
        let (document, sections) = try read(fields, at: path)
        return .dict(TableDocument.table(document: document, sections: sections, stamped: true))
    }

    /// Checks a row's fields, stamping its child table.
    /// - Returns: the fields as stored.
    /// - Throws: ``ImportError`` at the first key that breaks a rule.
    public mutating func readRow(_ fields: Fields, at path: String) throws(ImportError) -> Fields {
        try check(fields, TableDocument.rowRules, at: path)
        var fields = fields
        fields[TableDocument.idKey] = nil
        if let child = fields[TableDocument.childKey] {
            fields[TableDocument.childKey] = try stampedChild(child, at: join(path, TableDocument.childKey))
        }
        if let children = fields[RowChildren.key] {
            try checkChildRows(children, at: join(path, RowChildren.key))
        }
        return fields
    }

    /// Checks a row's child rows (an outline's, see ``RowChildren``) and theirs, at any depth; they
    /// are kept as they came.
    /// - Throws: ``ImportError`` at the first key that breaks a rule.
    private func checkChildRows(_ children: FieldValue, at path: String) throws(ImportError) {
        guard case .array(let items) = children else {
            throw failure(path, "expected an array of child rows, found \(children.errorPreview)")
        }
        for (index, item) in items.enumerated() {
            let rowPath = "\(path)[\(index)]"
            guard case .dict(let fields) = item else {
                throw failure(rowPath, "expected a row dictionary, found \(item.errorPreview)")
            }
            try check(fields, TableDocument.rowRules, at: rowPath)
            if fields[TableDocument.childKey] != nil {
                throw failure(
                    join(rowPath, TableDocument.childKey), "a child row of an outline cannot open a child table")
            }
            if let grandchildren = fields[RowChildren.key] {
                try checkChildRows(grandchildren, at: join(rowPath, RowChildren.key))
            }
        }
    }

    private mutating func readSection(_ item: FieldValue, id: SectionID, at path: String) throws(ImportError) -> Section {
        guard case .dict(var fields) = item else {
            throw failure(path, "expected a section dictionary, found \(item.errorPreview)")
        }
        let rowsKey = TableDocument.rowsKey
        fields[TableDocument.idKey] = nil
        guard let rowsKeyIndex = fields.index(ofKey: rowsKey) else {
            throw failure(join(path, rowsKey), "missing required key \"\(rowsKey)\"")
        }
        guard case .array(let items) = fields[rowsKeyIndex].value else {
            throw failure(join(path, rowsKey), "expected an array of rows, found \(fields[rowsKeyIndex].value.errorPreview)")
        }
        fields[rowsKey] = nil
        try check(fields, TableDocument.sectionRules, at: path)
        let rowIDs = items.indices.map { _ in RowID(makeID()) }
        var rows: [Row] = []
        rows.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let rowPath = "\(join(path, rowsKey))[\(index)]"
            guard case .dict(let rowFields) = item else {
                throw failure(rowPath, "expected a row dictionary, found \(item.errorPreview)")
            }
            rows.append(Row(id: rowIDs[index], fields: try readRow(rowFields, at: rowPath)))
        }
        return Section(id: id, fields: fields, rowsKeyIndex: rowsKeyIndex, rows: rows)
    }

    private mutating func makeID() -> Int64 {
        defer { nextID += 1 }
        return nextID
    }

    private func check(_ fields: Fields, _ rules: [FieldRule], at path: String) throws(ImportError) {
        do {
            try rules.check(fields)
        } catch {
            throw failure(join(path, error.keyPath), error.message)
        }
    }

    private func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    private func failure(_ path: String, _ message: String) -> ImportError {
        ImportError(file: file, path: path, message: message)
    }
}
