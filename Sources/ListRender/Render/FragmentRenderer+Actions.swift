// ListRender — the buttons a swipe reveals on a row
import Models

extension FragmentRenderer {
    /// The buttons a swipe reveals on a row with `actions` (the row's, its section's and its table's,
    /// nearest first, already merged): a `.acts.t` group of the trailing actions, the first nearest the
    /// right edge, and a `.acts.l` group of the leading ones, the first nearest the left edge.
    ///
    /// A button that deletes is `[data-action="delete"]`; any other is `[data-action="row-action"]` with
    /// `data-edge` (`trailing`, `leading`) and `data-index`, which the page sends back as a batch's
    /// `rowActions`. Titles are in the interface's language where the dataset gives one for it
    /// (``LocalizedTitle``). Without trailing actions a row gets UIKit's one destructive Delete, titled by
    /// `deleteTitle` or the interface's word; in edit mode the minus reveals the delete button, so a
    /// row whose trailing actions do not delete also gets one for edit mode only (`.em`).
    ///
    /// The server makes this once per set of actions and lends it with every row
    /// (``FragmentRow/Lent/actions``); for a row given as `row`, an action that would change nothing on it
    /// (``SwipeAction/changesNothing(in:)``: Mark as Read on a read message) is left out, the others keeping
    /// their `data-index`.
    /// - Complexity: O(characters of the titles), plus the updates' keys for a row.
    public static func actionMarkup(_ actions: SwipeActions, language: UILanguage, row: Fields? = nil) -> [UInt8] {
        HTMLBuffer.bytes(capacity: 256) { html in
            html.language = language
            writeActions(actions, row: row, into: &html)
        }
    }

    /// Whether some action of `actions` would change nothing on a row with `fields`, so the row needs
    /// markup of its own.
    /// - Complexity: O(actions), plus the updates' keys.
    public static func leavesOut(_ actions: SwipeActions, row fields: Fields) -> Bool {
        [actions.trailing, actions.leading].contains { $0?.contains { $0.changesNothing(in: fields) } == true }
    }

    /// The markup of the default actions (one Delete in the interface's language), made once.
    static func defaultActionMarkup(_ language: UILanguage) -> [UInt8] {
        defaultActions[language.rawValue]
    }

    /// The default actions' markup in each language, by ``UILanguage/rawValue``.
    private static let defaultActions = UILanguage.allCases.map { actionMarkup(SwipeActions(), language: $0, row: nil) }

    private static func writeActions(_ actions: SwipeActions, row: Fields?, into html: inout HTMLBuffer) {
        func shown(_ action: SwipeAction) -> Bool { row.map { !action.changesNothing(in: $0) } ?? true }
        let deleteTitle = actions.deleteTitle?.text(in: html.language) ?? html.language.pick(.delete).description
        let trailing = actions.trailing ?? [SwipeAction(title: LocalizedTitle(deleteTitle), style: .destructive, effect: .delete)]
        html.raw("<div class=\"acts t\">")
        for (index, action) in trailing.enumerated() where shown(action) {
            writeButton(action, edge: "trailing", index: index, into: &html)
        }
        if !trailing.contains(where: { $0.effect == SwipeAction.Effect.delete }) {
            html.raw("<button type=\"button\" class=\"act d em\" data-action=\"delete\" tabindex=\"-1\">")
            html.text(deleteTitle)
            html.raw("</button>")
        }
        html.raw("</div>")
        guard let leading = actions.leading, !leading.isEmpty else { return }
        html.raw("<div class=\"acts l\">")
        for (index, action) in leading.enumerated() where shown(action) {
            writeButton(action, edge: "leading", index: index, into: &html)
        }
        html.raw("</div>")
    }

    private static func writeButton(_ action: SwipeAction, edge: StaticString, index: Int, into html: inout HTMLBuffer) {
        html.raw(action.style == .destructive ? "<button type=\"button\" class=\"act d\"" : "<button type=\"button\" class=\"act\"")
        if action.effect == SwipeAction.Effect.delete {
            html.raw(" data-action=\"delete\"")
        } else {
            html.raw(" data-action=\"row-action\" data-edge=\"")
            html.raw(edge)
            html.raw("\" data-index=\"")
            html.int(index)
            html.raw("\"")
        }
        // Import checked the colour: `#` and hex digits, or letters.
        if let color = action.color {
            html.raw(" style=\"background:")
            html.text(color)
            html.raw("\"")
        }
        html.raw(" tabindex=\"-1\">")
        html.text(action.title.text(in: html.language))
        html.raw("</button>")
    }
}
