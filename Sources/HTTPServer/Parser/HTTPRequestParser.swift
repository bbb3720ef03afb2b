// HTTPServer — an incremental parser for HTTP/1.1 request heads

/// An incremental parser for HTTP/1.1 request heads (request line and header fields, RFC 9112), a pure
/// function over bytes: no I/O, no allocation until a head is complete.
///
/// Call `parse` with the bytes received so far for the current request (a growing buffer starting at the
/// request); each byte is examined once across calls, so a client that sends one byte at a time costs O(n) in
/// total. Bytes that RFC 9112 forbids are refused as soon as they arrive. After `.complete(head, byteCount:)`
/// the parser is ready for the next request, whose bytes start at `byteCount`.
public struct HTTPRequestParser {
    public enum Result: Equatable {
        /// A whole head of `byteCount` bytes (leading empty lines included); the body, if any, follows.
        case complete(HTTPRequestHead, byteCount: Int)
        /// A strict prefix of a valid head: more bytes are needed.
        case incomplete
        /// The bytes can never become a valid head; answer `error.status` and close.
        case invalid(Error)
    }

    private enum State: UInt8 {
        case start, startLF, method, targetStart, target, version, requestLineLF
        case fieldStart, fieldName, valueStart, value, fieldLF, finalLF
    }

    public struct FieldSpan {
        public var nameStart: Int
        public var nameEnd: Int
        public var valueStart: Int
        public var valueEnd: Int
    }

    /// The most bytes a head may take, leading empty lines included (`431` beyond).
    public let maxHeaderBytes: Int
    /// The most header fields a head may have (`431` beyond).
    public let maxFieldCount: Int

    private var state = State.start
    private var failure: Error?
    private var position = 0
    private(set) var methodStart = 0
    private(set) var methodEnd = 0
    private(set) var targetStart = 0
    private(set) var targetEnd = 0
    private(set) var versionStart = 0
    private var current = FieldSpan(nameStart: 0, nameEnd: 0, valueStart: 0, valueEnd: 0)
    private(set) var fields: [FieldSpan] = []

