// HTTPServer — the fields of a response that its coding depends on
import Bytes

/// The fields of a response that its coding depends on (`Content-Type`, `Content-Encoding`, `ETag`), read
/// in one pass over its headers and its field lines (a ``ResponseWriter``'s), and the one field the
/// coding changes, `ETag`.
struct ResponseFields {
    /// Whether the response's first `Content-Type` is one gzip makes smaller
    /// (``ResponseCompression/isCompressible(mediaType:)``); false when it has none.
    private(set) var isCompressible = false
    /// Whether the handler wrote a `Content-Encoding`.
    private(set) var hasContentEncoding = false
    /// The `ETag` line in the field lines, CRLF included, and its value.
    private var etagLine: (line: Range<Int>, value: Range<Int>)?

    /// - Complexity: O(size of the head), with no allocation.
    init(_ response: HTTPResponse) {
        var sawType = false
        for field in response.headers {
            switch field.name.utf8.count {
            case 12 where HTTPHeaders.namesMatch(field.name, "Content-Type"):
                if !sawType { isCompressible = ResponseCompression.isCompressible(mediaType: field.value) }
                sawType = true
            case 16 where HTTPHeaders.namesMatch(field.name, "Content-Encoding"):
                hasContentEncoding = true
            default:
                break
            }
        }
        guard !response.fieldLines.isEmpty else { return }
        response.fieldLines.withUnsafeBytes { lines in
            // Each line is `Name: value` and CRLF (``ResponseWriter``); a line is found with memchr
            // and its name read only when its first letter and length are those of a wanted one.
            var start = 0
            while start < lines.count {
                let next = (HTTPBytes.firstIndex(of: HTTPBytes.lf, in: lines, from: start) ?? lines.count - 1) + 1
                defer { start = next }
                let first = HTTPBytes.lowercased(lines[start])
                guard first == UInt8(ascii: "c") || first == UInt8(ascii: "e"),
                    let colon = HTTPBytes.firstIndex(of: HTTPBytes.colon, in: lines, from: start, to: next)
                else { continue }
                let name = UnsafeRawBufferPointer(rebasing: lines[start..<colon])
                var valueStart = colon + 1
                var valueEnd = next
                while valueEnd > valueStart, HTTPBytes.isTrimmed(lines[valueEnd - 1]) { valueEnd -= 1 }
                while valueStart < valueEnd, HTTPBytes.isTrimmed(lines[valueStart]) { valueStart += 1 }
                switch name.count {
                case 12 where HTTPBytes.equalsIgnoringCase(name, lowercase: "content-type"):
                    if !sawType {
                        isCompressible = ResponseCompression.isCompressible(
                            mediaType: UnsafeRawBufferPointer(rebasing: lines[valueStart..<valueEnd]))
                    }
                    sawType = true
                case 16 where HTTPBytes.equalsIgnoringCase(name, lowercase: "content-encoding"):
                    hasContentEncoding = true
                case 4 where etagLine == nil && HTTPBytes.equalsIgnoringCase(name, lowercase: "etag"):
                    etagLine = (start..<next, valueStart..<valueEnd)
                default:
                    break
                }
            }
        }
    }

    /// Whether the response may be compressed: its type is one gzip makes smaller
    /// (``ResponseCompression/isCompressible(mediaType:)``) and its handler wrote no `Content-Encoding`.
    ///
    /// Read on every response, so the usual fields cost little: when the first field a handler wrote into
    /// the ``ResponseWriter`` is the `Content-Type`, as the window routes write it, only that line is read
    /// (the writer's fields never name `Content-Encoding`: a handler that codes its own body says so in the
    /// response's headers; checked in debug builds).
    /// - Complexity: O(headers), and O(first field line) in the usual case, else O(field lines).
    /// - Parameter written: the fields `response` wrote into the loop's writer, read in place in the usual
    ///   case and else made its own.
    static func mayCompress(_ response: inout HTTPResponse, written: inout ResponseWriter.Output) -> Bool {
        if response.headers.isEmpty {
            let compressible =
                response.fieldLines.isEmpty
                ? firstLineTypeIsCompressible(written.fields)
                : response.fieldLines.withUnsafeBytes { firstLineTypeIsCompressible($0) }
            if let compressible {
                assert(!hasContentEncoding(response, written), "written fields that name Content-Encoding")
                return compressible
            }
        }
        response.adoptFields(&written)
        let fields = ResponseFields(response)
        return fields.isCompressible && !fields.hasContentEncoding
    }

    /// Whether `response`'s headers or field lines, written ones included, name a `Content-Encoding`.
    private static func hasContentEncoding(_ response: HTTPResponse, _ written: ResponseWriter.Output) -> Bool {
        var response = response
        var written = written
        response.adoptFields(&written)
        return ResponseFields(response).hasContentEncoding
    }

    /// Whether the type named by the first field line is compressible; nil when that line is not
    /// `Content-Type: …` as ``ResponseWriter`` writes it.
    private static func firstLineTypeIsCompressible(_ lines: UnsafeRawBufferPointer) -> Bool? {
        let name: StaticString = "Content-Type:"
        let start = name.utf8CodeUnitCount
        guard lines.count > start, ByteComparison.same(lines, at: 0, name) else { return nil }
        let end = HTTPBytes.firstIndex(of: HTTPBytes.cr, in: lines, from: start) ?? lines.count
        return ResponseCompression.isCompressible(mediaType: UnsafeRawBufferPointer(rebasing: lines[start..<end]))
    }

    /// The response's entity tag, from its headers or its field lines; nil when it has none.
    func etag(of response: HTTPResponse) -> String? {
        if let tag = response.headers["ETag"] { return tag }
        return etagLine.map { String(decoding: response.fieldLines[$0.value], as: UTF8.self) }
    }

    /// The response's entity tag when it is strong (not `W/`): one that names its bytes.
    func strongETag(of response: HTTPResponse) -> String? {
        etag(of: response).flatMap { $0.hasPrefix("\"") ? $0 : nil }
    }

    /// Gives the response the entity tag of its gzip variant (``ResponseCompression/gzipVariant(of:)``),
    /// where its tag is; a tag that is not an entity tag is removed, so that no variant shares it.
    func giveGzipVariantTag(to response: inout HTTPResponse) {
        if let tag = response.headers["ETag"] {
            if let variant = ResponseCompression.gzipVariant(of: tag) {
                response.headers.set("ETag", variant)
            } else {
                response.headers.remove("ETag")
            }
        }
        guard let etagLine else { return }
        let lines = response.fieldLines
        let tag = String(decoding: lines[etagLine.value], as: UTF8.self)
        var rewritten = Array(lines[..<etagLine.line.lowerBound])
        if let variant = ResponseCompression.gzipVariant(of: tag) {
            rewritten += lines[etagLine.line.lowerBound..<etagLine.value.lowerBound]
            rewritten += variant.utf8
            rewritten += lines[etagLine.value.upperBound..<etagLine.line.upperBound]
        }
        rewritten += lines[etagLine.line.upperBound...]
        response.fieldLines = rewritten
    }
}
