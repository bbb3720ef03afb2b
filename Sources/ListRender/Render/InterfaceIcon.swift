// ListRender — the icons the renderer draws itself, and where they are served

/// The icons the renderer draws itself: files in `Public/icons/`, written under the buffer's
/// ``HTMLBuffer/iconDirectory``.
public enum InterfaceIcon: CaseIterable, Sendable {
    /// The arrow of a collapsible section header.
    case disclosure
    /// The chevron of a row that opens another screen.
    case chevron
    /// The checkmark of a chosen row.
    case checkmark
    /// The ⓘ of a detail button.
    case info
    /// A read message.
    case message
    /// An unread message.
    case messageUnread

    /// The icon's file name in `Public/icons/`, without `.svg`.
    public var name: StaticString {
        switch self {
        case .disclosure: "disclosure"
        case .chevron: "chevron"
        case .checkmark: "checkmark"
        case .info: "info"
        case .message: "message"
        case .messageUnread: "message-unread"
        }
    }
}

extension HTMLBuffer {
    /// Appends a built-in icon's URL, ``iconDirectory`` then `NAME.svg`, which needs no escaping in an
    /// attribute.
    /// - Complexity: O(1).
    @inline(__always)
    public mutating func url(of icon: InterfaceIcon) {
        raw(bytes: iconDirectory.bytes)
        raw(icon.name)
        raw(".svg")
    }
}
