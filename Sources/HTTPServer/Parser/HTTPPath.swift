// HTTPServer — request-target forms
import Bytes

/// Request-target forms, percent-decoding and path normalisation (RFC 9112 §3.2, RFC 3986 §5.2.4).
///
/// Decoding happens before normalisation, so `%2e%2e` and `..%2f` are resolved like `..` and `../`; a path that
/// climbs above `/` is invalid rather than clamped.
public enum HTTPPath {
    private static let dot = UInt8(ascii: ".")

    /// Splits a request target into its normalised path and raw query.
    /// - Parameters:
    ///   - target: the target bytes (already limited to visible ASCII without `#` by the parser).
    ///   - method: the request method; `*` is only for `OPTIONS` and authority-form only for `CONNECT`.
    /// - Returns: the normalised path and the raw query (nil without `?`).
    /// - Throws: `.invalidTarget` for a malformed target or percent-escape, `.invalidPath` for a path that is
    ///   above the root or decodes to a control byte or to invalid UTF-8.
    public static func parseTarget(_ target: ArraySlice<UInt8>, method: String) throws(HTTPRequestParser.Error)
        -> (path: String, query: String?)
    {
        guard let first = target.first else { throw .invalidTarget }
        if method == "CONNECT" {
            guard first != HTTPBytes.slash, target.allSatisfy(HTTPBytes.isHostByte) else { throw .invalidTarget }
            return ("", nil)
        }
        if target.count == 1, first == UInt8(ascii: "*") {
            guard method == "OPTIONS" else { throw .invalidTarget }
            return ("*", nil)
        }
        var rest = target
        if first != HTTPBytes.slash {
            rest = try pathOfAbsoluteForm(target)
        }
        try validatePercentEscapes(rest)
        let questionMark = rest.firstIndex(of: HTTPBytes.question)
        let rawPath = questionMark.map { rest[..<$0] } ?? rest
        let query = questionMark.map { String(decoding: rest[rest.index(after: $0)...], as: UTF8.self) }
        guard let path = normalize(rawPath.isEmpty ? [HTTPBytes.slash][...] : rawPath) else { throw .invalidPath }
        return (path, query)
    }

    /// Where a target's path and query are, as the parser finds the target: the usual one, an origin-form
    /// path that needs no normalising (``isNormal(_:)``), holds both where they lie; any other is split
    /// as ``parseTarget(_:method:)`` splits it.
    /// - Throws: as ``parseTarget(_:method:)``.
    /// - Complexity: O(n).
    static func parts(of target: UnsafeRawBufferPointer, method: String) throws(HTTPRequestParser.Error)
        -> HTTPRequest.Parts
    {
        if method != "CONNECT", let parts = usualParts(of: target) { return parts }
        let (path, query) = try parseTarget(Array(target)[...], method: method)
        return .apart(path: path, query: query)
    }

    /// The parts of the usual target, an origin-form path already normal (``isNormal(_:)``) and a query
    /// with valid escapes; nil for any other target. The path is tested 16 bytes at a time, and the `?`,
    /// the path's slashes and the query's `%` are found with `memchr`.
    /// - Complexity: O(n).
    private static func usualParts(of target: UnsafeRawBufferPointer) -> HTTPRequest.Parts? {
        guard target.first == HTTPBytes.slash else { return nil }
        let pathEnd = HTTPBytes.firstIndex(of: HTTPBytes.question, in: target, from: 0) ?? target.count
        let path = UnsafeRawBufferPointer(rebasing: target[..<pathEnd])
        guard !BlockScan.anyBlock(of: path, hasEscapeOrControl) else { return nil }
        // No empty segment and no dot segment: no `/` followed by `/` or `.`.
        var slash = 0
        while let next = HTTPBytes.firstIndex(of: HTTPBytes.slash, in: path, from: slash) {
            if next + 1 < path.count && (path[next + 1] == HTTPBytes.slash || path[next + 1] == dot) { return nil }
            slash = next + 1
        }
        guard pathEnd < target.count else { return .inTarget(pathEnd: pathEnd, hasQuery: false) }
        let query = UnsafeRawBufferPointer(rebasing: target[(pathEnd + 1)...])
        if HTTPBytes.firstIndex(of: HTTPBytes.percent, in: query, from: 0) != nil, !hasValidEscapes(query) {
            return nil
        }
        return .inTarget(pathEnd: pathEnd, hasQuery: true)
    }

    /// Whether a block has a `%`, a control byte or a byte past ASCII.
    @inline(__always)
    private static func hasEscapeOrControl(_ bytes: SIMD16<UInt8>) -> Bool {
        let percent: SIMDMask<SIMD16<Int8>> = bytes .== SIMD16(repeating: HTTPBytes.percent)
        let outside: SIMDMask<SIMD16<Int8>> = (bytes &- SIMD16(repeating: 0x20)) .>= SIMD16(repeating: 0x5f)
        return BlockScan.anyLane(percent .| outside)
    }

