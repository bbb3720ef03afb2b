// Library — a batch of changes
import ListRender
import Models

/// One batch of changes to a dataset, as a client sent it: what to delete, insert, move and update,
/// and the version it was made against. Ids and indexes are checked against the dataset when the
/// batch is planned (``BatchPlanner``); the web layer reads it from JSON (`BatchRequest+JSON.swift`).
struct BatchRequest: Sendable, Equatable {
    struct RowInsert: Sendable, Equatable {
        var section: Int
        var row: Int
        /// The new row's fields; keys sent as `null` are left out.
        var fields: Fields
    }

    struct RowMove: Sendable, Equatable {
        var id: RowID
        var toSection: Int
        var toRow: Int
    }

    struct RowUpdate: Sendable, Equatable {
        var id: RowID
        /// The keys to set; a `null` value removes the key.
        var fields: Fields
    }

    struct SectionInsert: Sendable, Equatable {
        var section: Int
        /// The new section's fields (its group's name, …); keys sent as `null` are left out.
        var fields: Fields
    }

    /// A tap on a row action (a swipe's button): the row, the side its button is on and its index there.
    /// The planner turns it into the action's delete, update or move.
    struct RowActionRun: Sendable, Equatable {
        enum Edge: String, Sendable, Equatable {
            case trailing
            case leading
        }

        var id: RowID
        var edge: Edge
        var index: Int
    }

    var baseVersion: Int64
    var deleteRows: [RowID] = []
    var insertRows: [RowInsert] = []
    var moveRows: [RowMove] = []
    var updateRows: [RowUpdate] = []
    var deleteSections: [SectionID] = []
    var insertSections: [SectionInsert] = []
    /// Row actions to run, each becoming one of the operations above.
    var rowActions: [RowActionRun] = []
    /// How every open page animates the rows that come and go.
    var animation: RowAnimation = .automatic
    /// Table documents: the child table the operations apply to (`"child": "12~40"`); empty for the
    /// dataset's own table.
    var child = ChildAddress()

    /// The most operations one batch may hold, all lists together.
    static let maximumOperations = 100_000
    /// The largest section or row index a batch may name.
    static let maximumIndex = Int64(Int32.max)

    var operationCount: Int {
        deleteRows.count + insertRows.count + moveRows.count + updateRows.count + deleteSections.count
            + insertSections.count + rowActions.count
    }
}