    public init(maxHeaderBytes: Int = 16 * 1024, maxFieldCount: Int = 100) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxFieldCount = maxFieldCount
    }

    /// How many bytes of the current request have been examined (and will not be examined again).
    public var bytesScanned: Int { position }

    /// Forgets the current request.
    public mutating func reset() {
        state = .start
        failure = nil
        position = 0
        fields.removeAll(keepingCapacity: true)
    }

    /// Examines the bytes not seen yet.
    /// - Parameter buffer: every byte received for the current request, from its first byte; it must extend
    ///   the buffer of the previous call.
    /// - Returns: `.complete`, `.incomplete` or `.invalid` (which sticks until `reset`).
    /// - Complexity: O(new bytes) while incomplete; O(head size) once when complete.
    public mutating func parse(_ buffer: UnsafeRawBufferPointer) -> Result {
        switch scan(buffer) {
        case .incomplete:
            return .incomplete
        case .invalid(let error):
            return .invalid(error)
        case .complete(let byteCount):
            do {
                return .complete(try takeHead(buffer), byteCount: byteCount)
            } catch {
                return fail(error)
            }
        }
    }

    /// What ``scan(_:)`` found.
    public enum ScanResult: Equatable {
        /// The head ends after `byteCount` bytes: its parts are known, and the rules that need the
        /// whole head are still to be checked, by ``takeHead(_:)``.
        case complete(byteCount: Int)
        case incomplete
        case invalid(Error)
    }

    /// Examines the bytes not seen yet, as ``parse(_:)`` does, up to the end of the head, without
    /// making it: the caller then asks for ``takeHead(_:)``,
    /// which leaves the parser ready for the next request.
    /// - Complexity: O(new bytes).
    public mutating func scan(_ buffer: UnsafeRawBufferPointer) -> ScanResult {
        if let failure { return .invalid(failure) }
        let limit = min(buffer.count, maxHeaderBytes)
        var i = position
        scan: while i < limit {
            let byte = buffer[i]
            switch state {
            case .start:
                if byte == HTTPBytes.cr {
                    state = .startLF
                } else if HTTPBytes.isTokenByte(byte) {
                    methodStart = i
                    state = .method
                } else {
                    return failScan(byte == HTTPBytes.lf ? .invalidLineEnding : .invalidMethod)
                }
            case .startLF:
                guard byte == HTTPBytes.lf else { return failScan(.invalidLineEnding) }
                state = .start
            case .method:
                while i < limit, HTTPBytes.isTokenByte(buffer[i]) { i += 1 }
                guard i < limit else { break scan }
                guard buffer[i] == HTTPBytes.space else { return failScan(.invalidMethod) }
                methodEnd = i
                state = .targetStart
            case .targetStart:
                guard HTTPBytes.isTargetByte(byte) else { return failScan(.invalidTarget) }
                targetStart = i
                state = .target
            case .target:
                while i < limit, HTTPBytes.isTargetByte(buffer[i]) { i += 1 }
                guard i < limit else { break scan }
                guard buffer[i] == HTTPBytes.space else { return failScan(.invalidTarget) }
                targetEnd = i
                versionStart = i + 1
                state = .version
            case .version:
                if byte == HTTPBytes.cr {
                    if let error = checkVersion(buffer) { return failScan(error) }
                    state = .requestLineLF
                } else if i - versionStart >= 8 || !Self.isVersionByte(byte) {
                    return failScan(byte == HTTPBytes.lf ? .invalidLineEnding : .invalidVersion)
                }
            case .requestLineLF:
                guard byte == HTTPBytes.lf else { return failScan(.invalidLineEnding) }
                state = .fieldStart
            case .fieldStart:
                if byte == HTTPBytes.cr {
                    state = .finalLF
                } else if HTTPBytes.isTokenByte(byte) {
                    current.nameStart = i
                    state = .fieldName
                } else if byte == HTTPBytes.space || byte == HTTPBytes.tab {
                    return failScan(.obsoleteLineFolding)
                } else {
                    return failScan(byte == HTTPBytes.lf ? .invalidLineEnding : .invalidFieldName)
                }
            case .fieldName:
                while i < limit, HTTPBytes.isTokenByte(buffer[i]) { i += 1 }
                guard i < limit else { break scan }
                let end = buffer[i]
                guard end == HTTPBytes.colon else {
                    return failScan(
                        end == HTTPBytes.space || end == HTTPBytes.tab ? .whitespaceBeforeColon : .invalidFieldName)
                }
                current.nameEnd = i
                state = .valueStart
            case .valueStart:
                if byte == HTTPBytes.space || byte == HTTPBytes.tab {
                    break
                } else if byte == HTTPBytes.cr {
                    current.valueStart = i
                    current.valueEnd = i
                    state = .fieldLF
                } else if HTTPBytes.isFieldValueByte(byte) {
                    current.valueStart = i
                    current.valueEnd = i + 1
                    state = .value
                } else {
                    return failScan(byte == HTTPBytes.lf ? .invalidLineEnding : .invalidFieldValue)
                }
            case .value:
                while i < limit {
                    let next = buffer[i]
                    guard HTTPBytes.isFieldValueByte(next) else { break }
                    if next != HTTPBytes.space && next != HTTPBytes.tab { current.valueEnd = i + 1 }
                    i += 1
                }
                guard i < limit else { break scan }
                let end = buffer[i]
                guard end == HTTPBytes.cr else {
                    return failScan(end == HTTPBytes.lf ? .invalidLineEnding : .invalidFieldValue)
                }
                state = .fieldLF
            case .fieldLF:
                guard byte == HTTPBytes.lf else { return failScan(.invalidLineEnding) }
                guard fields.count < maxFieldCount else { return failScan(.tooManyFields) }
                fields.append(current)
                state = .fieldStart
            case .finalLF:
                guard byte == HTTPBytes.lf else { return failScan(.invalidLineEnding) }
                position = i + 1
                return .complete(byteCount: i + 1)
            }
            i += 1
        }
        position = i
        return buffer.count >= maxHeaderBytes ? failScan(.headersTooLarge) : .incomplete
    }

    private mutating func fail(_ error: Error) -> Result {
        failure = error
        return .invalid(error)
    }

    private mutating func failScan(_ error: Error) -> ScanResult {
        failure = error
        return .invalid(error)
    }

    @inline(__always)
    private static func isVersionByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "H"), UInt8(ascii: "T"), UInt8(ascii: "P"), UInt8(ascii: "/"), UInt8(ascii: "."): return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return false
        }
    }

    /// Checks `HTTP/DIGIT.DIGIT` between `versionStart` and the CR at `position`.
    private func checkVersion(_ buffer: UnsafeRawBufferPointer) -> Error? {
        version(buffer).error
    }

    /// The version of the request line once its CR has been seen.
    /// - Returns: the version, and the error when it is malformed (`.invalidVersion`) or not 1.x
    ///   (`.unsupportedVersion`).
    public func version(_ buffer: UnsafeRawBufferPointer) -> (version: HTTPVersion, error: Error?) {
        let start = versionStart
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard buffer.count > start + 8, buffer[start + 8] == HTTPBytes.cr,
            buffer[start] == UInt8(ascii: "H"), buffer[start + 1] == UInt8(ascii: "T"),
            buffer[start + 2] == UInt8(ascii: "T"), buffer[start + 3] == UInt8(ascii: "P"),
            buffer[start + 4] == HTTPBytes.slash, digits.contains(buffer[start + 5]),
            buffer[start + 6] == UInt8(ascii: "."), digits.contains(buffer[start + 7])
        else { return (.http11, .invalidVersion) }
        let version = HTTPVersion(
            major: Int(buffer[start + 5] - digits.lowerBound), minor: Int(buffer[start + 7] - digits.lowerBound))
        return (version, version.major == 1 ? nil : .unsupportedVersion)
    }
}
