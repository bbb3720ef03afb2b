// HTTPServer — the query of a target, decoded once
import Bytes

/// The query of a request target, split and decoded once: a handler that reads several parameters
/// reads them from here rather than scanning the raw query for each.
///
/// ```swift
/// let query = HTTPQuery("top=120&expanded=1-3%2C7&top=9")
/// query["top"]        // "120" (the first occurrence)
/// query["expanded"]   // "1-3,7"
/// query["width"]      // nil
/// ```
public struct HTTPQuery: Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    /// Where one item lies in ``text``'s bytes: its name up to `equals` (or `end` when it has no `=`),
    /// its value after it.
    private struct Span: Sendable, Equatable {
        var start: Int
        var equals: Int
        var end: Int
        /// Whether the name has no escape (`%`, `+`): then it is compared as it is, without decoding.
        var nameIsPlain: Bool
        /// Whether the value has no escape: then its bytes are the value.
        var valueIsPlain: Bool
    }

    /// The raw query; a native string, so its bytes are read in place.
    private let text: String
    private var spans: [Span] = []
    /// One bit for each plain name's ``nameBit(length:first:)``, and every bit when a name is escaped:
    /// a name whose bit is clear is not in the query, which a handler that looks for several optional
    /// parameters learns without a scan.
    private var names: UInt64 = 0

    /// - Parameter rawQuery: the query after `?`, undecoded; nil or empty for none.
    /// - Complexity: O(n) in the query's length. Nothing is decoded until it is asked for.
    public init(_ rawQuery: String?) {
        var text = rawQuery ?? ""
        var spans: [Span] = []
        var names: UInt64 = 0
        text.withUTF8 { bytes in
            let count = bytes.count
            guard count > 0 else { return }
            // Room for a window request's parameters, so that the list does not grow item by item.
            spans.reserveCapacity(8)
            var start = 0
            while start < count {
                var end = start
                var equals = -1
                var nameIsPlain = true
                var valueIsPlain = true
                while end < count && bytes[end] != UInt8(ascii: "&") {
                    switch bytes[end] {
                    case UInt8(ascii: "=") where equals < 0: equals = end
                    case HTTPBytes.percent, UInt8(ascii: "+"):
                        if equals < 0 { nameIsPlain = false } else { valueIsPlain = false }
                    default: break
                    }
                    end += 1
                }
                if end > start {
                    let nameEnd = equals < 0 ? end : equals
                    names |= nameIsPlain ? Self.nameBit(length: nameEnd - start, first: bytes[start]) : ~0
                    spans.append(
                        Span(
                            start: start, equals: equals < 0 ? end : equals, end: end, nameIsPlain: nameIsPlain,
                            valueIsPlain: valueIsPlain))
                }
                start = end + 1
            }
        }
        self.text = text
        self.spans = spans
        self.names = names
    }

    /// The bit of ``names`` for a name of `length` bytes starting with `first`.
    @inline(__always)
    private static func nameBit(length: Int, first: UInt8) -> UInt64 {
        1 << UInt64(truncatingIfNeeded: (length & 7) << 3 | Int(first & 7))
    }

    /// Every item, in order, decoded.
    public var items: [Item] {
        withBytes { bytes in
            spans.map { Item(name: Self.name(of: $0, in: bytes), value: Self.value(of: $0, in: bytes)) }
        }
    }

    /// The decoded value of the first item called `name`, "" for an item without `=`; nil when absent.
    /// - Complexity: O(n) in the query's length; only the value found is decoded.
    public subscript(name: String) -> String? {
        guard !spans.isEmpty else { return nil }
        var name = name
        return name.withUTF8 { wanted in
            guard wanted.isEmpty || names & Self.nameBit(length: wanted.count, first: wanted[0]) != 0 else {
                return nil
            }
            return withBytes { bytes in
                for span in spans {
                    let matches: Bool
                    if span.nameIsPlain {
                        let length = span.equals - span.start
                        matches = length == wanted.count && ByteComparison.same(bytes, at: span.start, wanted)
                    } else {
                        matches = Self.name(of: span, in: bytes).utf8.elementsEqual(wanted)
                    }
                    if matches { return Self.value(of: span, in: bytes) }
                }
                return nil
            }
        }
    }

    /// The value of the first item called `name` when it is a whole number written plainly, 1 to 15
    /// ASCII digits (the usual form of an offset), read where it lies: no string is made.
    /// - Returns: nil when there is no such item, and also when the value is another text, or when a
    ///   name before it is escaped (and so may decode to `name`): then ask ``subscript(_:)``.
    /// - Complexity: O(n) in the query's length.
    public func wholeNumber(_ name: StaticString) -> Int? {
        guard let (start, end) = plainValue(name), end > start, end - start <= 15 else { return nil }
        return withBytes { bytes -> Int? in
            var value = 0
            for byte in bytes[start..<end] {
                guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
                value = value &* 10 &+ Int(byte &- UInt8(ascii: "0"))
            }
            return value
        }
    }

    /// Whether the first item called `name` is `value` written plainly, read where it lies; false when
    /// there is no such item, and also when the answer needs decoding (see ``wholeNumber(_:)``).
    /// - Complexity: O(n) in the query's length.
    public func hasPlainValue(_ name: StaticString, _ value: StaticString) -> Bool {
        guard let (start, end) = plainValue(name), end - start == value.utf8CodeUnitCount else { return false }
        return withBytes { bytes in ByteComparison.same(bytes, at: start, value) }
    }

    /// Where the value of the first item called `name` lies in ``text``'s bytes, when neither it nor a
    /// name before it needs decoding.
    private func plainValue(_ name: StaticString) -> (start: Int, end: Int)? {
        guard !spans.isEmpty else { return nil }
        let wanted = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        guard names & Self.nameBit(length: wanted.count, first: wanted.first ?? 0) != 0 else { return nil }
        return withBytes { bytes -> (start: Int, end: Int)? in
            for span in spans {
                // An escaped name may decode to `name`, and so be the first item called that.
                guard span.nameIsPlain else { return nil }
                guard span.equals - span.start == wanted.count, ByteComparison.same(bytes, at: span.start, wanted)
                else { continue }
                return span.valueIsPlain ? (min(span.equals + 1, span.end), span.end) : nil
            }
            return nil
        }
    }

    private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // A native string lends its bytes where they are; another is made contiguous first.
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = text
        return text.withUTF8(body)
    }

    private static func name(of span: Span, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        HTTPPath.decodeQueryComponent(UnsafeBufferPointer(rebasing: bytes[span.start..<span.equals]))
    }

    private static func value(of span: Span, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard span.equals < span.end else { return "" }
        let value = UnsafeBufferPointer(rebasing: bytes[(span.equals + 1)..<span.end])
        return span.valueIsPlain ? String(decoding: value, as: UTF8.self) : HTTPPath.decodeQueryComponent(value)
    }
}

extension HTTPRequest {
    /// The request's query, split and decoded (see ``HTTPQuery``).
    public var parsedQuery: HTTPQuery { HTTPQuery(rawQuery) }
}
