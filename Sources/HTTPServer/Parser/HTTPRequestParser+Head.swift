// HTTPServer — builds the head once its final CRLF is seen

extension HTTPRequestParser {
    /// Builds the head once its final CRLF is seen, enforcing the rules that need the whole head: `Host`,
    /// body framing (request smuggling), `Connection`, `Expect`, and the target's form and path; then
    /// forgets it, ready for the next request (``reset()``), whether it was valid or not.
    /// - Throws: the first rule broken.
    public mutating func takeHead(_ buffer: UnsafeRawBufferPointer) throws(Error) -> HTTPRequestHead {
        defer { reset() }
        func bytes(_ start: Int, _ end: Int) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: buffer[start..<end])
        }
        let method = Self.method(bytes(methodStart, methodEnd))
        let targetBytes = bytes(targetStart, targetEnd)
        let version = version(buffer).version
        let parts = try HTTPPath.parts(of: targetBytes, method: method)

        var contentLength: Int?
        var codings = TransferCodings()
        var hostCount = 0
        var hostIndex: Int?
        var close = false
        var keepAliveAsked = false
        var expectsContinue = false
        for (index, span) in fields.enumerated() {
            let name = bytes(span.nameStart, span.nameEnd)
            let value = bytes(span.valueStart, span.valueEnd)
            switch name.count {
            case 4 where HTTPBytes.equalsIgnoringCase(name, lowercase: "host"):
                hostCount += 1
                if hostIndex == nil { hostIndex = index }
                guard value.allSatisfy(HTTPBytes.isHostByte) else { throw .invalidHost }
            case 14 where HTTPBytes.equalsIgnoringCase(name, lowercase: "content-length"):
                guard contentLength == nil else { throw .multipleContentLengths }
                guard let length = HTTPBytes.decimal(value) else { throw .invalidContentLength }
                contentLength = length
            case 17 where HTTPBytes.equalsIgnoringCase(name, lowercase: "transfer-encoding"):
                codings.add(value)
            case 10 where HTTPBytes.equalsIgnoringCase(name, lowercase: "connection"):
                for token in value.split(separator: UInt8(ascii: ",")) {
                    let token = HTTPBytes.trimmingWhitespace(token)
                    if HTTPBytes.equalsIgnoringCase(token, "close".utf8) { close = true }
                    if HTTPBytes.equalsIgnoringCase(token, "keep-alive".utf8) { keepAliveAsked = true }
                }
            case 6 where HTTPBytes.equalsIgnoringCase(name, lowercase: "expect") && version >= .http11:
                guard HTTPBytes.equalsIgnoringCase(value, "100-continue".utf8) else { throw .unsupportedExpectation }
                expectsContinue = true
            default:
                break
            }
        }

        if hostCount > 1 || (hostCount == 0 && version >= .http11) { throw .invalidHost }
        var framing = HTTPRequestHead.BodyFraming.none
        if codings.present {
            if contentLength != nil { throw .transferEncodingWithContentLength }
            try codings.validate(version: version)
            framing = .chunked
        } else if let contentLength, contentLength > 0 {
            framing = .length(contentLength)
        }
        let keepAlive = !close && (version >= .http11 || keepAliveAsked)
        // The target and the fields in one allocation, which the request and its headers share.
        let head = HTTPHeadBytes.make(
            head: buffer, target: targetStart..<targetEnd, spans: fields, hostIndex: hostIndex)
        return HTTPRequestHead(
            request: HTTPRequest(
                method: method, target: .head(head), parts: parts, version: version,
                headers: HTTPHeaders(raw: HTTPHeaders.RawFields(head))),
            framing: framing, keepAlive: keepAlive,
            expectsContinue: expectsContinue && framing != .none)
    }

    /// A method token as a string: `GET`, the usual one, is a literal, not read as UTF-8 and copied.
    private static func method(_ bytes: UnsafeRawBufferPointer) -> String {
        if bytes.count == 3 && bytes[0] == UInt8(ascii: "G") && bytes[1] == UInt8(ascii: "E")
            && bytes[2] == UInt8(ascii: "T")
        {
            return "GET"
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The transfer codings listed by every `Transfer-Encoding` field, in order.
    private struct TransferCodings {
        var present = false
        var count = 0
        var chunkedCount = 0
        var lastIsChunked = false
        var malformed = false

        mutating func add(_ value: UnsafeRawBufferPointer) {
            present = true
            for element in value.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                let coding = HTTPBytes.trimmingWhitespace(element)
                if coding.isEmpty { continue }
                guard coding.allSatisfy(HTTPBytes.isTokenByte) else {
                    malformed = true
                    continue
                }
                count += 1
                lastIsChunked = HTTPBytes.equalsIgnoringCase(coding, "chunked".utf8)
                if lastIsChunked { chunkedCount += 1 }
            }
        }

        /// - Throws: `.invalidTransferEncoding` unless `chunked` is last and once, in HTTP/1.1;
        ///   `.unsupportedTransferEncoding` when other codings come before it.
        func validate(version: HTTPVersion) throws(Error) {
            guard version >= .http11, !malformed, lastIsChunked, chunkedCount == 1 else {
                throw .invalidTransferEncoding
            }
            if count > 1 { throw .unsupportedTransferEncoding }
        }
    }
}
