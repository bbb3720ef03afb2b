// ListServer — the page at `/`: `Public/index.html` with the datasets written into its list as cards
import ListRender
import Models

/// The page at `/`: `Public/index.html` with the datasets written into its list as cards (icon,
/// title, kind and counts, a link to the table), so the list shows at first paint with no script
/// and no second request.
enum HomePage {
    /// The list element of the template; the cards go right after it.
    static let listOpening = Array(#"<nav id="datasets" class="cards" aria-label="Datasets">"#.utf8)

    /// The template with the cards of `entries` in its list.
    /// - Parameters:
    ///   - template: the bytes of `index.html`.
    ///   - entries: the datasets, in the order to show them.
    ///   - language: the language of the page's own words.
    ///   - iconDirectory: the URL path the cards' icons are named under.
    ///   - keptLanguage: the language the cards' links name (`?lang=`), when the page was asked for in one,
    ///     so the tables open in the language chosen (a reader's language too: `ko`, `zh-TW`).
    /// - Returns: the page, or nil when the template has no list element.
    /// - Complexity: O(template + datasets).
    static func render(
        template: [UInt8], entries: [DatasetEntry], language: UILanguage = .english,
        iconDirectory: IconDirectory = .plain, keptLanguage: String? = nil,
        imageURL: (String) -> String? = { _ in nil }
    ) -> [UInt8]? {
        guard let start = template.firstRange(of: listOpening)?.upperBound else { return nil }
        var cards = HTMLBuffer(capacity: 64 + entries.count * 200, language: language)
        let directory = iconDirectory.description
        let query = keptLanguage.map { "?lang=\($0)" } ?? ""
        for entry in entries {
            writeCard(entry.dataset, icon: icon(of: entry.dataset, imageURL) ?? directory + iconName(of: entry.dataset.kind).description + ".svg",
                      query: query, into: &cards)
        }
        if entries.isEmpty { cards.raw(language.pick(.noDatasetsYet)) }
        // The template's words translated before the cards go in: a dataset's title is never translated.
        let before = UIText.translate(Array(template[..<start]), to: language)
        return before + cards.bytes + UIText.translate(Array(template[start...]), to: language)
    }

    /// The URL of the image a table document names for itself (`"table": {"icon": "settings-general", …}`,
    /// as an app names its icon), where it resolves (`imageURL`: the dataset images' lookup, whose light
    /// appearance is taken); nil otherwise.
    static func icon(of dataset: Dataset, _ imageURL: (String) -> String?) -> String? {
        guard dataset.kind == .table, let name = TableDocument.tableFields(of: dataset.shape)?["icon"]?.stringValue,
            let url = imageURL(name)
        else { return nil }
        return url.split(separator: " ").first.map(String.init)
    }

    /// The built-in icon a card of each kind shows: a face for friends and heroes, an app for apps, the
    /// Mail icon for messages, a list for other lists, a table for table documents that name no icon of
    /// their own, the Settings gear for Settings bundles.
    static func iconName(of kind: DatasetKind) -> StaticString {
        switch kind {
        case .friends: "friend-01"
        case .heroes: "hero-01"
        case .apps: "app-01"
        case .messages: "message"
        case .generic: "list"
        case .table: "table"
        case .settings: "settings-general"
        }
    }

    /// A kind as the card names it: its own name in English, the word for it in the other languages.
    static func kindName(_ kind: DatasetKind, _ language: UILanguage) -> StaticString {
        switch kind {
        case .friends: language.pick(.friends)
        case .heroes: language.pick(.heroes)
        case .apps: language.pick(.apps)
        case .messages: language.pick(.messages)
        case .generic: language.pick(.generic)
        case .table: language.pick(.table)
        case .settings: language.pick(.settingsKind)
        }
    }

    private static func writeCard(_ dataset: Dataset, icon: String, query: String, into html: inout HTMLBuffer) {
        html.raw("<a class=\"card\" href=\"/d/")
        html.text(dataset.id)
        html.text(query)
        html.raw("\"><img src=\"")
        html.text(icon)
        html.raw("\" alt=\"\" width=\"44\" height=\"44\">")
        html.text(dataset.title.isEmpty ? dataset.id : dataset.title)
        html.raw("<small>")
        html.raw(kindName(dataset.kind, html.language))
        html.raw(" · ")
        writeCount(dataset.sections.count, .section, .sections, into: &html)
        html.raw(" · ")
        writeCount(dataset.rowCount, .row, .rows, into: &html)
        html.raw("</small></a>")
    }

    /// Writes a count grouped as the language groups it (`1,000,000 rows`, `100万行`), its noun after it: the
    /// singular for one, the plural for others, with no space in Chinese.
    private static func writeCount(_ count: Int, _ one: UIWord, _ many: UIWord, into html: inout HTMLBuffer) {
        html.text(FragmentRenderer.downloadCount(UInt64(max(0, count)), language: html.language))
        if !html.language.isChinese { html.raw(" ") }
        html.raw(html.language.pick(count == 1 ? one : many))
    }
}
