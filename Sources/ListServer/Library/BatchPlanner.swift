// ListServer — turns a batch request
import ListRender
import Models

/// Turns a batch request (by ids) into the engine's index-based ``BatchUpdate`` for one dataset
/// version: deletes, reloads and move sources at their indexes before the batch, inserts and move
/// destinations at their indexes after it, every new row checked against the kind's rules.
///
/// Conflicts between operations on the same ids (a row deleted twice, deleted and moved, updated
/// inside a deleted section, …) are refused here, naming the ids and the operations; what is left
/// for the engine is where things land after the batch, refused with UIKit's wording.
struct BatchPlanner {
    let entry: DatasetEntry
    /// Whether `entry` is a page of a Settings dataset (a child pane's table, whose own kind is `table`): its
    /// values are checked and kept one per key as the dataset's are (``unifyingKeys(_:)``).
    var isSettingsPane = false
    /// The multi-value specifier whose choice list `entry` is, when it is one: its rows' values are its `Values`.
    var choicesOf: SettingsSpecifier? = nil

    /// Checks a request and resolves it against the engine.
    /// - Throws: ``LibraryError/invalidBatch(path:message:)`` naming the operation at fault, or the engine's `UITableView`-style
    ///   reason when the batch is inconsistent.
    /// - Complexity: O(k) for k operations, plus the engine's O(n) in the rows of touched sections.
    func plan(_ request: BatchRequest) throws(LibraryError) -> PlannedBatch {
        if !request.child.isEmpty { return unifyingKeys(try planInChild(request)) }
        var (expanded, actionMoves, origins) = try expandingRowActions(request)
        expanded = completingChoices(expanded, origins: &origins)
        do {
            expanded = try placingByNeighbours(expanded, origins: &origins)
            if !actionMoves.isEmpty {
                // A `moveTo` lands among the rows as the rest of the batch leaves them.
                let settled = try plan(expanded, movedByActions: [])
                expanded.moveRows += placing(
                    actionMoves, in: settled.result.snapshot, after: expanded.moveRows.count, origins: &origins)
            }
            let movedByActions = Set(actionMoves.map(\.id)).union(expanded.moveRows.lazy.filter(\.byAction).map(\.id).filter(hasMoveAction))
            var planned = try plan(expanded, movedByActions: movedByActions)
            planned.movedByActions = movedByActions
            return unifyingKeys(planned)
        } catch {
            throw origins.renaming(error)
        }
    }

