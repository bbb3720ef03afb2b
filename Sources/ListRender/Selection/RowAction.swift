// ListRender — A button revealed by swiping a row
import Models

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
    /// What the handler does to the row: delete it, set keys or move it (a dataset's row actions).
    public var effect: SwipeAction.Effect

    /// Creates an action.
    /// - Parameters:
    ///   - title: the button's text.
    ///   - style: normal or destructive.
    ///   - handlerID: what the client does when the button is tapped.
    ///   - effect: what the handler does; deleting by default.
    public init(title: String, style: Style = .normal, handlerID: String, effect: SwipeAction.Effect = .delete) {
        self.title = title
        self.style = style
        self.handlerID = handlerID
        self.effect = effect
    }

    /// The action a dataset describes (``SwipeAction``), titled for `language`, its handler named by its
    /// side and place (`trailing.1`), or ``deleteHandlerID`` when it deletes.
    public init(_ action: SwipeAction, handlerID: String, language: UILanguage = .english) {
        self.init(
            title: action.title.text(in: language), style: action.style == .destructive ? .destructive : .normal,
            handlerID: action.effect == .delete ? Self.deleteHandlerID : handlerID, effect: action.effect)
    }
}
