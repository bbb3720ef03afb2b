// ListRenderTests — builders and checks shared by the renderer's tests
import Models
import Testing

@testable import ListRender

/// Builders and checks shared by the renderer's tests.
enum RenderFixture {
    /// A window of one section holding the given rows, laid out 60 px apart. An `icon` that is a plain
    /// name (letters, digits, `-`, `_`) resolves to `/icons/{name}.svg`, as the built-in icons do on
    /// the server; any other is drawn as a placeholder.
    static func window(
        _ kind: DatasetKind, rows: [Fields], canEdit: Bool = false, canMove: Bool = false,
        style: TableStyle = .plain, editable: Bool = false, isGrouped: Bool = false
    ) -> FragmentWindow {
        let fragmentRows = rows.enumerated().map { index, fields in
            FragmentRow(
                indexPath: IndexPath(row: index, section: 0), id: RowID(Int64(100 + index)), y: Double(index * 60),
                height: 60, fields: fields, setSize: rows.count, canEdit: canEdit, canMove: canMove,
                imageURL: builtInIconURL(fields["icon"]))
        }
        return FragmentWindow(
            kind: kind, style: style, version: 7, contentHeight: Double(rows.count * 60), rows: fragmentRows,
            editable: editable, isGrouped: isGrouped)
    }

    /// The URL the server gives a built-in icon's name, nil for any other value.
    static func builtInIconURL(_ value: FieldValue?) -> String? {
        guard let name = value?.text, !name.isEmpty,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        return "/icons/\(name).svg"
    }

    /// The fragment as text.
    static func html(_ window: FragmentWindow) -> String {
        String(decoding: FragmentRenderer.render(window), as: UTF8.self)
    }

    /// The number of non-overlapping occurrences of `needle` in `text`.
    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// Checks that every `<div` and `<span` the fragment opens is closed, and that no tag from the
    /// dataset's text survived.
    static func expectWellFormed(_ html: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(count("<div", in: html) == count("</div>", in: html), sourceLocation: sourceLocation)
        #expect(count("<span", in: html) == count("</span>", in: html), sourceLocation: sourceLocation)
        #expect(!html.contains("<script"), sourceLocation: sourceLocation)
        #expect(!html.contains("<b>"), sourceLocation: sourceLocation)
    }
}
