// HTTPServer — the Prometheus text exposition format

/// Writes metrics in the Prometheus text exposition format, version 0.0.4: for each family a `# HELP` and a
/// `# TYPE` line, then its samples, one a line (`name{label="value",…} value`).
///
/// ```swift
/// var text = PrometheusText()
/// text.family("jobs_total", .counter, help: "Jobs run.")
/// text.sample("jobs_total", labels: [("queue", "mail")], 12)
/// let response = text.response
/// ```
public struct PrometheusText {
    /// A family's type, as its `# TYPE` line names it.
    public enum Kind: String, Sendable {
        case counter, gauge, histogram
    }

    /// The media type of the format.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// The text written so far.
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 16 * 1024) {
        bytes.reserveCapacity(capacity)
    }

    /// Begins a family: its `# HELP` and `# TYPE` lines. Its samples must follow before the next family.
    /// - Parameters:
    ///   - name: the metric name (`[a-zA-Z_:][a-zA-Z0-9_:]*`); a histogram's samples add `_bucket`, `_sum`
    ///     and `_count` to it.
    ///   - help: one line of text; backslashes and line feeds are escaped.
    public mutating func family(_ name: String, _ kind: Kind, help: String) {
        precondition(Self.isMetricName(name), "not a metric name: \(name)")
        bytes.append(contentsOf: "# HELP \(name) ".utf8)
        for byte in help.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(contentsOf: "\n# TYPE \(name) \(kind.rawValue)\n".utf8)
    }

    /// Writes one sample with a whole value (negative ones are written as 0: counters and the gauges here
    /// never go below it).
    /// - Parameters:
    ///   - labels: names (`[a-zA-Z_][a-zA-Z0-9_]*`) and values (any text; escaped).
    public mutating func sample(_ name: String, labels: [(String, String)] = [], _ value: Int) {
        beginSample(name, labels)
        ResponseEncoding.appendDecimal(value, to: &bytes)
        bytes.append(HTTPBytes.lf)
    }

    /// Writes one sample with a fractional value (`+Inf`, `-Inf` and `NaN` as the format spells them).
    public mutating func sample(_ name: String, labels: [(String, String)] = [], _ value: Double) {
        beginSample(name, labels)
        bytes.append(contentsOf: Self.format(value).utf8)
        bytes.append(HTTPBytes.lf)
    }

    /// A number as the format writes it: `+Inf`, `-Inf`, `NaN`, or Swift's shortest round-trip form.
    public static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        return value.description
    }

    /// A `200` response with the text, never cached.
    public var response: HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": Self.contentType, "Cache-Control": "no-store"], body: bytes)
    }

    private mutating func beginSample(_ name: String, _ labels: [(String, String)]) {
        bytes.append(contentsOf: name.utf8)
        if !labels.isEmpty {
            bytes.append(UInt8(ascii: "{"))
            for (index, (label, value)) in labels.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: label.utf8)
                bytes.append(contentsOf: "=\"".utf8)
                for byte in value.utf8 {
                    switch byte {
                    case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
                    case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
                    case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
                    default: bytes.append(byte)
                    }
                }
                bytes.append(UInt8(ascii: "\""))
            }
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(HTTPBytes.space)
    }

    private static func isMetricName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: ":"):
                return true
            default:
                return false
            }
        }
    }
}