    /// The path and query of an absolute-form target such as `http://host:8080/a?b`.
    private static func pathOfAbsoluteForm(_ target: ArraySlice<UInt8>) throws(HTTPRequestParser.Error)
        -> ArraySlice<UInt8>
    {
        guard let colon = target.firstIndex(of: HTTPBytes.colon) else { throw .invalidTarget }
        let scheme = target[..<colon]
        guard HTTPBytes.equalsIgnoringCase(scheme, "http".utf8) || HTTPBytes.equalsIgnoringCase(scheme, "https".utf8),
            target[colon...].starts(with: "://".utf8)
        else { throw .invalidTarget }
        let authorityStart = colon + 3
        let authorityEnd =
            target[authorityStart...].firstIndex { $0 == HTTPBytes.slash || $0 == HTTPBytes.question }
            ?? target.endIndex
        let authority = target[authorityStart..<authorityEnd]
        guard !authority.isEmpty, authority.allSatisfy(HTTPBytes.isHostByte) else { throw .invalidTarget }
        return target[authorityEnd...]
    }

    private static func validatePercentEscapes(_ bytes: ArraySlice<UInt8>) throws(HTTPRequestParser.Error) {
        guard hasValidEscapes(bytes) else { throw .invalidTarget }
    }

    /// Percent-decodes a path and removes its dot segments and empty segments.
    /// - Parameter raw: a path starting with `/`, possibly with percent-escapes.
    /// - Returns: the normalised path (a trailing `/` is kept), or nil when it is not a path, has a bad escape,
    ///   decodes to a control byte or invalid UTF-8, or climbs above `/`.
    /// - Complexity: O(n).
    public static func normalize(_ raw: ArraySlice<UInt8>) -> String? {
        guard raw.first == HTTPBytes.slash else { return nil }
        if isNormal(raw) { return String(decoding: raw, as: UTF8.self) }

        guard let decoded = percentDecoded(raw), decoded.allSatisfy({ $0 >= 0x20 && $0 != 0x7f }),
            String(validating: decoded, as: UTF8.self) != nil
        else { return nil }
        var segments: [ArraySlice<UInt8>] = []
        let parts = decoded.split(separator: HTTPBytes.slash, omittingEmptySubsequences: false).dropFirst()
        for part in parts {
            if part.isEmpty || part.elementsEqual([dot]) { continue }
            if part.elementsEqual([dot, dot]) {
                guard segments.popLast() != nil else { return nil }
                continue
            }
            segments.append(part)
        }
        var output: [UInt8] = []
        output.reserveCapacity(decoded.count)
        for segment in segments {
            output.append(HTTPBytes.slash)
            output.append(contentsOf: segment)
        }
        let last = parts.last ?? []
        let endsAsDirectory = last.isEmpty || last.elementsEqual([dot]) || last.elementsEqual([dot, dot])
        if output.isEmpty || endsAsDirectory { output.append(HTTPBytes.slash) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `raw`, a path starting with `/`, is already what ``normalize(_:)`` makes of it: no escape,
    /// no control byte or byte past ASCII, and no empty or dot segment.
    /// - Complexity: O(n).
    public static func isNormal<Bytes: Collection<UInt8>>(_ raw: Bytes) -> Bool {
        guard raw.first == HTTPBytes.slash else { return false }
        var previous: UInt8 = 0
        for byte in raw {
            if byte == HTTPBytes.percent || byte < 0x20 || byte >= 0x7f
                || (previous == HTTPBytes.slash && (byte == HTTPBytes.slash || byte == dot))
            {
                return false
            }
            previous = byte
        }
        return true
    }

    /// Whether every `%` in `bytes` starts an escape of two hexadecimal digits, as a target needs.
    /// - Complexity: O(n).
    public static func hasValidEscapes<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool where Bytes.Index == Int {
        var index = bytes.startIndex
        while let percent = bytes[index...].firstIndex(of: HTTPBytes.percent) {
            guard percent + 2 < bytes.endIndex, HTTPBytes.hexValue(bytes[percent + 1]) != nil,
                HTTPBytes.hexValue(bytes[percent + 2]) != nil
            else { return false }
            index = percent + 3
        }
        return true
    }

    /// The bytes of `raw` with `%HH` escapes decoded.
    /// - Returns: nil when a `%` is not followed by two hexadecimal digits.
    private static func percentDecoded(_ raw: ArraySlice<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            if byte == HTTPBytes.percent {
                guard index + 2 < raw.endIndex, let high = HTTPBytes.hexValue(raw[index + 1]),
                    let low = HTTPBytes.hexValue(raw[index + 2])
                else { return nil }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(byte)
                index += 1
            }
        }
        return output
    }

    /// Decodes one query name or value: `+` is a space, `%HH` a byte; a malformed escape stays as it is and
    /// invalid UTF-8 becomes U+FFFD.
    /// - Complexity: O(n).
    public static func decodeQueryComponent<C: Collection>(_ raw: C) -> String where C.Element == UInt8 {
        if !raw.contains(where: { $0 == HTTPBytes.percent || $0 == UInt8(ascii: "+") }) {
            return String(decoding: raw, as: UTF8.self)
        }
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            let second = raw.index(after: index)
            if byte == HTTPBytes.percent, second < raw.endIndex, raw.index(after: second) < raw.endIndex,
                let high = HTTPBytes.hexValue(raw[second]), let low = HTTPBytes.hexValue(raw[raw.index(after: second)])
            {
                output.append(high << 4 | low)
                index = raw.index(second, offsetBy: 2)
            } else {
                output.append(byte == UInt8(ascii: "+") ? HTTPBytes.space : byte)
                index = second
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
