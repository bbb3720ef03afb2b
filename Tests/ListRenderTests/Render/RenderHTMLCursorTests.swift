// ListRenderTests — writing through a cursor into reserved room
import Testing

@testable import ListRender

@Suite("HTML cursor")
struct RenderHTMLCursorTests {
    /// The bytes `write` writes through a cursor into `room` bytes, after `prefix` written to the buffer.
    private func written(prefix: String = "", room: Int, _ write: (inout HTMLCursor) -> Void) -> String {
        var buffer = HTMLBuffer(capacity: 0)
        buffer.text(prefix)
        buffer.withRoom(room, write)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    @Test("numbers, pixel values and text come out as the buffer's own writers write them")
    func sameAsTheBuffer() {
        var values: [Double] = [0, 12, 43.5, 12.25, -3.5, 0.004, 44_000_000, 1.005, .nan, .infinity, -.infinity, 7.1]
        values += [999_999_999_999_999, 1e15, 1e15 + 2, -1e15, 0.5, 60_440_000, 30_219_760]
        var integers: [Int64] = [0, 9, 10, 99, 100, 12_345_678, 123_456_789, Int64.max, Int64.min + 1, -42]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            integers += [power - 1, power, power + 1]
        }
        let texts = ["", "a", "Ivy Wang", "<b>\"R&D\"</b> it's", String(repeating: "naïve <", count: 9), "好友 & 朋友"]
        var expected = HTMLBuffer()
        expected.raw("<div data-y=\"")
        for value in values {
            expected.pixels(value)
            expected.raw(",")
        }
        for integer in integers {
            expected.int(integer)
            expected.raw(";")
        }
        for text in texts { expected.text(text) }
        let room = 16 + 25 * values.count + 22 * integers.count + texts.reduce(0) { $0 + 6 * $1.utf8.count }
        let cursorBytes = written(room: room) { out in
            out.raw("<div data-y=\"")
            for value in values {
                out.pixels(value)
                out.raw(",")
            }
            for integer in integers {
                out.int(integer)
                out.raw(";")
            }
            for var text in texts {
                text.withUTF8 { out.text(utf8: UnsafeRawBufferPointer($0)) }
            }
        }
        #expect(cursorBytes == String(decoding: expected.bytes, as: UTF8.self))
    }

    @Test("room reserved past the buffer's capacity grows it, and what was written before stays")
    func growsTheBuffer() {
        let text = String(repeating: "0123456789", count: 30)
        let bytes = written(prefix: "head:", room: 6 * text.utf8.count) { out in
            var text = text
            text.withUTF8 { out.text(utf8: UnsafeRawBufferPointer($0)) }
        }
        #expect(bytes == "head:" + text)
    }

    @Test("a cursor that writes past the room it was given stops the program")
    func pastTheRoomStops() async {
        await #expect(processExitsWith: .failure) {
            var buffer = HTMLBuffer(capacity: 4096)
            buffer.withRoom(8) { out in
                out.raw("<div class=\"")
            }
        }
        await #expect(processExitsWith: .failure) {
            var buffer = HTMLBuffer(capacity: 4096)
            buffer.withRoom(12) { out in
                out.raw("<p>")
                out.int(Int64.max)
            }
        }
    }
}
