// ListRender — one primitive change of a resolved batch
import Models

/// One primitive change of a resolved batch, in an order a geometry layout can replay one by one.
///
/// ``BatchResult/steps`` lists, in this order:
/// 1. `removeRow` for every deleted row and every moved row's source, by descending index path
///    before the batch (so each index is still valid when its step runs);
/// 2. `removeSection` for every deleted section and every moved section's source, by descending
///    index before the batch;
/// 3. `insertSection` for every inserted section (empty) and every moved section's destination,
///    by ascending index after the batch;
/// 4. `insertRow` for every inserted row and every moved row's destination, by ascending index
///    path after the batch.
///
/// A move is the pair of a removal and an insertion with `isMove == true` and the same id, so a
/// layout can keep what it measured (a row's height, a section with its rows) across the pair.
/// A moved section comes back with the rows it kept: rows moved out of it or deleted from it were
/// removed before it, rows moved or inserted into it are inserted after it.
public enum BatchStep: Sendable, Hashable {
    case removeRow(at: IndexPath, id: RowID, isMove: Bool)
    case removeSection(at: Int, id: SectionID, isMove: Bool)
    case insertSection(at: Int, id: SectionID, isMove: Bool)
    case insertRow(at: IndexPath, id: RowID, isMove: Bool)
}
