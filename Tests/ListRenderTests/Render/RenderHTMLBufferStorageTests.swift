// ListRenderTests — HTML buffer storage
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
}
