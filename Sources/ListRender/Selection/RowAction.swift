// ListRender — A button revealed by swiping a row

/// A button revealed by swiping a row, as `UIContextualAction`: a title, a style and the id of
/// the handler the client runs when it is tapped.
public struct RowAction: Sendable, Hashable {
    /// How the button looks.
    public enum Style: String, Sendable, Hashable {
        /// A neutral button.
        case normal
        /// A red button for an action that destroys data.
        case destructive
    }

    /// The handler id of the default Delete action; committing it deletes the row.
    public static let deleteHandlerID = "delete"

    public var title: String
    public var style: Style
    public var handlerID: String

    /// Creates an action.
    /// - Parameters:
    ///   - title: the button's text.
    ///   - style: normal or destructive.
    ///   - handlerID: what the client does when the button is tapped.
    public init(title: String, style: Style = .normal, handlerID: String) {
        self.title = title
        self.style = style
        self.handlerID = handlerID
    }
}
