// ListServer — ListServer
import Models

/// Which sections a client shows expanded, as named in the `expanded` query parameter:
/// `all`, `none`, or a list of section ids with ranges (`3,5,9-12`).
enum ExpandedSections: Sendable, Hashable {
    case all
    case none
    /// Disjoint ranges of section ids, sorted, adjacent ones merged.
    case ranges([ClosedRange<Int64>])

    /// The most digits an id may have in the parameter (ids are far below 10^15).
    static let maximumDigits = 15

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
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Int64>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged.isEmpty ? .none : .ranges(merged)
    }

    private static func number(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.count <= maximumDigits,
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int64(text)
    }

    /// The compact form: ids sorted, runs of consecutive ids written as ranges.
    var description: String {
        switch self {
        case .all: return "all"
        case .none: return "none"
        case .ranges(let ranges):
            return ranges.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
                .joined(separator: ",")
        }
    }

    /// Whether the section with `id` is expanded.
    /// - Complexity: O(log r) for r ranges.
    func contains(_ id: SectionID) -> Bool {
        switch self {
        case .all: return true
        case .none: return false
        case .ranges(let ranges):
            var low = 0
            var high = ranges.count
            while low < high {
                let middle = (low + high) / 2
                if ranges[middle].upperBound < id.rawValue { low = middle + 1 } else { high = middle }
            }
            return low < ranges.count && ranges[low].contains(id.rawValue)
        }
    }
}
