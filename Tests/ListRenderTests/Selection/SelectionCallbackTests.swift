// ListRenderTests — four rows in one section, ids 1...4, and two in another, ids 5...6
import Models
import Testing

@testable import ListRender

/// Four rows in one section, ids 1...4, and two in another, ids 5...6.
private let table = makeSnapshot([[1, 2, 3, 4], [5, 6]])

/// Hooks that write every call they get to `log`, in the words of ``SelectionEvent``.
private func recordingHooks(
    _ log: Log, willSelect: @escaping (IndexPath) -> IndexPath? = { $0 },
    willDeselect: @escaping (IndexPath) -> IndexPath? = { $0 }
) -> SelectionHooks {
    SelectionHooks(
        willSelectRow: {
            log.events.append(.willSelect($0))
            return willSelect($0)
        },
        didSelectRow: { log.events.append(.didSelect($0)) },
        willDeselectRow: {
            log.events.append(.willDeselect($0))
            return willDeselect($0)
        },
        didDeselectRow: { log.events.append(.didDeselect($0)) })
}

private final class Log {
    var events: [SelectionEvent] = []
}

@Test("single selection: a new row gets willSelect, the old one willDeselect and didDeselect, then didSelect")
func singleSelectionOrder() {
    var selection = TableSelection()
    let log = Log()
    #expect(
        selection.tapRow(at: path(0, 0), in: table, hooks: recordingHooks(log)) == [
            .willSelect(path(0, 0)), .didSelect(path(0, 0)),
        ])
    let events = selection.tapRow(at: path(0, 1), in: table, hooks: recordingHooks(log))
    #expect(
        events == [
            .willSelect(path(0, 1)), .willDeselect(path(0, 0)), .didDeselect(path(0, 0)), .didSelect(path(0, 1)),
        ])
    #expect(log.events == [.willSelect(path(0, 0)), .didSelect(path(0, 0))] + events)
    #expect(selection.selectedRowIDs == [RowID(2)])
}

@Test("tapping the selected row in single selection calls willSelect and didSelect again and keeps it")
func retappingSelectedRowSelectsAgain() {
    var selection = TableSelection()
    selection.tapRow(at: path(1, 0), in: table)
    #expect(selection.tapRow(at: path(1, 0), in: table) == [.willSelect(path(1, 0)), .didSelect(path(1, 0))])
    #expect(selection.selectedRowIDs == [RowID(5)])
}

@Test("willSelect returning nil cancels the tap and the previous row stays selected")
func willSelectCanCancel() {
    var selection = TableSelection()
    selection.tapRow(at: path(0, 0), in: table)
    let log = Log()
    let events = selection.tapRow(at: path(0, 2), in: table, hooks: recordingHooks(log, willSelect: { _ in nil }))
    #expect(events == [.willSelect(path(0, 2))])
    #expect(log.events == events)
    #expect(selection.selectedRowIDs == [RowID(1)])
}

@Test("willSelect can redirect the selection to another row")
func willSelectCanRedirect() {
    var selection = TableSelection()
    selection.tapRow(at: path(0, 0), in: table)
    let events = selection.tapRow(at: path(0, 2), in: table, hooks: SelectionHooks(willSelectRow: { _ in path(1, 1) }))
    #expect(
        events == [
            .willSelect(path(0, 2)), .willDeselect(path(0, 0)), .didDeselect(path(0, 0)), .didSelect(path(1, 1)),
        ])
    #expect(selection.selectedRowIDs == [RowID(6)])
}

@Test("willDeselect returning nil keeps the old row selected next to the new one, as UIKit does")
func willDeselectCanRefuse() {
    var selection = TableSelection()
    selection.tapRow(at: path(0, 0), in: table)
    let events = selection.tapRow(at: path(0, 1), in: table, hooks: SelectionHooks(willDeselectRow: { _ in nil }))
    #expect(events == [.willSelect(path(0, 1)), .willDeselect(path(0, 0)), .didSelect(path(0, 1))])
    #expect(selection.selectedRowIDs == [RowID(1), RowID(2)])
}

