// ListServer — ListServer
import Models

/// Which sections a client shows expanded, as named in the `expanded` query parameter:
/// `all`, `none`, or a list of section ids with ranges (`3,5,9-12`).
enum ExpandedSections: Sendable, Hashable {
    case all
    case none
    case ids(Set<SectionID>)

    /// The most ids a list may name (a range counts as its length).
    static let maximumCount = 100_000

    /// Reads the parameter.
    /// - Parameter text: `all`, `none`, or comma-separated ids and `a-b` ranges.
    /// - Throws: ``HTTPError`` `400` naming the bad part.
    static func parse(_ text: String) throws(HTTPError) -> ExpandedSections {
        switch text {
        case "all": return .all
        case "none", "": return .none
        default: break
        }
        var ids: Set<SectionID> = []
        for part in text.split(separator: ",", omittingEmptySubsequences: true) {
            let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard let low = Int64(bounds[0]), low >= 0,
                let high = bounds.count == 2 ? Int64(bounds[1]) : low, high >= low
            else {
                throw HTTPError.badRequest(
                    "expanded: \"\(part)\" is not a section id or a range of ids like 9-12; "
                        + "use all, none or a comma-separated list")
            }
            guard high - low < Int64(maximumCount) - Int64(ids.count) else {
                throw HTTPError.badRequest("expanded: names more than \(maximumCount) sections")
            }
            for id in low...high { ids.insert(SectionID(id)) }
        }
        return .ids(ids)
    }

    /// The compact form: ids sorted, runs of consecutive ids written as ranges.
    var description: String {
        switch self {
        case .all: return "all"
        case .none: return "none"
        case .ids(let ids):
            let sorted = ids.map(\.rawValue).sorted()
            var parts: [String] = []
            var index = 0
            while index < sorted.count {
                var end = index
                while end + 1 < sorted.count && sorted[end + 1] == sorted[end] + 1 { end += 1 }
                parts.append(end == index ? "\(sorted[index])" : "\(sorted[index])-\(sorted[end])")
                index = end + 1
            }
            return parts.isEmpty ? "none" : parts.joined(separator: ",")
        }
    }

    /// Whether the section with `id` is expanded.
    func contains(_ id: SectionID) -> Bool {
        switch self {
        case .all: true
        case .none: false
        case .ids(let ids): ids.contains(id)
        }
    }
}
