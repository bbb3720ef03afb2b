// ListRenderTests — HTML buffer numbers
import Testing

@testable import ListRender

@Suite("HTML buffer numbers")
struct RenderHTMLBufferTests {
    @Test(
        "pixel values are whole numbers or have at most two decimals",
        arguments: [
            (0.0, "0"), (12.0, "12"), (43.5, "43.5"), (12.25, "12.25"), (-3.5, "-3.5"), (0.004, "0"),
            (44_000_000.0, "44000000"), (1.005, "1"), (Double.nan, "0"), (Double.infinity, "0"), (7.1, "7.1"),
        ])
    func pixels(value: Double, text: String) {
        var buffer = HTMLBuffer()
        buffer.pixels(value)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == text)
    }

    @Test("integers are written in decimal", arguments: [0, 7, 10, 99, 100, -1, -120, Int.max, Int.min])
    func integers(value: Int) {
        var buffer = HTMLBuffer()
        buffer.int(value)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == String(value))
    }
}
