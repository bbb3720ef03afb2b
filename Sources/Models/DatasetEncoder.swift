// Models — writes a ``Dataset`` back into the shape of its source file

/// Writes a ``Dataset`` back into the shape of its source file: the same root, the same group
/// dictionaries (or keyed lists, or lists of lists) with their rows under the same key, the same keys in
/// the same order, rows of text as texts.
public enum DatasetEncoder {
    /// The value tree of the dataset's current rows in its source shape.
    /// - Complexity: O(n) in the number of rows; row dictionaries are shared, not copied.
    public static func encode(_ dataset: Dataset) -> FieldValue {
        if dataset.kind == .settings { return SettingsExport.page(of: dataset) }
        if dataset.kind == .table { return TableDocument.encode(dataset, stamped: false) }
        let shape = dataset.shape
        let root: FieldValue
        switch shape.groupForm {
        case .keyed:
            var groups = Fields()
            for section in dataset.sections {
                let key = section.fields[SourceShape.sectionTitleKey]?.text ?? ""
                groups[key] = .array(rows(of: section, shape: shape))
            }
            root = .dict(groups)
        case .arrays:
            root = .array(dataset.sections.map { .array(rows(of: $0, shape: shape)) })
        case .dictionaries:
            if let rowsKey = shape.rowsKey {
                root = .array(
                    dataset.sections.map { section in
                        var group = section.fields
                        group.insert(Field(rowsKey, .array(rows(of: section, shape: shape))), at: section.rowsKeyIndex)
                        return .dict(group)
                    })
            } else {
                var list: [FieldValue] = []
                list.reserveCapacity(dataset.rowCount)
                for section in dataset.sections { list += rows(of: section, shape: shape) }
                root = .array(list)
            }
        }
        guard let rootKey = shape.rootKey else { return root }
        guard var document = shape.document else { return .dict(Fields([Field(rootKey, root)])) }
        document[rootKey] = root
        return .dict(document)
    }

    /// A section's rows as the file wrote them: dictionaries, or for rows of text
    /// (``SourceShape/hasScalarRows``) the text of each row that holds nothing else.
    private static func rows(of section: Section, shape: SourceShape) -> [FieldValue] {
        guard shape.hasScalarRows else { return section.rows.map { .dict($0.fields) } }
        return section.rows.map { row in
            if row.fields.count == 1, let text = row.fields[SourceShape.scalarRowKey] { return text }
            return .dict(row.fields)
        }
    }
}
