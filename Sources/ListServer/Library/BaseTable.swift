// Library — the table at a batch's version, rebuilt from the current one and the change log
import ListRender
import ListStore
import Models

/// The table at the version a batch was made on, as far as its places need it: the order of the sections and
/// the rows of a section, rebuilt from the current table and the logged changes since.
///
/// Each logged change holds the order after it of every section whose rows it changed (and of the sections,
/// when it inserted or deleted some), so a section's order at the batch's version is the one before the first
/// change since that touched it: that order with the rows the change put in taken out and the rows it took out
/// put back at their places, as the change's event tells them. A row deleted in a run (`deleteRanges`) comes back
/// without its id: it is gone, so nothing lands by it. The changes come without their row orders
/// (``LoggedChange``); the one order a section needs is read with `rowOrder`.
struct BaseTable {
    let current: TableSnapshot
    /// The changes after the version, oldest first.
    let log: [LoggedChange]
    /// The order of a section's rows after the change that led to a version, as the store logged it; nil when it
    /// does not read.
    let rowOrder: (_ version: Int64, _ section: SectionID) -> [RowID]?
    /// The order of the sections at the version.
    let sections: [SectionID]

    /// - Returns: nil when an event the order needs does not read or does not fit the change.
    /// - Complexity: O(S + E) for S sections and E bytes of the first event that inserted or deleted sections.
    init?(current: TableSnapshot, log: [LoggedChange], rowOrder: @escaping (Int64, SectionID) -> [RowID]?) {
        self.current = current
        self.log = log
        self.rowOrder = rowOrder
        guard let first = log.firstIndex(where: { $0.sectionOrder != nil }) else {
            sections = current.sections.map(\.id)
            return
        }
        guard let after = log[first].sectionOrder, let steps = LoggedSteps(log[first].payload) else { return nil }
        let arrived = Set(steps.sectionArrivals)
        var order = after.filter { !arrived.contains($0) }
        for (index, id) in steps.sectionRemovals.sorted(by: { $0.index < $1.index }) {
            guard index >= 0, index <= order.count else { return nil }
            order.insert(id, at: index)
        }
        sections = order
    }

    /// The order of the sections after the change `log[position]` (before the first one for -1).
    /// - Complexity: O(position).
    private func sections(after position: Int) -> [SectionID] {
        guard position >= 0 else { return sections }
        return log[...position].last(where: { $0.sectionOrder != nil })?.sectionOrder ?? sections
    }

    /// The rows of `section` at the version, nil for a row whose id the log does not keep.
    /// - Returns: nil when the section was not there, or an event does not read or fit its change.
    /// - Complexity: O(V + S + R + E) for V changes since, S sections, R rows and E bytes of the event of the
    ///   first change that touched the section, plus reading that change's order of the section.
    func rows(of section: SectionID) -> [RowID?]? {
        guard let first = log.firstIndex(where: { $0.reorderedSections.contains(section) }) else {
            return current.sectionIndex(for: section).map { current.sections[$0].rows.map(Optional.some) }
        }
        guard let after = rowOrder(log[first].version, section), let steps = LoggedSteps(log[first].payload),
            let before = sections(after: first - 1).firstIndex(of: section)
        else { return nil }
        let now = sections(after: first).firstIndex(of: section)
        let arrived = Set(steps.arrivals.filter { $0.section == now }.map(\.id))
        var rows: [RowID?] = after.filter { !arrived.contains($0) }
        for removal in steps.removals.filter({ $0.section == before }).sorted(by: { $0.row < $1.row }) {
            guard removal.row >= 0, removal.row <= rows.count else { return nil }
            rows.insert(removal.id, at: removal.row)
        }
        return rows
    }
}

/// What one logged change did to places, as its `change` event tells it (``PlannedBatch``): rows taken out at
/// their index paths before it, rows put in at their sections after it, sections taken out and put in.
struct LoggedSteps {
    /// Deleted rows and move sources; nil ids inside a deleted run.
    var removals: [(section: Int, row: Int, id: RowID?)] = []
    /// Inserted rows and move destinations, with their sections after the change.
    var arrivals: [(section: Int, id: RowID)] = []
    var sectionRemovals: [(index: Int, id: SectionID)] = []
    var sectionArrivals: [SectionID] = []

    /// Reads an event.
    /// - Returns: nil when it is not a `change` event's JSON.
    /// - Complexity: O(bytes + rows of its deleted runs).
    init?(_ payload: [UInt8]) {
        guard case .dict(let event)? = try? JSONReader.read(payload) else { return nil }
        func objects(_ key: String) -> [Fields] {
            guard case .array(let items)? = event[key] else { return [] }
            return items.compactMap { if case .dict(let fields) = $0 { fields } else { nil } }
        }
        func int(_ fields: Fields, _ key: String) -> Int? { fields[key]?.integer.flatMap { Int(exactly: $0) } }
        for delete in objects("deletes") {
            guard let section = int(delete, "section"), let row = int(delete, "row"), let id = int(delete, "id") else { return nil }
            removals.append((section, row, RowID(Int64(id))))
        }
        for range in objects("deleteRanges") {
            guard let section = int(range, "section"), let row = int(range, "row"), let count = int(range, "count"),
                let first = int(range, "fromId"), let last = int(range, "toId"), count > 0
            else { return nil }
            for offset in 0..<count {
                let id: RowID? = offset == 0 ? RowID(Int64(first)) : offset == count - 1 ? RowID(Int64(last)) : nil
                removals.append((section, row + offset, id))
            }
        }
        for insert in objects("inserts") {
            guard let section = int(insert, "section"), let id = int(insert, "id") else { return nil }
            arrivals.append((section, RowID(Int64(id))))
        }
        for move in objects("moves") {
            guard let id = int(move, "id"), let from = int(move, "fromSection"), let row = int(move, "fromRow"),
                let to = int(move, "toSection")
            else { return nil }
            removals.append((from, row, RowID(Int64(id))))
            arrivals.append((to, RowID(Int64(id))))
        }
        for delete in objects("sectionDeletes") {
            guard let index = int(delete, "section"), let id = int(delete, "id") else { return nil }
            sectionRemovals.append((index, SectionID(Int64(id))))
        }
        for insert in objects("sectionInserts") {
            guard let id = int(insert, "id") else { return nil }
            sectionArrivals.append(SectionID(Int64(id)))
        }
    }
}
