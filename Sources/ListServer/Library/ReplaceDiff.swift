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
    /// - Returns: nil when a batch cannot express the replace (the kind, style, title or source shape
    ///   differ) or when the batch would hold more operations than the
    ///   dataset has rows: the replace is then stored whole and pages reload.
    /// - Complexity: O(n + m log m) for n rows of both versions and m rows whose order is compared.
    static func plan(from entry: DatasetEntry, to replacement: Dataset) -> PlannedBatch? {
        let old = entry.dataset
        guard old.kind == replacement.kind, old.style == replacement.style, old.title == replacement.title,
            old.shape == replacement.shape
        else { return nil }
        let isTable = old.kind.isTableDocument
        let match =
            isTable
            ? ReplacementMatch(withoutChildIDs(old), withoutChildIDs(replacement)) : ReplacementMatch(old, replacement)
        let update = SnapshotDiff.batch(from: entry.snapshot, to: match.snapshot, reloading: Set(match.updatedIDs))
        guard update.operationCount <= max(old.rowCount, 1), let result = try? entry.snapshot.applying(update) else {
            return nil
        }
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
