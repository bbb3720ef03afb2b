// Models — the row actions a swipe reveals, as a dataset describes them

/// One button a swipe reveals, as `UITableViewRowAction` / `UIContextualAction` describe it: a title, a
/// style, an optional colour and what tapping it does.
///
/// ```json
/// {"title": {"en": "Mark as Read", "zh-Hans": "标为已读"}, "style": "normal", "color": "#8e8e93", "update": {"read": true}}
/// ```
public struct SwipeAction: Sendable, Hashable {
    /// `UITableViewRowActionStyle`: a destructive action is drawn red unless it has a colour.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        case normal
        case destructive
    }

    /// Where `moveTo` takes a row: the top or the bottom of its own section.
    public enum Place: String, Sendable, Hashable, CaseIterable {
        case top
        case bottom
    }

    /// What tapping the button does; each runs as an ordinary batch.
    public enum Effect: Sendable, Hashable {
        /// Deletes the row (`"delete": true`).
        case delete
        /// Sets these keys of the row, a `null` removing one (`"update": {…}`).
        case update(Fields)
        /// Moves the row within its section (`"moveTo": "top"`).
        case moveTo(Place)
    }

    /// The button's text, in one language or several (``LocalizedTitle``).
    public var title: LocalizedTitle
    public var style: Style
    /// A CSS colour (`#34c759`, `orange`) for the button's background; nil for the style's own.
    public var color: String?
    public var effect: Effect

    public init(title: LocalizedTitle, style: Style = .normal, color: String? = nil, effect: Effect) {
        self.title = title
        self.style = style
        self.color = color
        self.effect = effect
    }

    /// Reads a checked action dictionary (see ``SwipeActions/violation(in:)``).
    init?(_ fields: Fields) {
        guard let title = fields["title"].flatMap(LocalizedTitle.init) else { return nil }
        let effect: Effect
        if fields["delete"]?.flag == true {
            effect = .delete
        } else if let changes = fields["update"]?.dictValue {
            effect = .update(changes)
        } else if let place = fields["moveTo"]?.stringValue.flatMap(Place.init(rawValue:)) {
            effect = .moveTo(place)
        } else {
            return nil
        }
        self.init(
            title: title, style: fields["style"]?.stringValue.flatMap(Style.init(rawValue:)) ?? .normal,
            color: fields["color"]?.stringValue, effect: effect)
    }
}

extension SwipeAction {
    /// Whether tapping the button on a row holding `fields` would change nothing: an update whose every key
    /// already holds its value (a BOOL compared as key-value coding reads one: `1` is `true`, an absent key `false`;
    /// `null` where the key is absent). Such a button is left out of that row's swipe and menu, as Mail offers Unread on a read
    /// message and never Read.
    /// - Complexity: O(keys of the update).
    public func changesNothing(in fields: Fields) -> Bool {
        guard case .update(let changes) = effect else { return false }
        return changes.allSatisfy { change in
            switch (change.value, fields[change.key]) {
            case (.null, nil), (.bool(false), nil): return true
            case (.bool(let wanted), let current?): return current.flag == wanted
            case (let wanted, let current?): return current == wanted
            default: return false
            }
        }
    }
}

/// The row actions one level of a dataset gives (the table, a section or a row of a table document; the
/// root dictionary of any other file): the buttons a swipe reveals from the right and from the left, and
/// the title of the red Delete button. A level that leaves a key out lets the level above decide
/// (``overriding(_:)``): the nearest wins.
public struct SwipeActions: Sendable, Hashable {
    /// `trailingSwipeActionsConfigurationForRowAt`: revealed by a swipe to the left, the first nearest the
    /// edge; a full swipe performs it. nil when this level does not say.
    public var trailing: [SwipeAction]?
    /// `leadingSwipeActionsConfigurationForRowAt`: revealed by a swipe to the right. nil when this level does
    /// not say.
    public var leading: [SwipeAction]?
    /// `titleForDeleteConfirmationButtonForRowAt`, in one language or several; nil when this level does
    /// not say.
    public var deleteTitle: LocalizedTitle?

    public static let trailingKey = "trailingActions"
    public static let leadingKey = "leadingActions"
    public static let deleteTitleKey = "deleteTitle"
    /// The most actions one side may have, as a row has room for.
    public static let maximumActions = 8

    /// The rules of the three keys, for the rules of a level's dictionary.
    public static let rules: [FieldRule] = [
        FieldRule(trailingKey, .swipeActions), FieldRule(leadingKey, .swipeActions),
        FieldRule(deleteTitleKey, .title),
    ]

