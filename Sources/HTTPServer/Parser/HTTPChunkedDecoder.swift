// HTTPServer — an incremental decoder of a chunked request body

/// An incremental decoder of a chunked request body (RFC 9112 §7.1), pure over bytes.
///
/// Every byte given is consumed exactly once across calls (the caller drops what was consumed); framing must
/// use CRLF, chunk sizes are hexadecimal, extensions and trailer fields are checked and ignored. A chunk that
/// would take the body past `maxBodyBytes` is refused as soon as its size line is read.
public struct HTTPChunkedDecoder {
    public enum Result: Equatable {
        /// The body is complete; `consumed` bytes were used, the rest belongs to the next request.
        case complete(consumed: Int)
        /// All given bytes were consumed and more are needed.
        case incomplete(consumed: Int)
        /// `.invalidChunk` for broken framing, `.bodyTooLarge` past the limit.
        case invalid(HTTPRequestParser.Error)
    }

    private enum State {
        case sizeStart, size, extensions, sizeLF, data, dataCR, dataLF
        case trailerStart, trailerName, trailerValue, trailerLF, finalLF
    }

    public let maxBodyBytes: Int
    /// The most bytes of chunk extensions on one size line, and of the whole trailer section.
    public let maxLineBytes: Int
    /// The data decoded so far.
    private(set) var body: [UInt8] = []
    private var state = State.sizeStart
    private var chunkRemaining = 0
    private var lineBytes = 0
    private var failure: HTTPRequestParser.Error?

    public init(maxBodyBytes: Int, maxLineBytes: Int = 16 * 1024) {
        self.maxBodyBytes = maxBodyBytes
        self.maxLineBytes = maxLineBytes
    }

    /// Hands over the decoded body and empties the decoder's copy.
    public mutating func takeBody() -> [UInt8] {
        defer { body = [] }
        return body
    }

    /// Consumes the next bytes of the body.
    /// - Parameter buffer: bytes following those consumed by earlier calls.
    /// - Returns: `.complete`, `.incomplete` or `.invalid` (which sticks).
    /// - Complexity: O(buffer.count).
    public mutating func decode(_ buffer: UnsafeRawBufferPointer) -> Result {
        if let failure { return .invalid(failure) }
        var i = 0
        while i < buffer.count {
            let byte = buffer[i]
            switch state {
            case .sizeStart, .size:
                if let digit = HTTPBytes.hexValue(byte) {
                    chunkRemaining = chunkRemaining * 16 + Int(digit)
                    if chunkRemaining > maxBodyBytes - body.count { return fail(.bodyTooLarge) }
                    state = .size
                } else if state == .sizeStart {
                    return fail(.invalidChunk)
                } else if byte == HTTPBytes.cr {
                    state = .sizeLF
                } else if byte == UInt8(ascii: ";") || byte == HTTPBytes.space || byte == HTTPBytes.tab {
                    lineBytes = 0
                    state = .extensions
                } else {
                    return fail(.invalidChunk)
                }
            case .extensions:
                if byte == HTTPBytes.cr {
                    state = .sizeLF
                } else {
                    lineBytes += 1
                    guard HTTPBytes.isFieldValueByte(byte), lineBytes <= maxLineBytes else {
                        return fail(.invalidChunk)
                    }
                }
            case .sizeLF:
                guard byte == HTTPBytes.lf else { return fail(.invalidChunk) }
                lineBytes = 0
                state = chunkRemaining == 0 ? .trailerStart : .data
            case .data:
                let count = min(chunkRemaining, buffer.count - i)
                body.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[i..<(i + count)]))
                chunkRemaining -= count
                i += count
                if chunkRemaining == 0 { state = .dataCR }
                continue
            case .dataCR:
                guard byte == HTTPBytes.cr else { return fail(.invalidChunk) }
                state = .dataLF
            case .dataLF:
                guard byte == HTTPBytes.lf else { return fail(.invalidChunk) }
                state = .sizeStart
            case .trailerStart:
                if byte == HTTPBytes.cr {
                    state = .finalLF
                } else {
                    guard HTTPBytes.isTokenByte(byte) else { return fail(.invalidChunk) }
                    state = .trailerName
                }
            case .trailerName:
                if byte == HTTPBytes.colon {
                    state = .trailerValue
                } else if !HTTPBytes.isTokenByte(byte) {
                    return fail(.invalidChunk)
                }
            case .trailerValue:
                if byte == HTTPBytes.cr {
                    state = .trailerLF
                } else if !HTTPBytes.isFieldValueByte(byte) {
                    return fail(.invalidChunk)
                }
            case .trailerLF:
                guard byte == HTTPBytes.lf else { return fail(.invalidChunk) }
                state = .trailerStart
            case .finalLF:
                guard byte == HTTPBytes.lf else { return fail(.invalidChunk) }
                return .complete(consumed: i + 1)
            }
            if state == .trailerName || state == .trailerValue || state == .trailerLF {
                lineBytes += 1
                if lineBytes > maxLineBytes { return fail(.invalidChunk) }
            }
            i += 1
        }
        return .incomplete(consumed: buffer.count)
    }

    private mutating func fail(_ error: HTTPRequestParser.Error) -> Result {
        failure = error
        return .invalid(error)
    }
}
