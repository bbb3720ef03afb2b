// ListRender — the vertical extent of something in a table's content

/// The vertical extent of something in a table's content: its top `y` and its `height`, in the
/// same units as the heights given to `TableLayout` (points, pixels). Widths are the page's.
public struct TableFrame: Sendable, Hashable, CustomStringConvertible {
    /// The top edge, from the top of the content.
    public var y: Double
    /// The height; 0 for a header, footer or row that is not drawn.
    public var height: Double

    /// - Parameters:
    ///   - y: the top edge, from the top of the content.
    ///   - height: the height.
    public init(y: Double, height: Double) {
        self.y = y
        self.height = height
    }

    /// The bottom edge.
    public var maxY: Double { y + height }

    /// The middle.
    public var midY: Double { y + height / 2 }

    /// Whether both frames have a height and overlap; frames that only touch do not
    /// (as `CGRect.intersects`).
    public func intersects(_ other: TableFrame) -> Bool {
        height > 0 && other.height > 0 && y < other.maxY && other.y < maxY
    }

    public var description: String { "(y: \(y), height: \(height))" }
}