    /// Plans a request whose row actions are expanded into the operations they stand for.
    /// - Parameter movedByActions: rows a row action moves, whose move needs no `canMove`.
    func plan(_ request: BatchRequest, movedByActions: Set<RowID>) throws(LibraryError) -> PlannedBatch {
        var dataset = entry.dataset
        let kind = dataset.kind
        let rowsKey = dataset.shape.rowsKey
        var update = BatchUpdate()
        var newRows: [RowID: Row] = [:]
        var newSections: [SectionID: Section] = [:]

        if !dataset.shape.isGrouped, !request.deleteSections.isEmpty {
            throw Self.invalid(
                "deleteSections", "the dataset '\(dataset.id)' is one flat list of rows without groups; "
                    + "delete its rows with deleteRows")
        }
        var deletedSections: [SectionID: String] = [:]
        for (position, id) in request.deleteSections.enumerated() {
            let path = "deleteSections[\(position)]"
            guard let index = entry.snapshot.sectionIndex(for: id) else {
                throw Self.invalid(path, "section \(id) does not exist in '\(dataset.id)'")
            }
            if let earlier = deletedSections.updateValue(path, forKey: id) {
                throw Self.invalid(path, "section \(id) is already deleted by \(earlier)")
            }
            update.deleteSections([index])
        }

        // Runs claim their rows by place, not one by one: a million rows cost no dictionary.
        let runs = try resolvingRuns(request, deletedSections: deletedSections)
        func deletingRun(_ at: IndexPath) -> String? {
            guard let run = run(holding: at, in: runs), !run.except.contains(entry.snapshot.rowID(at: at)) else { return nil }
            return run.path
        }
        var claimed: [RowID: String] = [:]
        func claim(_ id: RowID, _ path: String, _ verb: String) throws(LibraryError) -> IndexPath {
            let at = try indexPath(of: id, path)
            if kind.isTableDocument, !movedByActions.contains(id) { try checkEditing(of: id, at: at, path, verb) }
            if let run = deletingRun(at) {
                throw Self.invalid(
                    path, "row \(id) is in the run \(run) deletes; a row can be deleted or moved once per batch")
            }
            if let earlier = claimed.updateValue(path, forKey: id) {
                throw Self.invalid(
                    path, "row \(id) is already \(earlier.hasPrefix("deleteRows") ? "deleted" : "moved") by \(earlier); "
                        + "a row can be deleted or moved once per batch")
            }
            let section = entry.snapshot.sectionID(at: at.section)
            if let deleter = deletedSections[section] {
                throw Self.invalid(
                    path, "row \(id) is in section \(section), which \(deleter) deletes with all its rows; "
                        + "it cannot also be \(verb)")
            }
            return at
        }
        for (position, id) in request.deleteRows.enumerated() {
            update.deleteRows(at: [try claim(id, request.deleteRowPath(position), "deleted")])
        }
        update.deleteRows(at: indexPaths(of: runs))
        for (position, move) in request.moveRows.enumerated() {
            let from = try claim(move.id, "moveRows[\(position)]", "moved")
            if kind.isTableDocument {
                try checkMoveTarget(
                    of: move.id, from: from, to: IndexPath(row: move.toRow, section: move.toSection), "moveRows[\(position)]")
            }
            update.moveRow(at: from, to: IndexPath(row: move.toRow, section: move.toSection))
        }

        var updated: [RowID: String] = [:]
        for (position, change) in request.updateRows.enumerated() {
            let path = "updateRows[\(position)]"
            let at = try indexPath(of: change.id, path)
            if let earlier = updated.updateValue(path, forKey: change.id) {
                throw Self.invalid(
                    path, "row \(change.id) is already updated by \(earlier); put all its fields in one update")
            }
            if let deleter = claimed[change.id].flatMap({ $0.hasPrefix("deleteRows") ? $0 : nil }) ?? deletingRun(at) {
                throw Self.invalid(path, "row \(change.id) is deleted by \(deleter); it cannot also be updated")
            }
            let section = entry.snapshot.sectionID(at: at.section)
            if let deleter = deletedSections[section] {
                throw Self.invalid(
                    path, "row \(change.id) is in section \(section), which \(deleter) deletes with all its rows; "
                        + "it cannot also be updated")
            }
            var fields = dataset.sections[at.section].rows[at.row].fields
            for field in change.fields { fields[field.key] = field.value == .null ? nil : field.value }
            if kind == .settings || isSettingsPane {
                let section = dataset.sections[at.section].fields
                fields = try settingsValue(fields, change.fields, in: section, change.id, path)
            }
            try check(fields, kind.rowRules, "\(path).fields", removals: change.fields)
            if kind.isTableDocument { fields = try stampChild(of: fields, change.fields, "\(path).fields", &dataset) }
            update.reloadRows(at: [at])
            newRows[change.id] = Row(id: change.id, fields: fields)
        }

        var insertedSectionIDs: [SectionID] = []
        for (position, insert) in request.insertSections.enumerated() {
            let path = "insertSections[\(position)]"
            guard dataset.shape.isGrouped else {
                throw Self.invalid(
                    path, "the dataset '\(dataset.id)' is one flat list of rows without groups; "
                        + "only grouped datasets (friends, grouped generic lists) take new sections")
            }
            if let rowsKey, insert.fields[rowsKey] != nil {
                throw Self.invalid(
                    "\(path).fields.\(rowsKey)", "a new section starts empty; insert its rows with insertRows")
            }
            try check(insert.fields, kind.groupRules, "\(path).fields", removals: [:])
            let id = SectionID(dataset.makeID())
            update.insertSection(id, at: insert.section)
            newSections[id] = Section(id: id, fields: insert.fields, rowsKeyIndex: insert.fields.count, rows: [])
            insertedSectionIDs.append(id)
        }
        var insertedRowIDs: [RowID] = []
        for (position, insert) in request.insertRows.enumerated() {
            try check(insert.fields, kind.rowRules, "insertRows[\(position)].fields", removals: [:])
            var fields = insert.fields
            if kind.isTableDocument { fields = try stampChild(of: fields, fields, "insertRows[\(position)].fields", &dataset) }
            let id = insert.id ?? RowID(dataset.makeID())
            update.insertRow(id, at: IndexPath(row: insert.row, section: insert.section))
            newRows[id] = Row(id: id, fields: fields)
            insertedRowIDs.append(id)
        }

        let result: BatchResult
        do {
            result = try entry.snapshot.applying(update)
        } catch {
            throw LibraryError.invalidBatch(
                path: "",
                message: Self.operations(for: error, in: request) + error.description
                    + ". Deletes and move sources are taken out first; insert and move destinations "
                    + "(section, row) are positions after the batch.")
        }
        return PlannedBatch(
            entry: entry, result: result, newRows: newRows, newSections: newSections,
            updatedIDs: request.updateRows.map(\.id), nextID: dataset.nextID,
            insertedRowIDs: insertedRowIDs, insertedSectionIDs: insertedSectionIDs, animation: request.animation,
            deletesAsRanges: !runs.isEmpty,
            writtenFields: Dictionary(request.updateRows.map { ($0.id, $0.fields.keys) }, uniquingKeysWith: { $0 + $1 }))
    }

