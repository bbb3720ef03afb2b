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
}
