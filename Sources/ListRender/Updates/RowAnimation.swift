// ListRender — how rows enter and leave in a batch update (UITableViewRowAnimation)
import Models

/// How the rows of a batch update enter and leave, as `UITableView.RowAnimation` names it: the rows
/// around them slide to their new places whichever is chosen.
public enum RowAnimation: String, Sendable, Hashable, CaseIterable {
    /// Fades in or out.
    case fade
    /// Slides in from the right or out to the right.
    case right
    /// Slides in from the left or out to the left.
    case left
    /// Slides in from above or out upwards.
    case top
    /// Slides in from below or out downwards.
    case bottom
    /// Grows from or shrinks to the row's middle.
    case middle
    /// No animation of the rows themselves.
    case none
    /// The table picks: a fade.
    case automatic
}