    private func indexPath(of id: RowID, _ path: String) throws(LibraryError) -> IndexPath {
        guard let indexPath = entry.snapshot.indexPath(for: id) else {
            throw Self.invalid(path, "row \(id) does not exist in '\(entry.dataset.id)'")
        }
        return indexPath
    }

    private static func invalid(_ path: String, _ message: String) -> LibraryError {
        LibraryError.invalidBatch(path: path, message: message)
    }

    /// Checks the fields a row or section will have against its kind's rules.
    /// - Parameter removals: the update's fields, to say when a required key was removed by `null`.
    private func check(_ fields: Fields, _ rules: [FieldRule], _ path: String, removals: Fields) throws(LibraryError) {
        do {
            try rules.check(fields)
        } catch {
            var message = error.message
            if removals[error.keyPath] == .null { message += "; it cannot be removed (sent as null)" }
            throw Self.invalid("\(path).\(error.keyPath)", message)
        }
    }

    /// The operations an engine error is about, as a prefix for its message (`insertRows[1], moveRows[0]: `).
    private static func operations(for error: BatchUpdateError, in request: BatchRequest) -> String {
        var destination: IndexPath?
        var section: Int?
        switch error {
        case .insertRowSectionOutOfRange(let path, _), .insertRowOutOfRange(let path, _), .insertRowTwice(let path),
            .insertAndMoveRow(let path), .moveRowsToSameIndexPath(let path):
            destination = path
        case .moveRowDestinationSectionOutOfRange(_, let to, _), .moveRowDestinationOutOfRange(_, let to, _):
            destination = to
        case .insertSectionOutOfRange(let index, _), .insertSectionTwice(let index):
            section = index
        default:
            break
        }
        var names: [String] = []
        if let destination {
            for (position, insert) in request.insertRows.enumerated()
            where insert.section == destination.section && insert.row == destination.row {
                names.append("insertRows[\(position)]")
            }
            for (position, move) in request.moveRows.enumerated()
            where move.toSection == destination.section && move.toRow == destination.row {
                names.append("moveRows[\(position)]")
            }
        }
        if let section {
            for (position, insert) in request.insertSections.enumerated() where insert.section == section {
                names.append("insertSections[\(position)]")
            }
        }
        return names.isEmpty ? "" : names.joined(separator: ", ") + ": "
    }
}
