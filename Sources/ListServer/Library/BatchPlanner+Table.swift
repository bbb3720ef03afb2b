// Library — the table document in batches: rows' editing rules, child tables of new rows, batches on a child
import ListRender
import Models

extension BatchPlanner {
    /// Refuses to delete a table row whose editing style is not `delete`, or to move one that does not
    /// say `canMove`, as `UITableView` offers neither control for it (the entry's ``TableEditing``).
    /// - Parameter verb: `deleted` or `moved`.
    func checkEditing(of id: RowID, at: IndexPath, _ path: String, _ verb: String) throws(LibraryError) {
        let style = entry.editing.editingStyle(forRowAt: at, in: entry.snapshot)
        if verb == "deleted", style != .delete {
            throw LibraryError.invalidBatch(
                path: path, message: "row \(id) has the editing style \(style.rawValue); only rows whose "
                    + "editingStyle is delete can be deleted (update it first to make the row deletable)")
        }
        if verb == "moved", !entry.editing.canMove(rowAt: at, in: entry.snapshot) {
            throw LibraryError.invalidBatch(
                path: path, message: "row \(id) cannot move; only rows with \"canMove\": true can be moved")
        }
    }

    /// Checks the child table a new or updated row brings (every key of every level, as an import does)
    /// and gives its sections and rows ids from the dataset's id space.
    /// - Parameters:
    ///   - fields: the row's fields after the operation.
    ///   - sent: the fields the operation sent; a child table that was not sent keeps its ids.
    ///   - path: where the fields are in the batch (`insertRows[0].fields`).
    /// - Returns: the fields with the child table stamped.
    /// - Throws: ``LibraryError/invalidBatch(path:message:)`` at the first key that breaks a rule.
    /// - Complexity: O(values of the child table).
    func stampChild(of fields: Fields, _ sent: Fields, _ path: String, _ dataset: inout Dataset) throws(LibraryError) -> Fields {
        guard let child = sent[TableDocument.childKey], child != .null else { return fields }
        var reader = TableDocumentReader(file: entry.dataset.id, nextID: dataset.nextID)
        var stamped = fields
        do {
            stamped[TableDocument.childKey] = try reader.stampedChild(child, at: "\(path).\(TableDocument.childKey)")
        } catch {
            throw LibraryError.invalidBatch(path: error.path, message: error.message)
        }
        dataset.nextID = reader.nextID
        return stamped
    }

    /// Plans a batch on a child table (`request.child`): the batch is planned against the child's own
    /// table with every rule of a table, then the child is written back into the rows that open it, up to
    /// the dataset's own table, where it is one row update. The event carries the child's changes.
    /// - Throws: ``LibraryError/invalidBatch(path:message:)``: `child` when the address leads nowhere, else
    ///   as a batch on the child's table.
    /// - Complexity: O(rows of the child tables on the address) plus the child's batch.
    func planInChild(_ request: BatchRequest) throws(LibraryError) -> PlannedBatch {
        let address = request.child
        var chain = [entry]
        for row in address.rows {
            do {
                chain.append(try chain[chain.count - 1].child(row))
            } catch {
                throw LibraryError.invalidBatch(path: "child", message: error.message)
            }
        }
        var inner = request
        inner.child = ChildAddress()
        var pane = BatchPlanner(entry: chain[chain.count - 1])
        // A Settings pane checks its values and keeps one per key within itself too, so the child's own event tells
        // its copies; a multi-value's choice list offers its Values only.
        if entry.dataset.kind == .settings {
            pane.isSettingsPane = true
            let parent = chain[chain.count - 2]
            if let at = parent.snapshot.indexPath(for: address.rows[address.rows.count - 1]),
                let specifier = SettingsKeys.specifier(of: parent.dataset.sections[at.section].rows[at.row].fields),
                specifier.kind == .multiValue
            {
                pane.choicesOf = specifier
            }
        }
        let planned = try pane.plan(inner)
        let applied = planned.apply()
        var child = applied.entry.dataset
        // The row that opens the edited table shows its choice as its detail, where it shows a detail.
        let detail = Self.choiceDetail(of: child)
        // Write the edited child into its row, level by level, up to the dataset's own table.
        for level in stride(from: address.rows.count - 1, through: 1, by: -1) {
            var parent = chain[level].dataset
            let at = chain[level].snapshot.indexPath(for: address.rows[level])!
            parent.sections[at.section].rows[at.row].fields[TableDocument.childKey] =
                TableDocument.encode(child, stamped: true)
            if level == address.rows.count - 1, let detail, parent.sections[at.section].rows[at.row].fields["detail"] != nil {
                Self.show(detail, asDetailOf: &parent.sections[at.section].rows[at.row].fields)
            }
            parent.nextID = child.nextID
            child = parent
        }
        let rowID = address.rows[0]
        let at = entry.snapshot.indexPath(for: rowID)!
        var fields = entry.dataset.sections[at.section].rows[at.row].fields
        fields[TableDocument.childKey] = TableDocument.encode(child, stamped: true)
        var written = [TableDocument.childKey]
        if address.rows.count == 1, let detail, fields["detail"] != nil {
            Self.show(detail, asDetailOf: &fields)
            written.append("detail")
            if fields["localized"] != entry.dataset.sections[at.section].rows[at.row].fields["localized"] {
                written.append("localized")
            }
        }
        var update = BatchUpdate()
        update.reloadRows(at: [at])
        let result: BatchResult
        do {
            result = try entry.snapshot.applying(update)
        } catch {
            preconditionFailure("reloading an existing row cannot fail: \(error)")
        }
        return PlannedBatch(
            entry: entry, result: result, newRows: [rowID: Row(id: rowID, fields: fields)], newSections: [:],
            updatedIDs: [rowID], nextID: child.nextID, insertedRowIDs: planned.insertedRowIDs,
            insertedSectionIDs: planned.insertedSectionIDs, animation: planned.animation,
            child: ChildChange(address: address, event: applied.event, undo: BatchInverse.of(planned, version: 0).map {
                var undo = $0
                undo.child = address
                return undo
            }), writtenFields: [rowID: written])
    }
}
