// HTTPServerTests — HTTP chunked body decoder

import TestSupport
import Testing

@testable import HTTPServer

@Suite("HTTP chunked body decoder")
struct HTTPChunkedDecoderTests {
    static let body = "4\r\nWiki\r\n5;name=value\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nTrailer: x\r\n\r\n"

    private func decode(_ text: String, limit: Int = 1 << 20) -> (HTTPChunkedDecoder.Result, [UInt8]) {
        var decoder = HTTPChunkedDecoder(maxBodyBytes: limit)
        let result = Array(text.utf8).withUnsafeBytes { decoder.decode($0) }
        return (result, decoder.body)
    }

    @Test("chunks, extensions and trailers decode to the data")
    func decodes() {
        let (result, body) = decode(Self.body + "GET")
        #expect(result == .complete(consumed: Self.body.utf8.count))
        #expect(String(decoding: body, as: UTF8.self) == "Wikipedia in\r\n\r\nchunks.")
    }

    @Test("any split of the input gives the same body")
    func splits() {
        let bytes = Array(Self.body.utf8)
        for split in 0...bytes.count {
            var decoder = HTTPChunkedDecoder(maxBodyBytes: 1 << 20)
            let first = bytes[..<split].withUnsafeBytes { decoder.decode($0) }
            if split < bytes.count {
                #expect(first == .incomplete(consumed: split))
                let second = bytes[split...].withUnsafeBytes { decoder.decode($0) }
                #expect(second == .complete(consumed: bytes.count - split))
            }
            #expect(String(decoding: decoder.body, as: UTF8.self) == "Wikipedia in\r\n\r\nchunks.")
        }
    }

    @Test("every strict prefix is incomplete")
    func prefixes() {
        let bytes = Array(Self.body.utf8)
        for length in 0..<bytes.count {
            var decoder = HTTPChunkedDecoder(maxBodyBytes: 1 << 20)
            #expect(bytes[..<length].withUnsafeBytes { decoder.decode($0) } == .incomplete(consumed: length))
        }
    }

    @Test(
        "broken framing is refused",
        arguments: [
            "x\r\n", "\r\n", "4\nWiki\r\n0\r\n\r\n", "4\r\nWikiX\r\n", "4\r\nWiki\n0\r\n\r\n", "4\r\nWiki\r\n0\r\n\n",
            "4;\u{1}\r\n", "0\r\nBad Trailer: x\r\n\r\n", "0\r\nX: \0\r\n\r\n", "-1\r\n",
        ])
    func broken(_ text: String) {
        #expect(decode(text).0 == .invalid(.invalidChunk))
    }

    @Test("a chunk past the limit is refused from its size line, before its data")
    func limit() {
        #expect(decode("5\r\nhello\r\n0\r\n\r\n", limit: 5).0 == .complete(consumed: 15))
        #expect(decode("5\r\nhello\r\n1\r\n", limit: 5).0 == .invalid(.bodyTooLarge))
        #expect(decode("FFFFFFFFFFFFFFFFFFFFFFFF\r\n", limit: 1 << 20).0 == .invalid(.bodyTooLarge))
    }
}
