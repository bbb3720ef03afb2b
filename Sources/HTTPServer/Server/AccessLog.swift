// HTTPServer — one line per request on stderr
import SystemSupport

/// One line per request on stderr, as text (`METHOD PATH STATUS BYTES MICROSECONDSus`) or as one JSON
/// object (``Format/json``).
///
/// Each event loop keeps its own log and writes the lines of one loop iteration with one `write`, so logging
/// costs no system call per request. The path is the raw target's path (visible ASCII only, so a line can
/// never be split or forged by a request; JSON escapes its quotes and backslashes).
public struct AccessLog {
    /// How the lines read.
    public enum Format: String, Sendable, CaseIterable {
        /// `GET /d/friends 200 5120 84us`.
        case text
        /// `{"time":"2026-12-05T06:17:17.123Z","route":"/d/:id","method":"GET","path":"/d/friends",
        /// "status":200,"bytes":5120,"duration_ms":0.084,"connection":7}`, on one line; `route` is null
        /// when no route answered.
        case json
    }

    public let isEnabled: Bool
    public let format: Format
    private var buffer: [UInt8] = []
    /// `"2026-12-05T06:17:17.` for the second in `timeSecond`: the part of a JSON time shared by a second.
    private var timePrefix: [UInt8] = []
    private var timeSecond = Int.min

    public init(isEnabled: Bool, format: Format = .text) {
        self.isEnabled = isEnabled
        self.format = format
        if isEnabled { buffer.reserveCapacity(4096) }
    }

    /// Appends one line.
    /// - Parameters:
    ///   - method: the request method, or `-` when the request could not be parsed.
    ///   - target: the raw request target; only the part before `?` is logged.
    ///   - route: the route that answered (``HTTPResponse/route``), nil for none.
    ///   - bytes: body bytes sent.
    ///   - nanoseconds: from the complete request to the queued response (to the end, for a stream).
    ///   - connection: the connection's number, unique in the process.
    public mutating func record(
        method: String, target: String, route: String? = nil, status: Int, bytes: Int, nanoseconds: UInt64,
        connection: UInt64 = 0
    ) {
        guard isEnabled else { return }
        let path = target.utf8.prefix { $0 != HTTPBytes.question }
        switch format {
        case .text:
            buffer.append(contentsOf: method.utf8)
            buffer.append(HTTPBytes.space)
            buffer.append(contentsOf: path.isEmpty ? "-".utf8[...] : path[...])
            buffer.append(HTTPBytes.space)
            ResponseEncoding.appendDecimal(status, to: &buffer)
            buffer.append(HTTPBytes.space)
            ResponseEncoding.appendDecimal(bytes, to: &buffer)
            buffer.append(HTTPBytes.space)
            ResponseEncoding.appendDecimal(Int(nanoseconds / 1_000), to: &buffer)
            buffer.append(contentsOf: "us\n".utf8)
        case .json:
            buffer.append(contentsOf: #"{"time":""#.utf8)
            appendTime()
            buffer.append(contentsOf: #"","route":"#.utf8)
            if let route { appendString(route.utf8[...]) } else { buffer.append(contentsOf: "null".utf8) }
            buffer.append(contentsOf: #","method":"#.utf8)
            appendString(method.utf8[...])
            buffer.append(contentsOf: #","path":"#.utf8)
            appendString(path.isEmpty ? "-".utf8[...] : path[...])
            buffer.append(contentsOf: #","status":"#.utf8)
            ResponseEncoding.appendDecimal(status, to: &buffer)
            buffer.append(contentsOf: #","bytes":"#.utf8)
            ResponseEncoding.appendDecimal(bytes, to: &buffer)
            buffer.append(contentsOf: #","duration_ms":"#.utf8)
            let microseconds = Int(nanoseconds / 1_000)
            ResponseEncoding.appendDecimal(microseconds / 1_000, to: &buffer)
            buffer.append(UInt8(ascii: "."))
            appendPadded(microseconds % 1_000, digits: 3)
            buffer.append(contentsOf: #","connection":"#.utf8)
            ResponseEncoding.appendDecimal(Int(connection), to: &buffer)
            buffer.append(contentsOf: "}\n".utf8)
        }
        if buffer.count >= 64 * 1024 { flush() }
    }

    /// Writes the pending lines to stderr.
    public mutating func flush() {
        guard !buffer.isEmpty else { return }
        System.writeAll(2, buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// The wall-clock time now, in UTC to the millisecond: `2026-12-05T06:17:17.123Z`.
    private mutating func appendTime() {
        let milliseconds = System.wallClockMilliseconds()
        let second = milliseconds / 1_000
        if second != timeSecond {
            timeSecond = second
            let time = System.utcCalendarTime(second)
            timePrefix = []
            func field(_ value: Int, _ digits: Int, _ separator: String) {
                let text = String(value)
                timePrefix.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, digits - text.utf8.count)))
                timePrefix.append(contentsOf: text.utf8)
                timePrefix.append(contentsOf: separator.utf8)
            }
            field(time.year, 4, "-")
            field(time.month, 2, "-")
            field(time.day, 2, "T")
            field(time.hour, 2, ":")
            field(time.minute, 2, ":")
            field(time.second, 2, ".")
        }
        buffer.append(contentsOf: timePrefix)
        appendPadded(milliseconds % 1_000, digits: 3)
        buffer.append(UInt8(ascii: "Z"))
    }

    /// `value` (0 ≤ value < 10^digits) in decimal with leading zeros to `digits` digits.
    private mutating func appendPadded(_ value: Int, digits: Int) {
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            buffer.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// A JSON string: quotes, backslashes and control bytes escaped.
    private mutating func appendString(_ bytes: Substring.UTF8View) {
        buffer.append(UInt8(ascii: "\""))
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                buffer.append(UInt8(ascii: "\\"))
                buffer.append(byte)
            case 0..<0x20, 0x7f:
                let hex = Array("0123456789abcdef".utf8)
                buffer.append(contentsOf: #"\u00"#.utf8)
                buffer.append(hex[Int(byte >> 4)])
                buffer.append(hex[Int(byte & 0xf)])
            default:
                buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }
}
