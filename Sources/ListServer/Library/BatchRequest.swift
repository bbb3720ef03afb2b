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
        /// A row brought back by `restoreRows`: the id it had; nil for a new row, which gets a new id.
        var id: RowID? = nil
    }

    /// Where a row goes, named by its neighbours in the table as the rest of the batch leaves it: right after
    /// `after` when that row is there, else right before `before`, else at the index path the operation gives.
    /// Neighbours name a place that other clients' inserts and deletes do not move (``BatchRebase``).
    struct Neighbours: Sendable, Equatable {
        var after: RowID?
        var before: RowID?

        var isEmpty: Bool { after == nil && before == nil }
    }

    /// A deleted row brought back (an undo): the same id, all its fields, placed by its neighbours.
    struct RowRestore: Sendable, Equatable {
        var id: RowID
        var section: Int
        var row: Int
        var fields: Fields
        var neighbours = Neighbours()
    }

    struct RowMove: Sendable, Equatable {
        var id: RowID
        var toSection: Int
        var toRow: Int
        /// Neighbours that name the destination instead of `toSection`/`toRow`, when one of them is there.
        var neighbours = Neighbours()
        /// The move undoes (or redoes) a row action's move: it needs no `canMove` when the row has a `moveTo`
        /// action, as the action's own move did not.
        var byAction = false
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

    /// Rows a delete names at once (`deleteRows` items that are objects), resolved against the batch's version, so
    /// a selection of any size travels as a few runs: every row of a section, or of a run of sections, or every row
    /// from one to another in table order, each but the rows it excepts.
    struct RowRun: Sendable, Equatable {
        enum Bounds: Sendable, Equatable {
            /// Every row of the sections from the one to the other (`{"section": A, "toSection": B}`), either first.
            case sections(SectionID, SectionID)
            /// Every row from the one to the other (`{"from": a, "to": b}`), either first, across sections.
            case rows(RowID, RowID)
        }

        var bounds: Bounds
        /// Rows of the run that stay.
        var except: [RowID] = []
        /// Where the client wrote it in `deleteRows`.
        var position: Int
    }

    var baseVersion: Int64
    var deleteRows: [RowID] = []
    /// The runs of `deleteRows`, kept apart from its ids.
    var deleteRuns: [RowRun] = []
    /// Where each of `deleteRows` stands in the client's list when runs are mixed in; empty when it holds ids only.
    var deleteRowPositions: [Int] = []
    var insertRows: [RowInsert] = []
    var moveRows: [RowMove] = []
    var updateRows: [RowUpdate] = []
    var deleteSections: [SectionID] = []
    var insertSections: [SectionInsert] = []
    /// Deleted rows brought back with their ids (``BatchPlanner/placingByNeighbours(_:)``).
    var restoreRows: [RowRestore] = []
    /// Row actions to run, each becoming one of the operations above.
    var rowActions: [RowActionRun] = []
    /// How every open page animates the rows that come and go.
    var animation: RowAnimation = .automatic
    /// Table documents: the child table the operations apply to (`"child": "12~40"`); empty for the
    /// dataset's own table.
    var child = ChildAddress()
    /// Whether the reply carries the batch that undoes this one (``BatchInverse``).
    var undoable = false
    /// Versions after ``baseVersion`` the client has seen (the ones its own earlier batches gave), ascending:
    /// their changes are no conflict, while anyone else's since ``baseVersion`` are checked as usual.
    var seenVersions: Set<Int64> = []

    /// The most operations one batch may hold, all lists together.
    static let maximumOperations = 100_000
    /// The largest section or row index a batch may name.
    static let maximumIndex = Int64(Int32.max)

    /// The key path of `deleteRows[index]` as the client wrote it (an id added later comes after the client's list).
    func deleteRowPath(_ index: Int) -> String {
        "deleteRows[\(index < deleteRowPositions.count ? deleteRowPositions[index] : index + deleteRuns.count)]"
    }

    var operationCount: Int {
        deleteRows.count + deleteRuns.count + insertRows.count + moveRows.count + updateRows.count + deleteSections.count
            + insertSections.count + rowActions.count + restoreRows.count
    }
}
