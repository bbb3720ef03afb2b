// ListRenderTests — HTML buffer storage
import Models
import Testing

@testable import ListRender

@Suite("HTML buffer storage")
struct RenderHTMLBufferStorageTests {
    @Test("a buffer grows past its reserved capacity and keeps every byte in order")
    func growsInOrder() {
        var buffer = HTMLBuffer(capacity: 1)
        var expected = ""
        for index in 0..<2_000 {
            buffer.int(index)
            buffer.raw(",")
            buffer.text("<\(index)>")
            expected += "\(index),&lt;\(index)&gt;"
        }
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == expected)
        #expect(HTMLBuffer().bytes.isEmpty)
    }

    @Test("a fragment written in place reads as one written into a buffer and copied out, at every room")
    func inPlaceEqualsCopied() {
        let window = FragmentWindow(
            kind: .friends, style: .plain, version: 2, contentHeight: 10_000,
            rows: (0..<40).map { index in
                FragmentRow(
                    indexPath: IndexPath(row: index, section: 0), id: RowID(Int64(index)), y: Double(index) * 60,
                    height: 60, fields: ["name": .string("Friend <\(index)> & co"), "intro": .string("héllo")],
                    setSize: 40, imageURL: index % 3 == 0 ? nil : "/icons/friend-0\(index % 9).svg")
            })
        let copied = FragmentRenderer.render(window)
        for capacity in [0, 64, 1_000, copied.count - 1, copied.count, copied.count + 1, 100_000] {
            let inPlace = HTMLBuffer.bytes(capacity: capacity) { FragmentRenderer.render(window, into: &$0) }
            #expect(inPlace == copied, "room \(capacity)")
        }
    }
}
