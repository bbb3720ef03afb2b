// HTTPServer — a plain GET, lent as the bytes it arrived in
import Glibc

/// A `GET` whose head is as plain as most are, lent as the bytes it arrived in, before any string is made
/// of it: HTTP/1.1, an origin-form target whose path needs no normalising (no escape, no empty or dot
/// segment), one valid `Host`, no `Content-Length`, `Transfer-Encoding` or `Expect`, and no `Connection`
/// but `keep-alive`.
///
/// Such a request means what its bytes say: it has no body, it keeps the connection open, and its path is
/// already the one ``HTTPPath/normalize(_:)`` makes. A ``HTTPPlainResponder`` may answer it from here;
/// any other request, and any the responder declines, is made into an ``HTTPRequest`` for the handler.
/// The bytes are valid only during the responder's call.
public struct HTTPPlainRequest {
    /// The path, starting with `/`: visible ASCII, as normal as ``HTTPPath/normalize(_:)`` would make it.
    public let path: UnsafeRawBufferPointer
    /// The query after `?`, undecoded (its escapes are well formed); empty when there is none.
    public let query: UnsafeRawBufferPointer
    /// The target as sent: the path, then `?` and the query if any.
    public let target: UnsafeRawBufferPointer
    /// The index of the event loop answering the request (from 0 to the configuration's `eventLoopCount`):
    /// a responder may keep state per loop, which only that loop's thread touches.
    public internal(set) var loop = 0
    /// Memory the responder may write the body of its answer into, lent by the event loop for the length
    /// of the call: an answer whose body is there says how many bytes it wrote
    /// (``HTTPResponse/init(status:fieldLines:lentBodyCount:)``), and the server copies them out before
    /// the loop reads another request. Its size is the configuration's `plainBodyBytes`.
    public internal(set) var bodyMemory = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    private let head: UnsafeRawBufferPointer
    private let fields: [HTTPRequestParser.FieldSpan]

    fileprivate init(
        path: UnsafeRawBufferPointer, query: UnsafeRawBufferPointer, target: UnsafeRawBufferPointer,
        head: UnsafeRawBufferPointer, fields: [HTTPRequestParser.FieldSpan]
    ) {
        self.path = path
        self.query = query
        self.target = target
        self.head = head
        self.fields = fields
    }

    /// The value of the first header field called `name` (ASCII case-insensitive), trimmed as the
    /// parser trims it; nil when there is none.
    /// - Complexity: O(number of fields).
    public func field(_ name: StaticString) -> UnsafeRawBufferPointer? {
        let wanted = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for span in fields where span.nameEnd - span.nameStart == wanted.count {
            let fieldName = UnsafeRawBufferPointer(rebasing: head[span.nameStart..<span.nameEnd])
            if HTTPBytes.equalsIgnoringCase(fieldName, wanted) {
                return UnsafeRawBufferPointer(rebasing: head[span.valueStart..<span.valueEnd])
            }
        }
        return nil
    }

    /// Calls `body` with the value of every header field called `name` (ASCII case-insensitive), in order,
    /// trimmed as the parser trims it.
    /// - Complexity: O(number of fields).
    func forEachField(named name: StaticString, _ body: (UnsafeRawBufferPointer) -> Void) {
        let wanted = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for span in fields where span.nameEnd - span.nameStart == wanted.count {
            let fieldName = UnsafeRawBufferPointer(rebasing: head[span.nameStart..<span.nameEnd])
            if HTTPBytes.equalsIgnoringCase(fieldName, wanted) {
                body(UnsafeRawBufferPointer(rebasing: head[span.valueStart..<span.valueEnd]))
            }
        }
    }
}

extension HTTPRequestParser {
    /// The head just scanned (``scan(_:)`` said `.complete`) as a plain request, when it is one.
    /// - Parameter buffer: the bytes given to ``scan(_:)``.
    /// - Returns: nil when the head is not plain; ``makeHead(_:)`` then makes it (or finds it invalid).
    /// - Complexity: O(head size).
    public func plainRequest(_ buffer: UnsafeRawBufferPointer) -> HTTPPlainRequest? {
        guard methodEnd - methodStart == 3, buffer[methodStart] == UInt8(ascii: "G"),
            buffer[methodStart + 1] == UInt8(ascii: "E"), buffer[methodStart + 2] == UInt8(ascii: "T"),
            isHTTP11(buffer)
        else { return nil }
        var hostCount = 0
        for span in fields {
            let name = UnsafeRawBufferPointer(rebasing: buffer[span.nameStart..<span.nameEnd])
            switch name.count {
            case 4 where HTTPBytes.equalsIgnoringCase(name, "host".utf8):
                let value = UnsafeRawBufferPointer(rebasing: buffer[span.valueStart..<span.valueEnd])
                guard value.allSatisfy(HTTPBytes.isHostByte) else { return nil }
                hostCount += 1
            case 10 where HTTPBytes.equalsIgnoringCase(name, "connection".utf8):
                // `keep-alive`, as browsers send it, says what HTTP/1.1 means anyway; any other option is
                // the full head's to read.
                let value = UnsafeRawBufferPointer(rebasing: buffer[span.valueStart..<span.valueEnd])
                for token in value.split(separator: UInt8(ascii: ",")) {
                    guard HTTPBytes.equalsIgnoringCase(HTTPBytes.trimmingWhitespace(token), "keep-alive".utf8) else {
                        return nil
                    }
                }
            case 6 where HTTPBytes.equalsIgnoringCase(name, "expect".utf8),
                14 where HTTPBytes.equalsIgnoringCase(name, "content-length".utf8),
                17 where HTTPBytes.equalsIgnoringCase(name, "transfer-encoding".utf8):
                return nil
            default:
                break
            }
        }
        guard hostCount == 1 else { return nil }
        let target = UnsafeRawBufferPointer(rebasing: buffer[targetStart..<targetEnd])
        let questionMark = target.firstIndex(of: HTTPBytes.question) ?? target.endIndex
        let path = UnsafeRawBufferPointer(rebasing: target[..<questionMark])
        let query = UnsafeRawBufferPointer(
            rebasing: target[Swift.min(questionMark + 1, target.endIndex)...])
        guard HTTPPath.isNormal(path), HTTPPath.hasValidEscapes(query) else { return nil }
        return HTTPPlainRequest(path: path, query: query, target: target, head: buffer, fields: fields)
    }

    /// Whether the request line says exactly `HTTP/1.1`.
    private func isHTTP11(_ buffer: UnsafeRawBufferPointer) -> Bool {
        let start = versionStart
        guard buffer.count > start + 8, let base = buffer.baseAddress else { return false }
        let version: StaticString = "HTTP/1.1"
        return memcmp(base + start, version.utf8Start, 8) == 0
    }
}
