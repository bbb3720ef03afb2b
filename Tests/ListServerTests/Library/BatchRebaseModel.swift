// ListServerTests — the naive model the rebase property test checks the server against
import SeededRandom

/// A row and a section of the naive model of the rebase property test.
struct ModelRow: Equatable {
    var id: Int64
    var title: String
    var detail: String
}

struct ModelSection: Equatable {
    var id: Int64
    var title: String
    var rows: [ModelRow]

    /// The section without ids, as two tables are compared (a new row's id is the server's to give).
    var content: [String] { [title] + rows.map { "\($0.title)/\($0.detail)" } }
}

/// An item of a list as a batch lays it out: one that was there, or one the batch puts.
enum ModelPlace<Kept: Hashable, Placed: Hashable>: Hashable {
    case kept(Kept)
    case placed(Placed)
}

/// A row a client's batch puts: a new one (its title) or one it moves (its id).
enum ModelArrival: Hashable {
    case new(String)
    case moved(Int64)
}

/// Puts the placed items of `plan` into `now` as a client means them: right after the item the batch placed
/// before it, else right before the nearest item after it that is still there, else at the end (last in its gap
/// between the items still there, after what others put in it).
func modelPlace<Kept: Hashable, Placed: Hashable>(_ plan: [ModelPlace<Kept, Placed>], into now: inout [ModelPlace<Kept, Placed>]) {
    for (position, item) in plan.enumerated() {
        guard case .placed = item else { continue }
        let isThere = { (candidate: ModelPlace<Kept, Placed>) in
            if case .kept = candidate { now.contains(candidate) } else { false }
        }
        let at: Int
        if position > 0, case .placed = plan[position - 1] {
            at = now.firstIndex(of: plan[position - 1])! + 1
        } else if let next = plan[(position + 1)...].first(where: isThere) {
            at = now.firstIndex(of: next)!
        } else {
            at = now.count
        }
        now.insert(item, at: at)
    }
}

/// What the versions since a batch's changed, as the naive model tells it from the tables before and after each.
struct ModelChange {
    var deletedRows: Set<Int64> = []
    var written: [Int64: Set<String>] = [:]
    var deletedSections: Set<Int64> = []
    var reorderedSections: Set<Int64> = []

    init() {}

    init(from old: [ModelSection], to new: [ModelSection]) {
        let newRows = Dictionary(uniqueKeysWithValues: new.flatMap(\.rows).map { ($0.id, $0) })
        for row in old.flatMap(\.rows) {
            guard let now = newRows[row.id] else {
                deletedRows.insert(row.id)
                continue
            }
            if now.title != row.title { written[row.id, default: []].insert("title") }
            if now.detail != row.detail { written[row.id, default: []].insert("detail") }
        }
        let newSections = Dictionary(uniqueKeysWithValues: new.map { ($0.id, $0) })
        for section in old {
            guard let now = newSections[section.id] else {
                deletedSections.insert(section.id)
                continue
            }
            if now.rows.map(\.id) != section.rows.map(\.id) { reorderedSections.insert(section.id) }
        }
    }

    mutating func formUnion(_ other: ModelChange) {
        deletedRows.formUnion(other.deletedRows)
        written.merge(other.written) { $0.union($1) }
        deletedSections.formUnion(other.deletedSections)
        reorderedSections.formUnion(other.reorderedSections)
    }
}

/// One client's batch in the rebase property test, made on the table of an older version: deletes, an update, a
/// move and inserts by index, or a section inserted or deleted. It keeps what it means: the rows and sections as
/// it leaves them at its version, each placed one between the ones it was between.
struct ClientBatch {
    var base: Int64
    var deletes: [Int64] = []
    var update: (id: Int64, field: String, value: String)?
    /// The rows of each section (by id) as the batch leaves them at its version.
    var layout: [(section: Int64, rows: [ModelPlace<Int64, ModelArrival>])] = []
    var insertSection: (index: Int, title: String, sections: [ModelPlace<Int64, String>])?
    var deleteSection: Int64?

    var moved: [Int64] {
        layout.flatMap(\.rows).compactMap { if case .placed(.moved(let id)) = $0 { id } else { nil } }
    }

