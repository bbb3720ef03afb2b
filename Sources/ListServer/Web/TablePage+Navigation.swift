// Web — the table page's navigation: the child table shown, its back control, the search field
import HTTPServer
import ListRender
import Models

extension TablePage {
    /// The entry the page shows: the dataset's own table or the child table `address` names.
    /// - Throws: ``HTTPError`` `404` when a row of the address does not exist or opens no table.
    static func child(of entry: DatasetEntry, _ address: ChildAddress) throws(HTTPError) -> DatasetEntry {
        do {
            return try entry.requireChild(address)
        } catch {
            throw error.httpError
        }
    }

    /// The query the page's links keep besides the position and the expanded sections: `&child=`, `&q=` and
    /// `&lang=` (``HTMLBuffer/linkLanguage``).
    static func kept(_ request: WindowRequest) -> String {
        var query = ""
        if !request.child.isEmpty { query += "&child=" + request.child.description }
        if let text = request.query?.text { query += "&q=" + percentEncoded(text) }
        if let language = HTMLBuffer.linkLanguage(request.language, reader: request.reader) {
            query += "&lang=" + percentEncoded(language)
        }
        return query
    }

    /// Writes the navigation bar's back control: to the list of datasets from a dataset's own table, else
    /// (`data-action="back"`) to the parent table, titled with the parent's title as iOS titles it, in the
    /// page's language (``HTMLBuffer/linkLanguage``).
    /// - Parameters:
    ///   - parent: the table the shown child table was opened from; nil for the dataset's own table.
    ///   - title: the parent's title in the reader's language (a pane's, from its strings); nil for its own.
    ///   - keptLanguage: the language the link to the list of datasets names (`?lang=`), when the page was
    ///     asked for in one.
    static func writeBack(
        _ entry: DatasetEntry, parent: DatasetEntry?, title: String? = nil, keptLanguage: String? = nil,
        into html: inout HTMLBuffer
    ) {
        guard let parent else {
            html.raw("<a class=\"back\" href=\"/")
            if let keptLanguage {
                html.raw("?lang=")
                html.text(keptLanguage)
            }
            html.raw("\">")
            html.raw(html.language.pick(.lists))
            return html.raw("</a>")
        }
        html.raw("<a class=\"back\" data-action=\"back\" href=\"")
        html.text(parent.address.isEmpty ? "/d/\(entry.rootID)" : "/d/\(entry.rootID)?child=\(parent.address)")
        if let language = html.linkLanguage {
            html.raw(parent.address.isEmpty ? "?lang=" : "&amp;lang=")
            html.text(language)
        }
        html.raw("\">")
        html.text(title ?? (parent.dataset.title.isEmpty ? entry.rootID : parent.dataset.title))
        html.raw("</a>")
    }

    /// Writes the search field under the navigation bar: a GET form of the page (the child table kept),
    /// so that it searches without script too; the script shows results as one types.
    static func writeSearch(_ entry: DatasetEntry, query: String?, into html: inout HTMLBuffer) {
        html.raw("<form class=\"search\" role=\"search\" action=\"/d/")
        html.text(entry.rootID)
        html.raw("\">")
        if !entry.address.isEmpty {
            html.raw("<input type=\"hidden\" name=\"child\" value=\"")
            html.text(entry.address.description)
            html.raw("\">")
        }
        let search = html.language.pick(.search)
        html.raw("<label for=\"q\" class=\"vh\">")
        html.raw(search)
        html.raw("</label><input id=\"q\" type=\"search\" name=\"q\" value=\"")
        html.text(query ?? "")
        html.raw("\" placeholder=\"")
        html.raw(search)
        html.raw("\" data-role=\"search\" enterkeyhint=\"search\"><button type=\"button\" class=\"cancel\" data-action=\"cancel-search\">")
        html.raw(html.language.pick(.cancel))
        html.raw("</button></form>")
    }

    /// A query value with everything but unreserved characters percent-encoded.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}

extension DatasetEntry {
    /// The id of the dataset whose page shows this entry: its own, or, for a child table
    /// (`settings~12`), the dataset's that holds it.
    var rootID: String {
        address.isEmpty ? dataset.id : String(dataset.id.dropLast(address.description.count + 1))
    }
}
