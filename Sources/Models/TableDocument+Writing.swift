// Models — the table document: writes sections back into the document, and child tables as datasets

extension TableDocument {
    /// The value tree of a table dataset in its document's shape: the same root, the same keys in the
    /// same order, the current sections where the sections stood.
    /// - Parameters:
    ///   - dataset: a dataset of kind ``DatasetKind/table``.
    ///   - stamped: whether sections and rows carry their ids under ``idKey``, as a child table is stored
    ///     in its row; an export writes none.
    /// - Complexity: O(n) in the rows, plus the values of child tables when they are exported.
    public static func encode(_ dataset: Dataset, stamped: Bool) -> FieldValue {
        let shape = dataset.shape
        let document = shape.document ?? (shape.rootKey.map { [$0: .dict([sectionsKey: .array([])])] } ?? [:])
        guard let rootKey = shape.rootKey else {
            return .dict(table(document: document, sections: dataset.sections, stamped: stamped))
        }
        var root = document
        root[rootKey] = .dict(table(document: root[rootKey]?.dictValue ?? [:], sections: dataset.sections, stamped: stamped))
        return .dict(root)
    }

    /// A table dictionary: `document`'s keys with `sections` in its place (appended when it had none).
    /// - Complexity: O(n) in the rows, plus the values of child tables when not `stamped`.
    public static func table(document: Fields, sections: [Section], stamped: Bool) -> Fields {
        var table = document
        table[sectionsKey] = .array(sections.map { section($0, stamped: stamped) })
        return table
    }

    private static func section(_ section: Section, stamped: Bool) -> FieldValue {
        var group = section.fields
        let rows = section.rows.map { row in
            var fields = row.fields
            if stamped {
                fields.append(Field(idKey, .int(row.id.rawValue)))
            } else if let child = fields[childKey] {
                fields[childKey] = exported(child)
            }
            return FieldValue.dict(fields)
        }
        group.insert(Field(rowsKey, .array(rows)), at: section.rowsKeyIndex)
        if stamped { group.append(Field(idKey, .int(section.id.rawValue))) }
        return .dict(group)
    }

    /// A child table as a file has it: ``idKey`` left out at every depth.
    /// - Complexity: O(n) in the values.
    public static func exported(_ value: FieldValue) -> FieldValue {
        switch value {
        case .dict(let fields):
            var kept = Fields()
            kept.reserveCapacity(fields.count)
            for field in fields where field.key != idKey { kept.append(Field(field.key, exported(field.value))) }
            return .dict(kept)
        case .array(let items):
            return .array(items.map(exported))
        default:
            return value
        }
    }

    /// The child table a row opens, as a dataset of its own: id `parent~row` (`settings~12`), the
    /// parent's version and id space, the sections and rows with the ids stamped into them.
    /// - Parameters:
    ///   - row: a row of `parent`.
    ///   - parent: the dataset the row is in (itself a child table for a deeper level).
    /// - Returns: nil when the row has no child table, or when one of its sections or rows has no id
    ///   (a child not stamped by ``TableDocumentReader``).
    /// - Complexity: O(n) in the child's rows.
    public static func childDataset(of row: Row, in parent: Dataset) -> Dataset? {
        guard case .dict(let child) = row.fields[childKey], case .array(let items) = child[sectionsKey] else {
            return nil
        }
        var document = child
        document[sectionsKey] = .array([])
        var sections: [Section] = []
        sections.reserveCapacity(items.count)
        for item in items {
            guard case .dict(var fields) = item, let id = fields[idKey]?.integer,
                let rowsKeyIndex = fields.index(ofKey: rowsKey), case .array(let rowItems) = fields[rowsKeyIndex].value
            else { return nil }
            fields[rowsKey] = nil
            fields[idKey] = nil
            var rows: [Row] = []
            rows.reserveCapacity(rowItems.count)
            for rowItem in rowItems {
                guard case .dict(var rowFields) = rowItem, let rowID = rowFields[idKey]?.integer else { return nil }
                rowFields[idKey] = nil
                rows.append(Row(id: RowID(rowID), fields: rowFields))
            }
            sections.append(Section(id: SectionID(id), fields: fields, rowsKeyIndex: rowsKeyIndex, rows: rows))
        }
        let style = child["style"]?.stringValue.flatMap(TableStyle.init(rawValue:)) ?? .plain
        let title = row.fields["text"]?.text ?? parent.title
        return Dataset(
            id: "\(parent.id)~\(row.id)", title: title, kind: .table, style: style,
            shape: SourceShape(rowsKey: rowsKey, document: document), sections: sections, version: parent.version,
            nextID: parent.nextID)
    }
}
