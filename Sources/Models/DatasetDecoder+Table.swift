// Models — the table document: decodes `{"table": {…}}` into a dataset

extension DatasetDecoder {
    /// Decodes a table document (``DatasetKind/table``): the root dictionary's `table` holds the table;
    /// the root's other keys and the table's own keys are kept in ``SourceShape/document``.
    /// - Parameter root: what a document reader returned for the file.
    /// - Returns: the dataset at version 1; sections and rows numbered from 1 (each table's sections, then
    ///   its rows; a child table's ids follow the row that holds it).
    /// - Throws: ``ImportError`` naming the key path of the first problem, from `table`.
    /// - Complexity: O(n) in the number of values.
    func decodeTable(_ root: FieldValue) throws(ImportError) -> Dataset {
        let rootKey = TableDocument.rootKey
        guard case .dict(var document) = root, let value = document[rootKey] else {
            throw failure(
                "", "expected a table document, a dictionary with a \"table\" key "
                    + "({\"table\": {\"sections\": [{\"rows\": […]}]}}), found \(root.errorPreview)")
        }
        guard case .dict(let table) = value else {
            throw failure(rootKey, "expected a dictionary (the table), found \(value.errorPreview)")
        }
        var reader = TableDocumentReader(file: file, nextID: 1)
        let (tableDocument, sections) = try reader.read(table, at: rootKey)
        document[rootKey] = .dict(tableDocument)
        let style = table["style"]?.stringValue.flatMap(TableStyle.init(rawValue:)) ?? .plain
        return Dataset(
            id: id, title: title, kind: .table, style: style,
            shape: SourceShape(rootKey: rootKey, rowsKey: TableDocument.rowsKey, document: document),
            sections: sections, nextID: reader.nextID)
    }
}
