// ListRender — the headers, rows and footers a fragment is written from
import Bytes
import Models

/// The headers, rows and footers of a window in table order, each list by index: what
/// ``FragmentRenderer`` reads, one item at a time, as it writes.
///
/// ``FragmentWindow`` is one, from its arrays. A server can be another, building each item from its
/// dataset and layout only when the renderer asks for it, so that no window of item values is built
/// and copied first. The sections, heights and frames must be the window's; the renderer interleaves
/// the three lists by section (a section's header, its rows, its footer).
public protocol FragmentItems {
    var headerCount: Int { get }
    var rowCount: Int { get }
    var footerCount: Int { get }
    /// The section index of a header, row or footer, read to interleave the lists.
    func headerSection(at index: Int) -> Int
    func rowSection(at index: Int) -> Int
    func footerSection(at index: Int) -> Int
    /// The height of a header or footer: one of zero height is not written (nor built).
    func headerHeight(at index: Int) -> Double
    func footerHeight(at index: Int) -> Double
    func header(at index: Int) -> FragmentHeader
    func row(at index: Int) -> FragmentRow
    func footer(at index: Int) -> FragmentFooter
    /// Writes row `index` as ``FragmentRenderer/renderRow(_:cell:isGrouped:into:)`` does. The default
    /// writes ``row(at:)``; an implementation that builds its rows can hand one to the renderer where it
    /// is built, rather than return it through the protocol first.
    func renderRow(at index: Int, cell: CellKind, isGrouped: Bool, into html: inout HTMLBuffer)
    /// Writes header `index` as ``FragmentRenderer/renderHeader(_:kind:isGrouped:into:)`` does. The default
    /// writes ``header(at:)``; an implementation can lend the header instead (``FragmentHeader/Lent``).
    func renderHeader(at index: Int, kind: DatasetKind, isGrouped: Bool, into html: inout HTMLBuffer)
    /// Writes the rows `indices`, all of one section, as ``renderRow(at:cell:isGrouped:into:)`` writes each.
    /// The default writes them one by one; an implementation that reads a section's rows through one
    /// buffer can reach it once for them all.
    func renderRows(_ indices: Range<Int>, cell: CellKind, isGrouped: Bool, into html: inout HTMLBuffer)
}

extension FragmentItems {
    @inlinable
    public func renderRow(at index: Int, cell: CellKind, isGrouped: Bool, into html: inout HTMLBuffer) {
        FragmentRenderer.renderRow(row(at: index), cell: cell, isGrouped: isGrouped, into: &html)
    }

    @inlinable
    public func renderHeader(at index: Int, kind: DatasetKind, isGrouped: Bool, into html: inout HTMLBuffer) {
        FragmentRenderer.renderHeader(header(at: index), kind: kind, isGrouped: isGrouped, into: &html)
    }

    @inlinable
    public func renderRows(_ indices: Range<Int>, cell: CellKind, isGrouped: Bool, into html: inout HTMLBuffer) {
        for index in indices { renderRow(at: index, cell: cell, isGrouped: isGrouped, into: &html) }
    }
}

extension FragmentWindow: FragmentItems {
    public var headerCount: Int { headers.count }
    public var rowCount: Int { rows.count }
    public var footerCount: Int { footers.count }
    public func headerSection(at index: Int) -> Int { headers[index].section }
    public func rowSection(at index: Int) -> Int { rows[index].indexPath.section }
    public func footerSection(at index: Int) -> Int { footers[index].section }
    public func headerHeight(at index: Int) -> Double { headers[index].height }
    public func footerHeight(at index: Int) -> Double { footers[index].height }
    public func header(at index: Int) -> FragmentHeader { headers[index] }
    public func row(at index: Int) -> FragmentRow { rows[index] }
    public func renderRow(at index: Int, cell: CellKind, isGrouped: Bool, into html: inout HTMLBuffer) {
        rows.withUnsafeBufferPointer { rows in
            // In bounds: the renderer asks only for indices below `rowCount`.
            FragmentRenderer.renderRow(at: rows.address(at: index), cell: cell, isGrouped: isGrouped, into: &html)
        }
    }
    public func footer(at index: Int) -> FragmentFooter { footers[index] }
}
