// Web — the `expanded` query parameter
import HTTPServer

extension ExpandedSections {
    /// Reads the parameter.
    /// - Parameter text: `all`, `none`, or comma-separated ids and `a-b` ranges (`b-a` means the same).
    /// - Throws: ``HTTPError`` `400` naming the bad part.
    /// - Complexity: O(k log k) for k parts.
    static func parse(_ text: String) throws(HTTPError) -> ExpandedSections {
        switch text {
        case "all": return .all
        case "none", "": return .none
        default: break
        }
        var ranges: [ClosedRange<Int64>] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard let low = number(bounds[0]), let high = bounds.count == 2 ? number(bounds[1]) : low else {
                throw HTTPError.badRequest(
                    "expanded: \"\(part)\" is not a section id or a range of ids like 9-12; "
                        + "use all, none or a comma-separated list")
            }
            ranges.append(min(low, high)...max(low, high))
        }
        let merged = merging(ranges.sorted { $0.lowerBound < $1.lowerBound })
        return merged.isEmpty ? .none : .ranges(merged)
    }

    private static func number(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.count <= maximumDigits,
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int64(text)
    }

}
