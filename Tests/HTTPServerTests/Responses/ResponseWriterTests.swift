// HTTPServerTests — the writer a response's fields and body are written into
import Testing

@testable import HTTPServer

@Suite("Response writer: fields checked once, a body over byte storage")
struct ResponseWriterTests {
    @Test("a field is written as a line; a bad name or value, or a field the server writes, is left out")
    func fieldsAreChecked() {
        var writer = ResponseWriter()
        writer.field("Content-Type", "text/html; charset=utf-8")
        writer.field("X-Empty", "")
        let refused = [
            "", "Bad Name", "Bad:Name", "Bad\u{7F}", "Date", "content-length", "Connection", "Transfer-Encoding",
        ]
        for name in refused { writer.field(name, "x") }
        for value in ["a\r\nInjected: yes", "a\nb", "a\u{0}b", "a\u{7F}b"] {
            writer.field("X-Value", value)
        }
        writer.field("ETag", "\"a.f.1\"")
        #expect(
            String(decoding: writer.fields.bytes, as: UTF8.self)
                == "Content-Type: text/html; charset=utf-8\r\nX-Empty: \r\nETag: \"a.f.1\"\r\n")
        #expect(writer.headers["Content-Type"] == "text/html; charset=utf-8" && writer.headers["ETag"] == "\"a.f.1\"")
    }

    @Test("a body grows past its first room, and a reset forgets it and gives back the memory it grew")
    func bodyGrowsAndResets() {
        var writer = ResponseWriter(bodyCapacity: 64)
        let long = (0..<1000).map { UInt8(truncatingIfNeeded: $0) }
        writer.write(long)
        writer.write("end")
        #expect(writer.bodyBytes == long + Array("end".utf8))
        writer.field("X-A", "1")
        writer.reset()
        #expect(writer.bodyBytes.isEmpty && writer.fields.count == 0)
        writer.write("again")
        #expect(writer.bodyBytes == Array("again".utf8))
        let output = writer.output
        #expect(Array(output.body) == Array("again".utf8) && output.fields.isEmpty)
    }
}
