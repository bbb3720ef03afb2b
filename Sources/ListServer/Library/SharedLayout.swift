// ListServer — a table layout held by reference

import ListRender

/// A table layout held by reference, as an entry keeps its layouts: a window takes one reference to the
/// layout it reads, where a copy of the layout would retain and release each of its arrays, which every
/// thread serving the dataset shares.
final class SharedLayout: Sendable {
    let layout: TableLayout

    init(_ layout: TableLayout) {
        self.layout = layout
    }

    // The frames below are read where this object keeps the layout: a call on `layout` itself copied the
    // layout first, retaining and releasing each of its arrays.

    /// ``TableLayout/rectForHeader(inSection:)``, read in place.
    func rectForHeader(inSection section: Int) -> TableFrame {
        withUnsafePointer(to: layout) { $0.pointee.rectForHeader(inSection: section) }
    }

    /// ``TableLayout/rectForSection(_:)``, read in place.
    func rectForSection(_ section: Int) -> TableFrame {
        withUnsafePointer(to: layout) { $0.pointee.rectForSection(section) }
    }
}
