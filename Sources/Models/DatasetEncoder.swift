// Models — writes a ``Dataset`` back into the shape of its source file

/// Writes a ``Dataset`` back into the shape of its source file: the same root, the same group
/// dictionaries with their rows under the same key, the same keys in the same order.
public enum DatasetEncoder {
    /// The value tree of the dataset's current rows in its source shape.
    /// - Complexity: O(n) in the number of rows; row dictionaries are shared, not copied.
    public static func encode(_ dataset: Dataset) -> FieldValue {
        if dataset.kind == .table { return TableDocument.encode(dataset, stamped: false) }
        let list: [FieldValue]
        if let rowsKey = dataset.shape.rowsKey {
            list = dataset.sections.map { section in
                var group = section.fields
                group.insert(Field(rowsKey, .array(section.rows.map { .dict($0.fields) })), at: section.rowsKeyIndex)
                return .dict(group)
            }
        } else {
            var rows: [FieldValue] = []
            rows.reserveCapacity(dataset.rowCount)
            for section in dataset.sections {
                for row in section.rows { rows.append(.dict(row.fields)) }
            }
            list = rows
        }
        if let rootKey = dataset.shape.rootKey {
            guard var document = dataset.shape.document else { return .dict(Fields([Field(rootKey, .array(list))])) }
            document[rootKey] = .array(list)
            return .dict(document)
        }
        return .array(list)
    }
}