    static func random(on model: [ModelSection], base: Int64, _ random: inout SplitMix64, name: String) -> ClientBatch {
        var batch = ClientBatch(base: base)
        if random.next() % 4 == 0 {
            if model.count > 1 && random.next() % 2 == 0 {
                batch.deleteSection = model[Int(random.next() % UInt64(model.count))].id
            } else {
                let index = Int(random.next() % UInt64(model.count + 1))
                var sections: [ModelPlace<Int64, String>] = model.map { .kept($0.id) }
                sections.insert(.placed(name), at: index)
                batch.insertSection = (index, name, sections)
            }
            return batch
        }
        var rows = model.flatMap { $0.rows.map(\.id) }.shuffled(using: &random)
        if random.next() % 2 == 0, let id = rows.popLast() { batch.deletes.append(id) }
        if random.next() % 2 == 0, let id = rows.popLast() {
            batch.update = (id, random.next() % 2 == 0 ? "title" : "detail", "\(name)u")
        }
        var arrivals: [ModelArrival] = []
        if random.next() % 2 == 0, let id = rows.popLast() { arrivals.append(.moved(id)) }
        for k in 0..<Int(random.next() % 3) { arrivals.append(.new("\(name)n\(k)")) }
        // A batch without operations asks whether its version is current; this one has at least one.
        if arrivals.isEmpty && batch.deletes.isEmpty && batch.update == nil { arrivals.append(.new("\(name)n")) }
        let removed = Set(batch.deletes + arrivals.compactMap { if case .moved(let id) = $0 { id } else { nil } })
        var layout = model.map { section in
            (section: section.id, rows: section.rows.map(\.id).filter { !removed.contains($0) }.map(ModelPlace<Int64, ModelArrival>.kept))
        }
        for arrival in arrivals {
            let section = Int(random.next() % UInt64(layout.count))
            layout[section].rows.insert(.placed(arrival), at: Int(random.next() % UInt64(layout[section].rows.count + 1)))
        }
        batch.layout = layout
        return batch
    }

    /// The batch's JSON, with the index paths of its version.
    var json: String {
        var members = [#""baseVersion":\#(base)"#]
        if let deleteSection { members.append(#""deleteSections":[\#(deleteSection)]"#) }
        if let insertSection {
            members.append(#""insertSections":[{"section":\#(insertSection.index),"fields":{"title":"\#(insertSection.title)"}}]"#)
        }
        if !deletes.isEmpty { members.append(#""deleteRows":[\#(deletes.map(String.init).joined(separator: ","))]"#) }
        if let update { members.append(#""updateRows":[{"id":\#(update.id),"fields":{"\#(update.field)":"\#(update.value)"}}]"#) }
        var moves: [String] = [], inserts: [String] = []
        for (section, (_, rows)) in layout.enumerated() {
            for (row, item) in rows.enumerated() {
                switch item {
                case .placed(.moved(let id)): moves.append(#"{"id":\#(id),"toSection":\#(section),"toRow":\#(row)}"#)
                case .placed(.new(let title)):
                    inserts.append(#"{"section":\#(section),"row":\#(row),"fields":{"title":"\#(title)","detail":"d"}}"#)
                case .kept: break
                }
            }
        }
        if !moves.isEmpty { members.append(#""moveRows":[\#(moves.joined(separator: ","))]"#) }
        if !inserts.isEmpty { members.append(#""insertRows":[\#(inserts.joined(separator: ","))]"#) }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// Whether the changes since its version are a real conflict: a row it names deleted, the field it updates
    /// written, a section it puts rows in deleted, a section it deletes deleted or given other rows.
    func conflicts(with since: ModelChange) -> Bool {
        let named = deletes + moved + (update.map { [$0.id] } ?? [])
        if named.contains(where: since.deletedRows.contains) { return true }
        if let update, since.written[update.id]?.contains(update.field) == true { return true }
        for (section, rows) in layout where since.deletedSections.contains(section) {
            if rows.contains(where: { if case .placed = $0 { true } else { false } }) { return true }
        }
        if let deleteSection {
            return since.deletedSections.contains(deleteSection) || since.reorderedSections.contains(deleteSection)
        }
        return false
    }

    /// `model` (the current table) with the batch applied as the client meant it.
    func applied(to model: [ModelSection]) -> [ModelSection] {
        var sections = model
        if let deleteSection { sections.removeAll { $0.id == deleteSection } }
        if let insertSection {
            var now: [ModelPlace<Int64, String>] = sections.map { .kept($0.id) }
            modelPlace(insertSection.sections, into: &now)
            sections = now.map { item in
                switch item {
                case .kept(let id): sections.first { $0.id == id }!
                case .placed(let title): ModelSection(id: 0, title: title, rows: [])
                }
            }
        }
        var moving: [Int64: ModelRow] = [:]
        for index in sections.indices {
            for row in sections[index].rows where moved.contains(row.id) { moving[row.id] = row }
            sections[index].rows.removeAll { deletes.contains($0.id) || moved.contains($0.id) }
        }
        if let update {
            func write(_ row: inout ModelRow) {
                if update.field == "title" { row.title = update.value } else { row.detail = update.value }
            }
            if moving[update.id] != nil { write(&moving[update.id]!) }
            for s in sections.indices {
                for r in sections[s].rows.indices where sections[s].rows[r].id == update.id { write(&sections[s].rows[r]) }
            }
        }
        for (id, rows) in layout where rows.contains(where: { if case .placed = $0 { true } else { false } }) {
            guard let index = sections.firstIndex(where: { $0.id == id }) else { continue }
            let old = sections[index].rows
            var now: [ModelPlace<Int64, ModelArrival>] = old.map { .kept($0.id) }
            modelPlace(rows, into: &now)
            sections[index].rows = now.map { item in
                switch item {
                case .kept(let id): old.first { $0.id == id }!
                case .placed(.new(let title)): ModelRow(id: 0, title: title, detail: "d")
                case .placed(.moved(let id)): moving[id]!
                }
            }
        }
        return sections
    }
}
