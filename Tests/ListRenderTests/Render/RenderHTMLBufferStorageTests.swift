// ListRenderTests — HTML buffer storage
import Testing

@testable import ListRender

@Suite("HTML buffer storage")
struct RenderHTMLBufferStorageTests {
    @Test("a copied buffer is a value: writing to one copy leaves the other as it was")
    func copiesAreIndependent() {
        var first = HTMLBuffer(capacity: 4)
        first.raw("<p>")
        var second = first
        second.text("a & b")
        first.int(42)
        #expect(String(decoding: first.bytes, as: UTF8.self) == "<p>42")
        #expect(String(decoding: second.bytes, as: UTF8.self) == "<p>a &amp; b")
    }

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
}
