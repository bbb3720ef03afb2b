// TestSupport — a strict reader of the Prometheus text exposition format

/// A strict reader of the Prometheus text exposition format, version 0.0.4, for tests of `/metrics`.
///
/// It accepts only `# HELP` and `# TYPE` comments, requires each family's `# TYPE` before its samples and its
/// samples together, checks metric and label names, label escapes and values, refuses a series written twice,
/// and checks every histogram: buckets with `le`, cumulative, the last one `+Inf` and equal to `_count`, and a
/// `_sum`.
public struct PrometheusParser {
    /// One sample line.
    public struct Sample: Equatable, Sendable {
        public var name: String
        public var labels: [String: String]
        public var value: Double
    }

    /// One family: its type, its help and its samples in order.
    public struct Family: Sendable {
        public var name: String
        public var type: String
        public var help: String?
        public var samples: [Sample] = []
    }

    /// What is wrong with a text, and on which line (1-based).
    public struct Failure: Error, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Reads a whole exposition.
    /// - Returns: the families in order.
    /// - Throws: ``Failure`` at the first thing the format does not allow.
    public static func parse(_ text: String) throws -> [Family] {
        guard text.isEmpty || text.hasSuffix("\n") else { throw Failure(line: 0, message: "no final line feed") }
        var families: [Family] = []
        var seenFamilies: Set<String> = []
        var seenSeries: Set<String> = []
        var pendingHelp: (name: String, text: String)?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
            let number = index + 1
            func fail(_ message: String) -> Failure { Failure(line: number, message: message) }
            if line.hasPrefix("#") {
                let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
                guard parts.count >= 3, parts[0] == "#", parts[1] == "HELP" || parts[1] == "TYPE" else {
                    throw fail("a comment other than HELP or TYPE: \(line)")
                }
                let name = String(parts[2])
                guard isMetricName(name) else { throw fail("bad metric name \(name)") }
                let rest = parts.count == 4 ? String(parts[3]) : ""
                if parts[1] == "HELP" {
                    guard pendingHelp == nil, !seenFamilies.contains(name) else { throw fail("HELP out of place") }
                    pendingHelp = (name, try unescape(rest, quotes: false, fail))
                } else {
                    guard ["counter", "gauge", "histogram", "summary", "untyped"].contains(rest) else {
                        throw fail("unknown type \(rest)")
                    }
                    guard seenFamilies.insert(name).inserted else { throw fail("TYPE of \(name) twice") }
                    if let help = pendingHelp, help.name != name { throw fail("HELP of \(help.name) before \(name)") }
                    families.append(Family(name: name, type: rest, help: pendingHelp?.text))
                    pendingHelp = nil
                }
                continue
            }
            guard !line.isEmpty else { throw fail("an empty line") }
            let sample = try parseSample(line, fail)
            guard var family = families.last, belongs(sample.name, to: family) else {
                throw fail("sample \(sample.name) outside its family")
            }
            let identity = sample.name + "{" + sample.labels.sorted { $0.key < $1.key }
                .map { "\($0.key)=\($0.value)" }.joined(separator: ",") + "}"
            guard seenSeries.insert(identity).inserted else { throw fail("series \(identity) twice") }
            family.samples.append(sample)
            families[families.count - 1] = family
        }
        guard pendingHelp == nil else { throw Failure(line: 0, message: "HELP without TYPE") }
        for family in families where family.type == "histogram" { try checkHistogram(family) }
        return families
    }

    private static func belongs(_ sample: String, to family: Family) -> Bool {
        if family.type == "histogram" {
            return ["_bucket", "_sum", "_count"].contains { sample == family.name + $0 }
        }
        return sample == family.name
    }

    private static func parseSample(_ line: Substring, _ fail: (String) -> Failure) throws -> Sample {
        var rest = line[...]
        let name = String(rest.prefix { $0 != "{" && $0 != " " })
        guard isMetricName(name) else { throw fail("bad metric name \(name)") }
        rest = rest.dropFirst(name.count)
        var labels: [String: String] = [:]
        if rest.first == "{" {
            rest = rest.dropFirst()
            while rest.first != "}" {
                let label = String(rest.prefix { $0 != "=" })
                guard isLabelName(label), labels[label] == nil else { throw fail("bad or repeated label \(label)") }
                rest = rest.dropFirst(label.count)
                guard rest.hasPrefix("=\"") else { throw fail("label \(label) without a quoted value") }
                rest = rest.dropFirst(2)
                var raw = ""
                var escaped = false
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if escaped {
                        raw.append("\\")
                        raw.append(character)
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        break
                    } else {
                        raw.append(character)
                    }
                    if rest.isEmpty && (escaped || character != "\"") { throw fail("unterminated label value") }
                }
                labels[label] = try unescape(raw, quotes: true, fail)
                if rest.first == "," { rest = rest.dropFirst() } else if rest.first != "}" {
                    throw fail("labels must be separated by commas")
                }
            }
            rest = rest.dropFirst()
        }
        guard rest.first == " " else { throw fail("no space before the value") }
        let fields = rest.dropFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard (1...2).contains(fields.count), let value = number(fields[0]) else {
            throw fail("bad value in \(line)")
        }
        if fields.count == 2, Int64(fields[1]) == nil { throw fail("bad timestamp in \(line)") }
        return Sample(name: name, labels: labels, value: value)
    }

    private static func number(_ text: Substring) -> Double? {
        switch text {
        case "+Inf": return .infinity
        case "-Inf": return -.infinity
        case "NaN": return .nan
        default:
            guard let value = Double(text), value.isFinite, !text.contains("inf"), !text.contains("nan") else {
                return nil
            }
            return value
        }
    }

    private static func unescape(_ text: String, quotes: Bool, _ fail: (String) -> Failure) throws -> String {
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "\\": result.append("\\")
                case "n": result.append("\n")
                case "\"" where quotes: result.append("\"")
                default: throw fail("bad escape \\\(character)")
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        if escaped { throw fail("a trailing backslash") }
        return result
    }

    private static func checkHistogram(_ family: Family) throws {
        func fail(_ message: String) -> Failure { Failure(line: 0, message: "\(family.name): \(message)") }
        var groups: [[String: String]: (buckets: [(Double, Double)], sum: Double?, count: Double?)] = [:]
        for sample in family.samples {
            var labels = sample.labels
            if sample.name == family.name + "_bucket" {
                guard let le = labels.removeValue(forKey: "le"), let bound = number(le[...]) else {
                    throw fail("a bucket without a valid le")
                }
                groups[labels, default: ([], nil, nil)].buckets.append((bound, sample.value))
            } else if sample.name == family.name + "_sum" {
                groups[labels, default: ([], nil, nil)].sum = sample.value
            } else {
                groups[labels, default: ([], nil, nil)].count = sample.value
            }
        }
        for (labels, group) in groups {
            guard let count = group.count, group.sum != nil else { throw fail("\(labels) lacks _sum or _count") }
            guard let last = group.buckets.last, last.0 == .infinity else { throw fail("\(labels) lacks le=+Inf") }
            guard last.1 == count else { throw fail("\(labels): +Inf bucket \(last.1) is not _count \(count)") }
            for (previous, next) in zip(group.buckets, group.buckets.dropFirst()) {
                guard previous.0 < next.0 else { throw fail("\(labels): bounds do not ascend") }
                guard previous.1 <= next.1 else { throw fail("\(labels): buckets are not cumulative") }
            }
        }
    }

    private static func isMetricName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "_" || scalar == ":"
        }
    }

    private static func isLabelName(_ name: String) -> Bool {
        isMetricName(name) && !name.contains(":")
    }
}

extension Array where Element == PrometheusParser.Family {
    /// The family named `name`.
    public subscript(family name: String) -> PrometheusParser.Family? { first { $0.name == name } }

    /// The value of the sample `name` whose labels include `labels`, summed over every such sample.
    public func value(_ name: String, _ labels: [String: String] = [:]) -> Double {
        var total = 0.0
        for family in self {
            for sample in family.samples where sample.name == name
                && labels.allSatisfy({ sample.labels[$0.key] == $0.value })
            {
                total += sample.value
            }
        }
        return total
    }
}
