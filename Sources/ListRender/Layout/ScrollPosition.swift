// ListRender — where a row should end up in the viewport when the table scrolls to it

/// Where a row should end up in the viewport when the table scrolls to it
/// (`UITableView.ScrollPosition`).
public enum ScrollPosition: String, Sendable, Hashable, CaseIterable {
    /// Scroll as little as makes the row fully visible; not at all when it already is.
    case none
    /// The row's top at the top of the viewport (below the pinned header in plain style).
    case top
    /// The row centred in the viewport.
    case middle
    /// The row's bottom at the bottom of the viewport (above the pinned footer in plain style).
    case bottom
}