@Test("in single selection every other selected row is asked in ascending order")
func otherRowsDeselectInOrder() {
    var selection = TableSelection()
    selection.tapRow(at: path(1, 0), in: table)
    selection.tapRow(at: path(0, 3), in: table, hooks: SelectionHooks(willDeselectRow: { _ in nil }))
    let events = selection.tapRow(at: path(0, 0), in: table)
    #expect(
        events == [
            .willSelect(path(0, 0)), .willDeselect(path(0, 3)), .didDeselect(path(0, 3)),
            .willDeselect(path(1, 0)), .didDeselect(path(1, 0)), .didSelect(path(0, 0)),
        ])
}

@Test("multiple selection: tapping rows adds them, tapping a selected row deselects it")
func multipleSelectionToggles() {
    var selection = TableSelection(allowsMultipleSelection: true)
    #expect(selection.tapRow(at: path(0, 0), in: table) == [.willSelect(path(0, 0)), .didSelect(path(0, 0))])
    #expect(selection.tapRow(at: path(1, 1), in: table) == [.willSelect(path(1, 1)), .didSelect(path(1, 1))])
    #expect(selection.selectedRowIDs == [RowID(1), RowID(6)])
    #expect(selection.tapRow(at: path(0, 0), in: table) == [.willDeselect(path(0, 0)), .didDeselect(path(0, 0))])
    #expect(selection.selectedRowIDs == [RowID(6)])
}

@Test("in multiple selection willDeselect can cancel or redirect a deselection")
func multipleSelectionWillDeselectHooks() {
    var selection = TableSelection(allowsMultipleSelection: true)
    selection.tapRow(at: path(0, 0), in: table)
    selection.tapRow(at: path(0, 1), in: table)
    #expect(
        selection.tapRow(at: path(0, 0), in: table, hooks: SelectionHooks(willDeselectRow: { _ in nil }))
            == [.willDeselect(path(0, 0))])
    #expect(selection.selectedRowIDs == [RowID(1), RowID(2)])
    let redirected = SelectionHooks(willDeselectRow: { _ in path(0, 1) })
    #expect(
        selection.tapRow(at: path(0, 0), in: table, hooks: redirected)
            == [.willDeselect(path(0, 0)), .didDeselect(path(0, 1))])
    #expect(selection.selectedRowIDs == [RowID(1)])
    let toUnselected = SelectionHooks(willDeselectRow: { _ in path(1, 0) })
    #expect(selection.tapRow(at: path(0, 0), in: table, hooks: toUnselected) == [.willDeselect(path(0, 0))])
    #expect(selection.selectedRowIDs == [RowID(1)])
}

@Test("when selection is not allowed a tap calls no hook and changes nothing")
func tapWithoutSelectionDoesNothing() {
    var selection = TableSelection(allowsSelection: false)
    let log = Log()
    #expect(selection.tapRow(at: path(0, 0), in: table, hooks: recordingHooks(log)).isEmpty)
    #expect(log.events.isEmpty && selection.selectedRowIDs.isEmpty)
}

@Test(
    "every sequence of up to 4 taps on 3 rows leaves the last row in single selection and the odd-tapped rows in multiple"
)
func everyTapSequence() {
    let rows = makeSnapshot([[1, 2, 3]])
    var sequences: [[Int]] = [[]]
    var longest: [[Int]] = [[]]
    for _ in 0..<4 {
        longest = longest.flatMap { taps in (0..<3).map { taps + [$0] } }
        sequences += longest
    }
    #expect(sequences.count == 1 + 3 + 9 + 27 + 81)
    for taps in sequences {
        var single = TableSelection()
        var multiple = TableSelection(allowsMultipleSelection: true)
        for row in taps {
            let singleEvents = single.tapRow(at: path(0, row), in: rows)
            #expect(singleEvents.first == .willSelect(path(0, row)) && singleEvents.last == .didSelect(path(0, row)))
            let wasSelected = multiple.isSelected(RowID(Int64(row + 1)))
            #expect(multiple.tapRow(at: path(0, row), in: rows).count == 2)
            #expect(multiple.isSelected(RowID(Int64(row + 1))) == !wasSelected)
        }
        #expect(single.selectedRowIDs == Set(taps.last.map { [RowID(Int64($0 + 1))] } ?? []))
        let odd = (0..<3).filter { row in taps.filter { $0 == row }.count % 2 == 1 }
        #expect(multiple.selectedRowIDs == Set(odd.map { RowID(Int64($0 + 1)) }))
    }
}