    public init(trailing: [SwipeAction]? = nil, leading: [SwipeAction]? = nil, deleteTitle: LocalizedTitle? = nil) {
        self.trailing = trailing
        self.leading = leading
        self.deleteTitle = deleteTitle
    }

    /// Reads the keys of a checked dictionary; keys that are absent (or fail the rules) stay nil.
    /// - Complexity: O(keys + actions).
    public init(_ fields: Fields) {
        func actions(_ key: String) -> [SwipeAction]? {
            guard let items = fields[key]?.arrayValue else { return nil }
            let actions = items.compactMap { $0.dictValue.flatMap(SwipeAction.init) }
            return actions.count == items.count ? actions : nil
        }
        self.init(
            trailing: actions(Self.trailingKey), leading: actions(Self.leadingKey),
            deleteTitle: fields[Self.deleteTitleKey].flatMap(LocalizedTitle.init))
    }

    /// Whether a dictionary names any of the three keys (a cheap test before reading them).
    public static func isNamed(in fields: Fields) -> Bool {
        fields[trailingKey] != nil || fields[leadingKey] != nil || fields[deleteTitleKey] != nil
    }

    /// Whether this level says nothing.
    public var isEmpty: Bool { trailing == nil && leading == nil && deleteTitle == nil }

    /// These actions where they say something, else `outer`'s: the nearest level wins, key by key.
    public func overriding(_ outer: SwipeActions) -> SwipeActions {
        SwipeActions(
            trailing: trailing ?? outer.trailing, leading: leading ?? outer.leading,
            deleteTitle: deleteTitle ?? outer.deleteTitle)
    }

    /// Checks one list of actions.
    /// - Returns: nil when it fits, else the key path below the list (`[1].style`) and the message.
    static func violation(in value: FieldValue) -> (suffix: String, message: String)? {
        guard let items = value.arrayValue else {
            return ("", "expected an array of actions, found \(value.errorPreview)")
        }
        if items.count > maximumActions {
            return ("", "expected at most \(maximumActions) actions, found \(items.count)")
        }
        for (index, item) in items.enumerated() {
            guard let fields = item.dictValue else {
                return ("[\(index)]", "expected an action dictionary {title, style, one effect}, found \(item.errorPreview)")
            }
            if let problem = violation(inAction: fields) { return ("[\(index)]" + problem.suffix, problem.message) }
        }
        return nil
    }

    private static func violation(inAction fields: Fields) -> (suffix: String, message: String)? {
        guard let title = fields["title"] else { return (".title", "missing required key \"title\"") }
        if let problem = LocalizedTitle.violation(in: title) { return (".title" + problem.suffix, problem.message) }
        if let style = fields["style"], style.stringValue.flatMap(SwipeAction.Style.init(rawValue:)) == nil {
            return (".style", "expected one of normal, destructive, found \(style.errorPreview)")
        }
        if let color = fields["color"], color.stringValue.map(isColor) != true {
            return (".color", "expected a colour such as #ff9500 or orange, found \(color.errorPreview)")
        }
        let effects = ["delete", "update", "moveTo"].filter { fields[$0] != nil }
        guard effects.count == 1 else {
            return ("", "expected exactly one effect (delete, update or moveTo), found "
                + (effects.isEmpty ? "none" : effects.joined(separator: " and ")))
        }
        switch effects[0] {
        case "delete":
            if fields["delete"] != .bool(true) { return (".delete", "expected true, found \(fields["delete"]!.errorPreview)") }
        case "update":
            guard let changes = fields["update"]?.dictValue, !changes.isEmpty else {
                return (".update", "expected a dictionary of the keys to set, found \(fields["update"]!.errorPreview)")
            }
        default:
            if fields["moveTo"]?.stringValue.flatMap(SwipeAction.Place.init(rawValue:)) == nil {
                return (".moveTo", "expected one of top, bottom, found \(fields["moveTo"]!.errorPreview)")
            }
        }
        return nil
    }

    /// Whether `text` is a colour that can go into a style attribute as it is: `#` and 3, 4, 6 or 8 hex
    /// digits, or a CSS colour name (letters only).
    static func isColor(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 32 else { return false }
        if bytes[0] == UInt8(ascii: "#") {
            let digits = bytes.dropFirst()
            return [3, 4, 6, 8].contains(digits.count) && digits.allSatisfy { $0.isHexDigit }
        }
        return bytes.allSatisfy { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")) || ((self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "f"))
    }
}
