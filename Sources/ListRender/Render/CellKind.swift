// ListRender — the reusable cell a row is drawn with
import Models

/// The reusable cell a row is drawn with, as a `UITableViewCell` reuse identifier: the page keeps one
/// pool of row elements per cell kind and refills them when rows scroll in and out.
public enum CellKind: String, Sendable, CaseIterable {
    /// Subtitle cell with icon, name (red when VIP) and intro.
    case friend
    /// Custom cell with icon, name, title, tags and a multi-line description.
    case hero
    /// Icon, name, `size M · download downloads` and a Download button.
    case app
    /// Icon, unread dot, title, date and content.
    case message
    /// Title and subtitle.
    case basic
    /// A table document's `UITableViewCell`: its style, image, labels and accessory.
    case table

    /// The cell kind of every row of a dataset kind.
    public init(_ kind: DatasetKind) {
        switch kind {
        case .friends: self = .friend
        case .heroes: self = .hero
        case .apps: self = .app
        case .messages: self = .message
        case .generic: self = .basic
        case .table, .settings: self = .table
        }
    }

    /// Writes the opening of a row's element up to its class list, left open for the row's position
    /// classes: each kind's its own literal, copied with its length known.
    @inline(__always)
    func writeRowOpening(into out: inout HTMLCursor) {
        switch self {
        case .friend: out.raw("<div role=\"row\" data-cell=\"friend\" class=\"row c-friend")
        case .hero: out.raw("<div role=\"row\" data-cell=\"hero\" class=\"row c-hero")
        case .app: out.raw("<div role=\"row\" data-cell=\"app\" class=\"row c-app")
        case .message: out.raw("<div role=\"row\" data-cell=\"message\" class=\"row c-message")
        case .basic: out.raw("<div role=\"row\" data-cell=\"basic\" class=\"row c-basic")
        case .table: out.raw("<div role=\"row\" data-cell=\"table\" class=\"row c-table")
        }
    }
}
