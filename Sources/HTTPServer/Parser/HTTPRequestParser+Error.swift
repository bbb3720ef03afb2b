// HTTPServer — why a request head (or a chunked body) was refused

extension HTTPRequestParser {
    /// Why a request head (or a chunked body) was refused. Each case names one rule of RFC 9112/9110.
    public enum Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
        /// The method is empty or has a byte outside `tchar`.
        case invalidMethod
        /// The target is empty, has a byte outside visible ASCII (or `#`), a malformed `%` escape, or the
        /// wrong form for the method.
        case invalidTarget
        /// The path decodes to a control byte or invalid UTF-8, or climbs above `/`.
        case invalidPath
        /// The version is not `HTTP/DIGIT.DIGIT`, or extra bytes follow it.
        case invalidVersion
        /// A well-formed version whose major number is not 1.
        case unsupportedVersion
        /// A line ends with a bare CR or a bare LF, or with anything but CRLF.
        case invalidLineEnding
        /// A header name is empty or has a byte outside `tchar`.
        case invalidFieldName
        /// Whitespace between a header name and its colon.
        case whitespaceBeforeColon
        /// A header value has NUL, DEL or another control byte.
        case invalidFieldValue
        /// A line starting with whitespace continues the previous one (obs-fold), or precedes the first field.
        case obsoleteLineFolding
        /// The request line and headers exceed the configured size.
        case headersTooLarge
        /// More header fields than the parser accepts.
        case tooManyFields
        /// An HTTP/1.1 request without `Host`, or with several, or with a malformed one.
        case invalidHost
        /// `Content-Length` is not a plain decimal number.
        case invalidContentLength
        /// `Content-Length` appears more than once (even with equal values).
        case multipleContentLengths
        /// Both `Transfer-Encoding` and `Content-Length`: the framing is ambiguous (request smuggling).
        case transferEncodingWithContentLength
        /// `Transfer-Encoding` whose last coding is not `chunked`, with `chunked` twice, or in HTTP/1.0.
        case invalidTransferEncoding
        /// A transfer coding other than `chunked` (e.g. `gzip, chunked`).
        case unsupportedTransferEncoding
        /// An `Expect` other than `100-continue`.
        case unsupportedExpectation
        /// A malformed chunk size line, chunk terminator or trailer section.
        case invalidChunk
        /// The body is larger than the limit for its route.
        case bodyTooLarge

        /// The status code the server answers with.
        public var status: Int {
            switch self {
            case .unsupportedVersion: return 505
            case .headersTooLarge, .tooManyFields: return 431
            case .unsupportedTransferEncoding: return 501
            case .unsupportedExpectation: return 417
            case .bodyTooLarge: return 413
            default: return 400
            }
        }

        public var description: String {
            switch self {
            case .invalidMethod: return "The request method is malformed."
            case .invalidTarget: return "The request target is malformed."
            case .invalidPath: return "The request path is not allowed."
            case .invalidVersion: return "The HTTP version is malformed."
            case .unsupportedVersion: return "Only HTTP/1.0 and HTTP/1.1 are supported."
            case .invalidLineEnding: return "Lines must end with CRLF."
            case .invalidFieldName: return "A header name is malformed."
            case .whitespaceBeforeColon: return "Whitespace between a header name and its colon is not allowed."
            case .invalidFieldValue: return "A header value contains a control character."
            case .obsoleteLineFolding: return "Header line folding is not allowed."
            case .headersTooLarge: return "The request line and headers are too large."
            case .tooManyFields: return "The request has too many header fields."
            case .invalidHost: return "The request needs exactly one valid Host header."
            case .invalidContentLength: return "Content-Length is malformed."
            case .multipleContentLengths: return "Content-Length appears more than once."
            case .transferEncodingWithContentLength: return "Transfer-Encoding and Content-Length together."
            case .invalidTransferEncoding: return "Transfer-Encoding must end with chunked, once, in HTTP/1.1."
            case .unsupportedTransferEncoding: return "Only the chunked transfer coding is supported."
            case .unsupportedExpectation: return "Only Expect: 100-continue is supported."
            case .invalidChunk: return "The chunked body is malformed."
            case .bodyTooLarge: return "The request body is too large."
            }
        }
    }
}
