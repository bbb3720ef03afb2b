// HTTPServerTests — response heads as they are written
import Testing

@testable import HTTPServer

@Suite("Response heads as they are written")
struct ResponseEncodingTests {
    private func head(_ headers: HTTPHeaders, framing: ResponseEncoding.Framing = .length(5)) -> String {
        var buffer: [UInt8] = []
        ResponseEncoding.appendHead(
            status: 200, headers: headers, framing: framing, persistence: .keepAlive,
            dateLine: Array("Date: Tue, 01 Dec 2026 16:00:00 GMT\r\n".utf8), to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    @Test("the handler's fields are written in order after the status line, the date and nosniff, then the length")
    func fieldsInOrder() {
        let text = head(["Content-Type": "text/html; charset=utf-8", "ETag": "\"a.f.1z\"", "X-Émoji": "no"])
        #expect(
            text == "HTTP/1.1 200 OK\r\nDate: Tue, 01 Dec 2026 16:00:00 GMT\r\nX-Content-Type-Options: nosniff\r\n"
                + "Content-Type: text/html; charset=utf-8\r\nETag: \"a.f.1z\"\r\nContent-Length: 5\r\n\r\n")
    }

    @Test(
        "a field that would split the head or that the server owns is left out",
        arguments: [
            ("X-Split", "a\r\nSet-Cookie: b"), ("X-Line", "a\nb"), ("Bad Name", "v"), ("", "v"), ("X:Colon", "v"),
            ("Date", "yesterday"), ("connection", "close"), ("Transfer-Encoding", "chunked"), ("Content-Length", "99"),
        ])
    func refusedFields(name: String, value: String) {
        let text = head(HTTPHeaders([(name, value), ("X-Kept", "yes")]))
        #expect(text.contains("X-Kept: yes\r\n"))
        #expect(!text.contains(value))
        #expect(text.components(separatedBy: "\r\n").count == 7)
    }

    @Test("with no framing, the handler's own Content-Length is kept (a HEAD or 304 answer)")
    func ownLength() {
        #expect(head(["Content-Length": "42"], framing: .none).contains("Content-Length: 42\r\n"))
    }

    @Test("bytes above ASCII are allowed in values, as obs-text")
    func obsText() {
        #expect(head(["X-Name": "café"]).contains("X-Name: café\r\n"))
    }
}

@Suite("Response heads: sizes and numbers")
struct ResponseEncodingSizeTests {
    @Test("a head of many long fields, the longest length and every persistence is written whole")
    func largeHeads() {
        let fields = (0..<200).map { ("X-Field-\($0)", String(repeating: "v", count: $0 * 7)) }
        for persistence in [ResponseEncoding.Persistence.keepAlive, .keepAliveHTTP10, .close] {
            var buffer: [UInt8] = Array("kept".utf8)
            ResponseEncoding.appendHead(
                status: 599, headers: HTTPHeaders(fields), framing: .length(Int.max), persistence: persistence,
                dateLine: Array("Date: Tue, 01 Dec 2026 16:00:00 GMT\r\n".utf8), to: &buffer)
            let text = String(decoding: buffer, as: UTF8.self)
            #expect(text.hasPrefix("keptHTTP/1.1 599 "))
            for (name, value) in fields { #expect(text.contains("\r\n\(name): \(value)\r\n")) }
            #expect(text.contains("\r\nContent-Length: \(Int.max)\r\n"))
            #expect(text.hasSuffix("\r\n\r\n"))
        }
    }

    @Test(
        "lengths of every digit count are written in decimal",
        arguments: [0, 7, 10, 99, 100, 204, 1_000, 65_535, 123_456_789])
    func decimals(value: Int) {
        var buffer: [UInt8] = []
        ResponseEncoding.appendHead(
            status: 200, headers: HTTPHeaders(), framing: .length(value), persistence: .close, dateLine: [],
            to: &buffer)
        #expect(
            String(decoding: buffer, as: UTF8.self)
                == "HTTP/1.1 200 OK\r\nX-Content-Type-Options: nosniff\r\nContent-Length: \(value)\r\n"
                + "Connection: close\r\n\r\n")
    }
}
