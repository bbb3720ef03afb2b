// ListRender — which texts of a row a search looks in
import Models

extension SearchIndex {
    /// Hands `body` each text of a row that a search looks in: the texts its cell shows.
    ///
    /// - friends: `name`, `intro`; heroes: `name`, `title`, `desc` (else `intro`) and each tag; apps: `name`;
    ///   messages: `title`, `content` (as ``FieldValue/text`` reads them, as the cells do).
    /// - generic: every string field, the texts of the nested list its second line shows
    ///   (``DatasetKind/shownList(of:)``), and the title when it is a number shown as its digits.
    /// - table and settings: `text` and `detail`, the labels a cell of any style shows, in every language the
    ///   row has them in (`localized`, as a Settings bundle's strings give them), so that a page in any of
    ///   them finds what it shows.
    /// - Parameters:
    ///   - fields: the row's fields.
    ///   - kind: the dataset's kind.
    ///   - body: called once per text, in the order of the cell.
    /// - Complexity: O(number of fields).
    public static func searchableTexts(of fields: Fields, kind: DatasetKind, _ body: (String) -> Void) {
        guard kind != .generic else {
            if let key = DatasetKind.primaryTextKey(of: fields), fields[key]?.stringValue == nil,
                let title = fields[key]?.text
            {
                body(title)
            }
            for field in fields {
                if case .string(let text) = field.value { body(text) }
            }
            // The texts of a nested list the row's second line shows (a city's districts).
            for item in DatasetKind.shownList(of: fields)?.arrayValue ?? [] {
                if let text = item.text ?? item.dictValue.flatMap(DatasetKind.primaryText(of:)) { body(text) }
            }
            return
        }
        forEachSearchableKey(kind) { key in
            if let text = fields[key]?.text { body(text) }
        }
        if kind.isTableDocument { forEachTranslation(of: fields, body) }
        if kind == .heroes {
            // The classic heroes' `intro` is their description when they have no `desc`.
            if fields["desc"] == nil, let intro = fields["intro"]?.text { body(intro) }
            for tag in FragmentRenderer.heroTags(fields["tags"]) { body(tag) }
        }
    }

    /// Hands `body` a table row's `text` and `detail` in each language under its `localized`.
    private static func forEachTranslation(of fields: Fields, _ body: (String) -> Void) {
        guard let languages = fields["localized"]?.dictValue else { return }
        for language in languages {
            for key in ["text", "detail"] {
                if let text = language.value.dictValue?[key]?.text { body(text) }
            }
        }
    }

    /// Hands `body` the keys of the fields whose text a kind's rows are searched by, in order; a generic
    /// row is searched by its primary text and every string instead, and a hero also by its tags.
    @inline(__always)
    private static func forEachSearchableKey(_ kind: DatasetKind, _ body: (String) -> Void) {
        switch kind {
        case .friends:
            body("name")
            body("intro")
        case .heroes:
            body("name")
            body("title")
            body("desc")
        case .apps: body("name")
        case .messages:
            body("title")
            body("content")
        case .table, .settings:
            body("text")
            body("detail")
        case .generic: break
        }
    }

    /// Hands `body` the UTF-8 bytes of each text ``searchableTexts(of:kind:_:)`` hands out, in the same
    /// order: stored strings are lent where they lie (``Fields/withText(forKey:_:)``), without making a
    /// `String` of each, which is what building the index of a million rows spends its time on.
    /// - Parameters:
    ///   - fields: the row's fields.
    ///   - kind: the dataset's kind.
    ///   - body: called once per text; the bytes are valid only during the call.
    /// - Complexity: O(number of fields).
    static func searchableTextBytes(
        of fields: Fields, kind: DatasetKind, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        func string(_ text: String) {
            var text = text
            text.withUTF8 { body($0) }
        }
        guard kind != .generic else { return searchableTexts(of: fields, kind: kind, string) }
        forEachSearchableKey(kind) { key in
            fields.withText(forKey: key) { body($0.assumingMemoryBound(to: UInt8.self)) }
        }
        if kind.isTableDocument { forEachTranslation(of: fields, string) }
        if kind == .heroes {
            if fields["desc"] == nil { fields.withText(forKey: "intro") { body($0.assumingMemoryBound(to: UInt8.self)) } }
            for tag in FragmentRenderer.heroTags(fields["tags"]) { string(tag) }
        }
    }

    /// Whether a row contains the query in the texts a search looks in: the naive form of what the
    /// index finds, for tests and for single rows.
    /// - Complexity: O(searchable text of the row · query length) at worst.
    public static func row(_ fields: Fields, kind: DatasetKind, contains query: SearchQuery) -> Bool {
        var found = false
        searchableTexts(of: fields, kind: kind) { text in
            if !found && query.matches(text) { found = true }
        }
        return found
    }
}
