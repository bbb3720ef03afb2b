// HTTPServerTests — HTTP request parser

import TestSupport
import Testing

@testable import HTTPServer

/// Parses `bytes` in one call with a fresh parser.
func parseHead(_ bytes: [UInt8], maxHeaderBytes: Int = 16 * 1024) -> HTTPRequestParser.Result {
    var parser = HTTPRequestParser(maxHeaderBytes: maxHeaderBytes)
    return bytes.withUnsafeBytes { parser.parse($0) }
}

func parseHead(_ text: String) -> HTTPRequestParser.Result {
    parseHead(Array(text.utf8))
}

/// The head of a request that must parse.
func completeHead(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> HTTPRequestHead {
    guard case .complete(let head, let count) = parseHead(text) else {
        Issue.record("expected a complete head, got \(parseHead(text))", sourceLocation: sourceLocation)
        throw HTTPRequestParser.Error.invalidMethod
    }
    #expect(count == text.utf8.count, sourceLocation: sourceLocation)
    return head
}

/// One rule of RFC 9112 broken by one request.
struct BadRequestCase: Sendable, CustomTestStringConvertible {
    let rule: String
    let bytes: [UInt8]
    let error: HTTPRequestParser.Error
    var testDescription: String { rule }

    init(_ rule: String, _ text: String, _ error: HTTPRequestParser.Error) {
        self.rule = rule
        self.bytes = Array(text.utf8)
        self.error = error
    }

    init(_ rule: String, bytes: [UInt8], _ error: HTTPRequestParser.Error) {
        self.rule = rule
        self.bytes = bytes
        self.error = error
    }
}

let validRequests: [String] = [
    "GET / HTTP/1.1\r\nHost: example.com\r\n\r\n",
    "POST /api/datasets/x/batch?dry=1&a=%20b HTTP/1.1\r\nHost: a:8080\r\nContent-Type: application/json\r\n"
        + "Content-Length: 2\r\nX-Empty:\r\nX-Spaces: \t padded value \t\r\n\r\n",
    "\r\nGET /a%20b/./c/../d HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
    "OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n",
    "GET http://example.com:8080/x?y=1 HTTP/1.1\r\nHost: example.com\r\n\r\n",
    "PUT /x HTTP/1.1\r\nhost: h\r\ntransfer-encoding: Chunked\r\nExpect: 100-continue\r\n\r\n",
    "GET /!$&'()*+,;=:@-._~ HTTP/1.1\r\nHost: [::1]:80\r\nX-Obs: caf\u{E9}\r\n\r\n",
]

@Suite("HTTP request parser")
struct HTTPRequestParserTests {
    @Test("a simple GET parses into method, target, path, version and headers")
    func simpleGet() throws {
        let head = try completeHead("GET /index.html?q=1 HTTP/1.1\r\nHost: example.com\r\nAccept: */*\r\n\r\n")
        #expect(head.request.method == "GET")
        #expect(head.request.target == "/index.html?q=1")
        #expect(head.request.path == "/index.html")
        #expect(head.request.rawQuery == "q=1")
        #expect(head.request.version == .http11)
        #expect(head.request.headers["host"] == "example.com")
        #expect(head.request.headers.fields.map(\.name) == ["Host", "Accept"])
        #expect(head.framing == .none)
        #expect(head.keepAlive)
        #expect(!head.expectsContinue)
    }

    @Test("header values lose surrounding whitespace and keep inner whitespace")
    func valueWhitespace() throws {
        let head = try completeHead(validRequests[1])
        #expect(head.request.headers["X-Spaces"] == "padded value")
        #expect(head.request.headers["X-Empty"] == "")
        #expect(head.framing == .length(2))
        #expect(head.request.query("a") == " b")
        #expect(head.request.query("dry") == "1")
    }

    @Test("leading empty lines are skipped and counted")
    func leadingEmptyLine() throws {
        let head = try completeHead(validRequests[2])
        #expect(head.request.version == .http10)
        #expect(head.request.path == "/a b/d")
        #expect(head.keepAlive)
    }

    @Test("HTTP/1.0 closes unless keep-alive is asked; Connection: close ends HTTP/1.1")
    func persistence() throws {
        #expect(try !completeHead("GET / HTTP/1.0\r\n\r\n").keepAlive)
        #expect(try completeHead("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").keepAlive)
        #expect(try !completeHead("GET / HTTP/1.1\r\nHost: a\r\nConnection: upgrade, close\r\n\r\n").keepAlive)
    }

    @Test("absolute-form targets give their path; * is only for OPTIONS")
    func targetForms() throws {
        #expect(try completeHead(validRequests[4]).request.path == "/x")
        #expect(try completeHead("GET http://h HTTP/1.1\r\nHost: h\r\n\r\n").request.path == "/")
        #expect(try completeHead(validRequests[3]).request.path == "*")
        #expect(parseHead("GET * HTTP/1.1\r\nHost: a\r\n\r\n") == .invalid(.invalidTarget))
        #expect(parseHead("GET example.com:80 HTTP/1.1\r\nHost: a\r\n\r\n") == .invalid(.invalidTarget))
        #expect(try completeHead("CONNECT example.com:443 HTTP/1.1\r\nHost: a\r\n\r\n").request.path == "")
    }

    @Test("chunked framing and 100-continue are recognised case-insensitively")
    func chunkedAndContinue() throws {
        let head = try completeHead(validRequests[5])
        #expect(head.framing == .chunked)
        #expect(head.expectsContinue)
    }

    @Test("every strict prefix of a valid request is incomplete, never invalid", arguments: validRequests)
    func strictPrefixes(_ text: String) {
        let bytes = Array(text.utf8)
        for length in 0..<bytes.count {
            #expect(parseHead(Array(bytes[..<length])) == .incomplete, "prefix of \(length) bytes")
        }
    }

    @Test("feeding one byte at a time examines each byte once and gives the same head", arguments: validRequests)
    func resumable(_ text: String) {
        let bytes = Array(text.utf8)
        var parser = HTTPRequestParser()
        for length in 1..<bytes.count {
            let result = bytes[..<length].withUnsafeBytes { parser.parse($0) }
            #expect(result == .incomplete)
            #expect(parser.bytesScanned <= length)
            #expect(parser.bytesScanned >= length - 1)
        }
        let last = bytes.withUnsafeBytes { parser.parse($0) }
        #expect(last == parseHead(bytes))
    }

    @Test("after a complete head the parser starts the next pipelined request")
    func pipelined() throws {
        let first = "GET /a HTTP/1.1\r\nHost: h\r\n\r\n"
        let bytes = Array((first + "GET /b HTTP/1.1\r\nHost: h\r\n\r\n").utf8)
        var parser = HTTPRequestParser()
        guard case .complete(let a, let count) = bytes.withUnsafeBytes({ parser.parse($0) }) else {
            Issue.record("first request incomplete")
            return
        }
        #expect(a.request.path == "/a")
        #expect(count == first.utf8.count)
        let rest = Array(bytes[count...])
        guard case .complete(let b, _) = rest.withUnsafeBytes({ parser.parse($0) }) else {
            Issue.record("second request incomplete")
            return
        }
        #expect(b.request.path == "/b")
    }

    static let badCases: [BadRequestCase] = [
        BadRequestCase("empty method", " / HTTP/1.1\r\nHost: a\r\n\r\n", .invalidMethod),
        BadRequestCase("NUL in the method", "G\0T / HTTP/1.1\r\nHost: a\r\n\r\n", .invalidMethod),
        BadRequestCase("DEL in the method", "G\u{7F}T / HTTP/1.1\r\nHost: a\r\n\r\n", .invalidMethod),
        BadRequestCase("separator in the method", "GE(T / HTTP/1.1\r\nHost: a\r\n\r\n", .invalidMethod),
        BadRequestCase("NUL in the target", "GET /a\0b HTTP/1.1\r\nHost: a\r\n\r\n", .invalidTarget),
        BadRequestCase("DEL in the target", "GET /a\u{7F} HTTP/1.1\r\nHost: a\r\n\r\n", .invalidTarget),
        BadRequestCase("control byte in the target", "GET /a\u{1}b HTTP/1.1\r\nHost: a\r\n\r\n", .invalidTarget),
        BadRequestCase("tab in the target", "GET /a\tb HTTP/1.1\r\nHost: a\r\n\r\n", .invalidTarget),
        BadRequestCase("non-ASCII byte in the target", "GET /caf\u{E9} HTTP/1.1\r\nHost: a\r\n\r\n", .invalidTarget),
        BadRequestCase("fragment in the target", "GET /a#b HTTP/1.1\r\nHost: a\r\n\r\n", .invalidTarget),
        BadRequestCase("two spaces before the target", "GET  / HTTP/1.1\r\nHost: a\r\n\r\n", .invalidTarget),
        BadRequestCase("malformed percent-escape", "GET /a%2 HTTP/1.1\r\nHost: a\r\n\r\n", .invalidTarget),
        BadRequestCase("non-hex percent-escape", "GET /%zz HTTP/1.1\r\nHost: a\r\n\r\n", .invalidTarget),
        BadRequestCase("HTTP/0.9 request line", "GET /\r\n\r\n", .invalidTarget),
        BadRequestCase("dot-dot above the root", "GET /../etc/passwd HTTP/1.1\r\nHost: a\r\n\r\n", .invalidPath),
        BadRequestCase("encoded dot-dot", "GET /%2e%2e/%2E%2E/etc/passwd HTTP/1.1\r\nHost: a\r\n\r\n", .invalidPath),
        BadRequestCase("encoded slash traversal", "GET /a/..%2f..%2fetc HTTP/1.1\r\nHost: a\r\n\r\n", .invalidPath),
        BadRequestCase("encoded NUL in the path", "GET /a%00.html HTTP/1.1\r\nHost: a\r\n\r\n", .invalidPath),
        BadRequestCase("overlong UTF-8 in the path", "GET /%c0%ae%c0%ae/x HTTP/1.1\r\nHost: a\r\n\r\n", .invalidPath),
        BadRequestCase("lower-case protocol name", "GET / http/1.1\r\nHost: a\r\n\r\n", .invalidVersion),
        BadRequestCase("version without minor", "GET / HTTP/1\r\nHost: a\r\n\r\n", .invalidVersion),
        BadRequestCase("two-digit version", "GET / HTTP/1.10\r\nHost: a\r\n\r\n", .invalidVersion),
        BadRequestCase("bytes after the version", "GET / HTTP/1.1 x\r\nHost: a\r\n\r\n", .invalidVersion),
        BadRequestCase("HTTP/2.0", "GET / HTTP/2.0\r\nHost: a\r\n\r\n", .unsupportedVersion),
        BadRequestCase("HTTP/0.9 version", "GET / HTTP/0.9\r\nHost: a\r\n\r\n", .unsupportedVersion),
        BadRequestCase("bare LF ending the request line", "GET / HTTP/1.1\nHost: a\r\n\r\n", .invalidLineEnding),
        BadRequestCase("bare LF ending a field", "GET / HTTP/1.1\r\nHost: a\n\r\n", .invalidLineEnding),
        BadRequestCase("bare CR inside a value", "GET / HTTP/1.1\r\nHost: a\r\nX: a\rb\r\n\r\n", .invalidLineEnding),
        BadRequestCase("CR without LF at the end", "GET / HTTP/1.1\r\nHost: a\r\n\rx", .invalidLineEnding),
        BadRequestCase("NUL in a header name", "GET / HTTP/1.1\r\nHost: a\r\nX\0Y: 1\r\n\r\n", .invalidFieldName),
        BadRequestCase("DEL in a header name", "GET / HTTP/1.1\r\nHost: a\r\nX\u{7F}: 1\r\n\r\n", .invalidFieldName),
        BadRequestCase("separator in a header name", "GET / HTTP/1.1\r\nHost: a\r\nX(Y: 1\r\n\r\n", .invalidFieldName),
        BadRequestCase("empty header name", "GET / HTTP/1.1\r\nHost: a\r\n: 1\r\n\r\n", .invalidFieldName),
        BadRequestCase("header line with no colon", "GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n", .invalidFieldName),
        BadRequestCase("space before the colon", "GET / HTTP/1.1\r\nHost : a\r\n\r\n", .whitespaceBeforeColon),
        BadRequestCase("tab before the colon", "GET / HTTP/1.1\r\nHost\t: a\r\n\r\n", .whitespaceBeforeColon),
        BadRequestCase("NUL in a header value", "GET / HTTP/1.1\r\nHost: a\r\nX: a\0b\r\n\r\n", .invalidFieldValue),
        BadRequestCase("DEL in a header value", "GET / HTTP/1.1\r\nHost: a\r\nX: a\u{7F}\r\n\r\n", .invalidFieldValue),
        BadRequestCase("ESC byte in a value", "GET / HTTP/1.1\r\nHost: a\r\nX: \u{1B}[0m\r\n\r\n", .invalidFieldValue),
        BadRequestCase("obs-fold", "GET / HTTP/1.1\r\nHost: a\r\nX: a\r\n b\r\n\r\n", .obsoleteLineFolding),
        BadRequestCase("whitespace before the first field", "GET / HTTP/1.1\r\n Host: a\r\n\r\n", .obsoleteLineFolding),
        BadRequestCase("missing Host in HTTP/1.1", "GET / HTTP/1.1\r\nAccept: */*\r\n\r\n", .invalidHost),
        BadRequestCase("two Host fields", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", .invalidHost),
        BadRequestCase("malformed Host", "GET / HTTP/1.1\r\nHost: a b\r\n\r\n", .invalidHost),
        BadRequestCase(
            "conflicting Content-Lengths",
            "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
            .multipleContentLengths),
        BadRequestCase(
            "repeated equal Content-Lengths",
            "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\n", .multipleContentLengths),
        BadRequestCase(
            "Content-Length list", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3, 3\r\n\r\n", .invalidContentLength),
        BadRequestCase(
            "signed Content-Length", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: +3\r\n\r\n", .invalidContentLength),
        BadRequestCase(
            "negative Content-Length", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", .invalidContentLength
        ),
        BadRequestCase(
            "hexadecimal Content-Length", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0x10\r\n\r\n",
            .invalidContentLength),
        BadRequestCase(
            "huge Content-Length", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999\r\n\r\n",
            .invalidContentLength),
        BadRequestCase(
            "Transfer-Encoding with Content-Length",
            "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n",
            .transferEncodingWithContentLength),
        BadRequestCase(
            "Content-Length after Transfer-Encoding",
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n",
            .transferEncodingWithContentLength),
        BadRequestCase(
            "chunked not last", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, gzip\r\n\r\n",
            .invalidTransferEncoding),
        BadRequestCase(
            "chunked twice",
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n",
            .invalidTransferEncoding),
        BadRequestCase(
            "a coding that is not chunked", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: xchunked\r\n\r\n",
            .invalidTransferEncoding),
        BadRequestCase(
            "Transfer-Encoding in HTTP/1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n",
            .invalidTransferEncoding),
        BadRequestCase(
            "a coding before chunked", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n",
            .unsupportedTransferEncoding),
        BadRequestCase(
            "unknown expectation", "POST / HTTP/1.1\r\nHost: a\r\nExpect: x\r\n\r\n", .unsupportedExpectation),
    ]

    @Test("each rule of RFC 9112 broken gives its error", arguments: badCases)
    func badRequest(_ bad: BadRequestCase) {
        #expect(parseHead(bad.bytes) == .invalid(bad.error))
    }

    @Test("a bad byte is refused as soon as it arrives, before the head is complete")
    func earlyRejection() {
        #expect(parseHead("GET /\0") == .invalid(.invalidTarget))
        #expect(parseHead("GET / HTTP/1.1\r\nX: \u{7F}") == .invalid(.invalidFieldValue))
        #expect(parseHead("G\u{1}") == .invalid(.invalidMethod))
    }

    @Test("an error sticks until reset")
    func stickyError() {
        var parser = HTTPRequestParser()
        let bad = Array("GET /\0 HTTP/1.1\r\n".utf8)
        #expect(bad.withUnsafeBytes { parser.parse($0) } == .invalid(.invalidTarget))
        let good = Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        #expect(good.withUnsafeBytes { parser.parse($0) } == .invalid(.invalidTarget))
        parser.reset()
        guard case .complete = good.withUnsafeBytes({ parser.parse($0) }) else {
            Issue.record("reset parser did not parse a good request")
            return
        }
    }

    @Test("a head longer than the limit is 431, even before it ends")
    func headerLimit() {
        let padding = String(repeating: "x", count: 200)
        let fields = (0..<90).map { "X-\($0): \(padding)\r\n" }.joined()
        let huge = "GET / HTTP/1.1\r\nHost: a\r\n" + fields
        #expect(parseHead(huge + "\r\n") == .invalid(.headersTooLarge))
        #expect(parseHead(huge) == .invalid(.headersTooLarge))
        #expect(HTTPRequestParser.Error.headersTooLarge.status == 431)
        let limitExact = "GET / HTTP/1.1\r\nHost: a\r\n\r\n"
        #expect(parseHead(Array(limitExact.utf8), maxHeaderBytes: limitExact.utf8.count) != .invalid(.headersTooLarge))
        #expect(
            parseHead(Array(limitExact.utf8), maxHeaderBytes: limitExact.utf8.count - 1) == .invalid(.headersTooLarge))
    }

    @Test("a long request line counts toward the same limit")
    func longTarget() {
        let target = "/" + String(repeating: "a", count: 17_000)
        #expect(parseHead("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n") == .invalid(.headersTooLarge))
    }

    @Test("more than 100 fields is 431")
    func fieldCount() {
        let fields = (0..<101).map { "X-\($0): 1\r\n" }.joined()
        #expect(parseHead("GET / HTTP/1.1\r\nHost: a\r\n" + fields + "\r\n") == .invalid(.tooManyFields))
    }

    @Test("errors map to 400, 413, 417, 431, 501 and 505")
    func statuses() {
        #expect(HTTPRequestParser.Error.invalidTarget.status == 400)
        #expect(HTTPRequestParser.Error.transferEncodingWithContentLength.status == 400)
        #expect(HTTPRequestParser.Error.bodyTooLarge.status == 413)
        #expect(HTTPRequestParser.Error.unsupportedExpectation.status == 417)
        #expect(HTTPRequestParser.Error.tooManyFields.status == 431)
        #expect(HTTPRequestParser.Error.unsupportedTransferEncoding.status == 501)
        #expect(HTTPRequestParser.Error.unsupportedVersion.status == 505)
    }
}
