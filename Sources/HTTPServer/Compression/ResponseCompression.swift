// HTTPServer — when responses are compressed, and how much

/// When the server compresses a response body with gzip, and how much: the settings of
/// ``HTTPServerConfiguration/compression``, and the rules over content types and entity tags.
///
/// A response is compressed for a request that accepts gzip (``AcceptEncoding``) when its status has a
/// body other than a range (not `204`, `205`, `206`, `304`, `1xx`), its handler wrote no `Content-Encoding`
/// and did not say ``HTTPResponse/Compression/never``, its type is text (``isCompressible(mediaType:)``),
/// and its body is from ``minimumBytes`` to ``maximumBytes`` long. It then carries `Content-Encoding: gzip`,
/// its length compressed, and an entity tag of its own (``gzipVariant(of:)``). Every response whose type
/// could be compressed carries `Vary: Accept-Encoding`, compressed or not. Event streams are compressed as
/// they are written (``GzipDeflater/segment(of:_:)``).
public struct ResponseCompression: Sendable, Equatable {
    /// Shorter bodies are sent as written. 1 KiB: a shorter one goes out with its head in one packet,
    /// so compressing it saves no round trip and costs a deflate.
    public var minimumBytes = 1024
    /// Longer bodies are sent as written: compressing 8 MiB holds an event loop for about 100 ms.
    public var maximumBytes = 8 << 20
    /// The level of a body written for its request (pages, windows, JSON): 1 (fastest) to 9 (smallest).
    public var level = 6
    /// The level of a body that stays the same while its entity tag does (``HTTPResponse/Compression/stable``,
    /// a file): compressed once and kept, so the smallest.
    public var stableLevel = 9
    /// The most compressed bytes kept by path and entity tag (``GzipCache``); 0 keeps none.
    public var cacheBytes = 16 << 20

    public init() {}

    /// Whether a body of this `Content-Type` is text that gzip makes smaller: `text/*`, JSON and XML
    /// (with their `+json` and `+xml` types, `application/problem+json` among them), JavaScript and SVG.
    /// Compared without case and without parameters (`; charset=utf-8`).
    /// - Complexity: O(value length).
    public static func isCompressible(mediaType value: String) -> Bool {
        var value = value
        return value.withUTF8 { isCompressible(mediaType: UnsafeRawBufferPointer($0)) }
    }

    /// Whether a body of the `Content-Type` with these bytes is compressible, as for the value as a string.
    /// - Complexity: O(value.count), with no allocation.
    public static func isCompressible(mediaType value: UnsafeRawBufferPointer) -> Bool {
        var end = HTTPBytes.firstIndex(of: UInt8(ascii: ";"), in: value, from: 0) ?? value.count
        var start = 0
        while start < end, value[start] == HTTPBytes.space || value[start] == HTTPBytes.tab { start += 1 }
        while end > start, value[end - 1] == HTTPBytes.space || value[end - 1] == HTTPBytes.tab { end -= 1 }
        let type = UnsafeRawBufferPointer(rebasing: value[start..<end])
        guard type.count > 4 else { return false }
        // Told apart by their first and last letters, so that a type is compared with one or two names.
        switch HTTPBytes.lowercased(type[0]) {
        case UInt8(ascii: "t"):
            return type.hasPrefix("text/")
        case UInt8(ascii: "a"):
            guard type.hasPrefix("application/") else { return false }
            switch HTTPBytes.lowercased(type[type.count - 1]) {
            case UInt8(ascii: "n"): return type.hasSuffix("/json") || type.hasSuffix("+json")
            case UInt8(ascii: "t"): return type.hasSuffix("/javascript")
            case UInt8(ascii: "l"): return type.hasSuffix("/xml") || type.hasSuffix("+xml")
            default: return false
            }
        case UInt8(ascii: "i"):
            return HTTPBytes.equalsIgnoringCase(type, lowercase: "image/svg+xml")
        default:
            return false
        }
    }

    /// The entity tag of the gzip variant of a response tagged `etag`: `-gzip` before the closing quote
    /// (`"abc"` → `"abc-gzip"`, `W/"abc"` → `W/"abc-gzip"`), so that no cache takes one variant's bytes for
    /// the other's, and a client that holds either can ask whether it is current.
    /// - Returns: nil when `etag` is not an entity tag (no quotes).
    public static func gzipVariant(of etag: String) -> String? {
        let opaque = etag.hasPrefix("W/") ? etag.dropFirst(2) : etag[...]
        guard opaque.utf8.count >= 2, opaque.first == "\"", opaque.last == "\"" else { return nil }
        return String(etag.dropLast()) + gzipSuffix + "\""
    }

    /// What the handler is to compare for an `If-None-Match` that names gzip variants: each such tag
    /// as its identity tag (`"abc-gzip"` → `"abc"`), the others as they are.
    /// - Returns: the rewritten list; nil when no tag in `condition` names a gzip variant.
    /// - Complexity: O(condition length).
    public static func identityCondition(_ condition: String) -> String? {
        guard condition.utf8.contains(subsequence: variantEnding.utf8) else { return nil }
        var changed = false
        let tags = condition.split(separator: ",").map { element -> Substring in
            var tag = element
            while let first = tag.first, first == " " || first == "\t" { tag = tag.dropFirst() }
            while let last = tag.last, last == " " || last == "\t" { tag = tag.dropLast() }
            guard tag.hasSuffix(variantEnding), tag.utf8.count > variantEnding.utf8.count else { return tag }
            changed = true
            return tag.dropLast(variantEnding.count) + "\""
        }
        return changed ? tags.joined(separator: ", ") : nil
    }

    static let gzipSuffix = "-gzip"
    /// How a gzip variant's tag ends.
    static let variantEnding = "-gzip\""
}

extension Collection where Element == UInt8 {
    /// Whether `subsequence` occurs in these bytes.
    /// - Complexity: O(count × subsequence.count).
    func contains(subsequence: some Collection<UInt8>) -> Bool {
        guard let first = subsequence.first else { return true }
        var start = startIndex
        while let found = self[start...].firstIndex(of: first) {
            if self[found...].starts(with: subsequence) { return true }
            start = index(after: found)
        }
        return false
    }
}

extension UnsafeRawBufferPointer {
    /// Whether these bytes begin with `prefix`, a lower-case ASCII literal, compared without case.
    @inline(__always)
    fileprivate func hasPrefix(_ prefix: StaticString) -> Bool {
        count >= prefix.utf8CodeUnitCount
            && HTTPBytes.equalsIgnoringCase(Self(rebasing: self[..<prefix.utf8CodeUnitCount]), lowercase: prefix)
    }

    /// Whether these bytes end with `suffix`, a lower-case ASCII literal, compared without case.
    @inline(__always)
    fileprivate func hasSuffix(_ suffix: StaticString) -> Bool {
        count >= suffix.utf8CodeUnitCount
            && HTTPBytes.equalsIgnoringCase(
                Self(rebasing: self[(count - suffix.utf8CodeUnitCount)...]), lowercase: suffix)
    }
}
