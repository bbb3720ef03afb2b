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
