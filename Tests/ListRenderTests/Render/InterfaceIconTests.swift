// ListRenderTests — the icons the renderer draws itself
import Foundation
import Models
import Testing

@testable import ListRender

/// `Public/icons` of this package, found from this file's path.
private let iconsDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Public/icons")

@Suite("Interface icons")
struct InterfaceIconTests {
    @Test("every icon's URL is /icons/, its name and .svg, and names a file in Public/icons", arguments: InterfaceIcon.allCases)
    func urlNamesAFile(icon: InterfaceIcon) {
        var buffer = HTMLBuffer()
        buffer.url(of: icon)
        let url = String(decoding: buffer.bytes, as: UTF8.self)
        #expect(url == "/icons/\(icon.name).svg")
        let file = iconsDirectory.appendingPathComponent("\(icon.name).svg").path
        #expect(FileManager.default.fileExists(atPath: file), "missing \(file)")
    }

    @Test("a window's icon directory, a hashed one, names every icon the renderer draws in it")
    func hashedDirectory() {
        let hashed = IconDirectory("/icons.0123abcd/")
        #expect(hashed.description == "/icons.0123abcd/")
        #expect(hashed == IconDirectory("/icons.0123abcd/") && hashed != .plain)
        var buffer = HTMLBuffer()
        buffer.iconDirectory = hashed
        buffer.url(of: .chevron)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == "/icons.0123abcd/chevron.svg")

        let header = FragmentHeader(
            section: 0, sectionID: SectionID(5), y: 0, height: 44, title: "Group", fields: [:], rowCount: 1,
            isExpanded: true, isCollapsible: true)
        let row = FragmentRow(
            indexPath: IndexPath(row: 0, section: 0), id: RowID(7), y: 44, height: 60,
            fields: ["title": .string("T"), "read": .bool(false)], setSize: 1)
        var window = FragmentWindow(
            kind: .messages, style: .plain, version: 1, contentHeight: 104, headers: [header], rows: [row])
        window.iconDirectory = hashed
        let html = String(decoding: FragmentRenderer.render(window), as: UTF8.self)
        #expect(html.contains(#"src="/icons.0123abcd/disclosure.svg""#), "\(html)")
        #expect(html.contains(#"src="/icons.0123abcd/message-unread.svg""#), "\(html)")
        #expect(!html.contains("/icons/"))
        let plain = RenderFixture.html(
            FragmentWindow(kind: .messages, style: .plain, version: 1, contentHeight: 60, rows: [row]))
        #expect(plain.contains(#"src="/icons/message-unread.svg""#), "the plain directory by default")
    }

    @Test("no two icons share a file")
    func namesAreUnique() {
        let names = InterfaceIcon.allCases.map(\.name.description)
        #expect(Set(names).count == names.count)
    }

    @Test("a message row draws the unread icon when read is false, else the read one")
    func messageIcons() {
        for (read, icon) in [(false, "message-unread"), (true, "message")] {
            var html = HTMLBuffer()
            FragmentRenderer.renderMessage(["title": .string("T"), "read": .bool(read)], into: &html)
            let markup = String(decoding: html.bytes, as: UTF8.self)
            #expect(markup.hasPrefix("<img class=\"icon\" src=\"/icons/\(icon).svg\" alt=\"\" width=\"40\" height=\"40\">"))
        }
    }
}
