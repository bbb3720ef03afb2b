// Library — a replace applied as the difference, as `apply(snapshot, animatingDifferences: true)` does
import ListRender
import Models

/// A replace (`PUT` over an existing dataset) applied as the difference between the stored rows and the
/// new file's: the engine matches them (``ReplacementMatch``: by an `id` key, else by content, then by
/// place) and its ``SnapshotDiff`` turns the two snapshots into a batch that moves only the rows whose
/// relative order changed. Unchanged rows keep their ids, changed rows are updates, and open pages animate
/// one `change` event instead of reloading. A table document's rows compare by what they show, child
/// tables included, whatever ids those were stamped with.
enum ReplaceDiff {
    /// The batch that turns `entry`'s dataset into `replacement`, planned against the engine.
    /// - Parameter deadline: when matching and diffing must be done by (the replace diff budget): a replace
    ///   whose diff takes longer holds the library's writer, and every other dataset's batches, for nothing
    ///   a reload would not give.
    /// - Returns: nil when a batch cannot express the replace (the kind, style, title or source shape
    ///   differ), when the batch would hold more operations than the dataset has rows, or when `deadline`
    ///   passed first: the replace is then stored whole and pages reload.
    /// - Complexity: O(n + m log m) for n rows of both versions and m rows whose order is compared, cut
    ///   short at the deadline.
    static func plan(from entry: DatasetEntry, to replacement: Dataset, deadline: WorkDeadline = .never)
        -> PlannedBatch?
    {
        let old = entry.dataset
        guard old.kind == replacement.kind, old.style == replacement.style, old.title == replacement.title,
            old.shape == replacement.shape
        else { return nil }
        let isTable = old.kind.isTableDocument
        let matched =
            isTable
            ? ReplacementMatch(withoutChildIDs(old), withoutChildIDs(replacement), deadline: deadline)
            : ReplacementMatch(old, replacement, deadline: deadline)
        guard let match = matched else { return nil }
        let update = SnapshotDiff.batch(from: entry.snapshot, to: match.snapshot, reloading: Set(match.updatedIDs))
        guard !deadline.hasPassed, update.operationCount <= max(old.rowCount, 1),
            let result = try? entry.snapshot.applying(update), !deadline.hasPassed
        else { return nil }
        var newRows = match.newRows, nextID = match.nextID
        if isTable {
            let order = match.updatedIDs + match.insertedRowIDs
            guard stampChildren(of: &newRows, in: order, from: entry, nextID: &nextID) else { return nil }
        }
        return PlannedBatch(
            entry: entry, result: result, newRows: newRows, newSections: match.newSections,
            updatedIDs: match.updatedIDs, nextID: nextID, insertedRowIDs: match.insertedRowIDs,
            insertedSectionIDs: match.insertedSectionIDs, animation: .automatic)
    }
}
