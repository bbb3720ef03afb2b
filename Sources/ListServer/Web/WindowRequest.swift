// Web — the query of a window request
import HTTPServer
import ListRender
import Models

/// A window asked for by `…/window` or `…/fragment`: the viewport and the expanded sections.
struct WindowRequest: Sendable, Equatable {
    var top: Double
    var height: Double
    var overscan: Double
    /// nil: the kind's default.
    var expanded: ExpandedSections?
    /// Whether the window is laid out for editing mode: kinds whose rows can be inserted then end
    /// every section with an insertion row.
    var isEditing = false
    /// Table documents: the child table to lay out instead of the dataset's own (`child=12~40`).
    var child = ChildAddress()
    /// The client's content width (`width=`), which estimated row heights are made to fit; nil: none given.
    var width: Double?
    /// A row (`anchor=`) that `top` is measured from instead of the content's top, so a client whose
    /// estimates change (another width) keeps its place; a row that is not shown leaves `top` as it is.
    var anchor: RowID?
    /// A section (`section=`, its index) whose header `top` is measured from instead of the content's
    /// top, so a section index lands on the header with one request; a section past the last one
    /// leaves `top` as it is. With `anchor`, the row wins.
    var section: Int?
    /// The search (`q`): only the rows that contain it, nil for none.
    var query: SearchQuery?
    /// The language of a fragment's own words (`lang=en|zh-Hans|zh-Hant|ar|he`); the JSON window has none.
    var language = UILanguage.english
    /// The reader's language when it is neither English nor Simplified Chinese (`lang=de`, `lang=zh-TW`,
    /// `lang=ar`): a dataset's own texts in it come first (a Settings bundle's strings, by their region too);
    /// the interface speaks to it in its own words where it has them (``UILanguage/init(tag:)``), else in
    /// English.
    var reader: String?

    /// The tallest viewport and overscan a request may ask for, which bounds a response.
    static let maximumHeight = 20_000.0
    static let maximumOverscan = 5_000.0

    /// The widest content a request may name.
    static let maximumWidth = 100_000.0

    /// Reads `top`, `height`, `overscan`, `expanded`, `editing`, `width`, `anchor`, `section`, `child`, `q`
    /// and `lang` from the request's query, from its bytes (``init(query:)``).
    /// - Throws: ``HTTPError`` `400` naming the parameter.
    init(_ request: borrowing HTTPRequest) throws(HTTPError) {
        self.init()
        // Read into this request where it lies: a window returned from the closure was copied several times.
        var failure: HTTPError?
        request.withRawQueryBytes { bytes in
            do throws(HTTPError) {
                guard let bytes, !bytes.isEmpty else { return }
                try read(query: UnsafeRawBufferPointer(bytes))
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// The window of an empty query: the defaults of ``init(_:)-(HTTPQuery)``.
    init() {
        top = 0
        height = 800
        overscan = 0
    }

    /// Reads the window from a query split into items, for a query that is not written the usual way
    /// (see ``init(query:)``).
    /// - Throws: ``HTTPError`` `400` naming the parameter.
    init(_ request: HTTPQuery) throws(HTTPError) {
        top = try Self.number(request, "top", default: 0, range: -1e12...1e12)
        height = try Self.number(request, "height", default: 800, range: 0...Self.maximumHeight)
        overscan = try Self.number(request, "overscan", default: 0, range: 0...Self.maximumOverscan)
        if request["width"] != nil {
            width = try Self.number(request, "width", default: 0, range: 0...Self.maximumWidth)
        }
        if let text = request["anchor"] {
            guard let id = Int64(text) else { throw HTTPError.badRequest("anchor must be a row id, found \"\(text)\"") }
            anchor = RowID(id)
        }
        if let text = request["section"] {
            guard let index = Int(text), index >= 0 else {
                throw HTTPError.badRequest("section must be a section index from 0, found \"\(text)\"")
            }
            section = index
        }
        if request.hasPlainValue("expanded", "all") {
            expanded = .all  // the usual value, read where it lies
        } else {
            expanded = try request["expanded"].map { text throws(HTTPError) in try ExpandedSections.parse(text) }
        }
        child = try Self.child(request)
        switch request["editing"] {
        case nil, "false", "0": isEditing = false
        case "true", "1": isEditing = true
        case let text?: throw HTTPError.badRequest("editing must be true, false, 1 or 0, found \"\(text)\"")
        }
        query = Self.searchQuery(request)
        if let asked = request["lang"], !asked.isEmpty {
            // A `.lproj` folder's own spelling (`zh_CN`) is the tag it stands for (`zh-CN`).
            let tag = LanguageMatch.normalized(asked)
            if Self.isLanguageTag(tag) {
                language = UILanguage(tag: tag) ?? .english
                if Self.namesReader(tag) { reader = tag }
            } else {
                throw HTTPError.badRequest(
                    "lang must be a language tag such as en, zh-Hans, zh_CN or de, found \"\(asked)\"")
            }
        }
    }

    /// The language a page's links keep when `lang=` named one: the interface's own tag for a language it speaks
    /// (`zh-CN` → `zh-Hans`), else the tag as asked (`zh_TW` → `zh-TW`, `ko`); nil for none or a malformed one.
    static func keptLanguage(_ asked: String?) -> String? {
        guard let asked, case let tag = LanguageMatch.normalized(asked), isLanguageTag(tag) else { return nil }
        return namesReader(tag) ? tag : UILanguage(tag: tag).map { $0.tag.description } ?? tag
    }

    /// Whether `tag` names a reader whose language a dataset's texts are matched with as the tag says, region
    /// and all (``reader``): any but English and Simplified Chinese, whose texts are matched by the interface's
    /// own tags (`en-GB` reads `en`, `zh-CN` reads `zh-Hans`), as they were before the interface spoke others.
    static func namesReader(_ tag: some StringProtocol) -> Bool {
        switch UILanguage(tag: tag) {
        case .english?, .simplifiedChinese?: false
        case nil, .traditionalChinese?, .arabic?, .hebrew?: true
        }
    }

    static func number(
        _ request: HTTPQuery, _ name: StaticString, default value: Double, range: ClosedRange<Double>
    ) throws(HTTPError) -> Double {
        // The usual form, plain digits, is read where it lies; anything else as text.
        if let number = request.wholeNumber(name).map(Double.init), range.contains(number) { return number }
        guard let text = request[name.description] else { return value }
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw HTTPError.badRequest(
                "\(name) must be a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), found \"\(text)\"")
        }
        return number
    }

    /// Whether `text` is a well-formed language tag as BCP 47 writes one: a language of 2–3 or 5–8 ASCII
    /// letters, then subtags of 1–8 ASCII letters or digits after `-` (`de`, `zh-Hant-TW`, `sr-Latn`), at most
    /// 35 characters.
    static func isLanguageTag(_ text: String) -> Bool {
        guard text.utf8.count <= 35 else { return false }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let isLetter = { (byte: UInt8) in (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard let language = parts.first?.utf8, [2, 3, 5, 6, 7, 8].contains(language.count), language.allSatisfy(isLetter)
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.utf8.count) && part.utf8.allSatisfy { isLetter($0) || isDigit($0) }
        }
    }
}
