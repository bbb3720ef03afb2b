// Web — an expanded set with one section toggled, for the links of collapsible headers
import Models

extension ExpandedSections {
    /// The set with `id` expanded if it was collapsed, collapsed if it was expanded.
    /// - Parameters:
    ///   - id: the section to toggle.
    ///   - ids: every section of the dataset, needed to write `all` less one section.
    /// - Returns: the toggled set, with adjacent ids merged into ranges.
    /// - Complexity: O(r) for r ranges, O(sections log sections) when collapsing from `all`.
    func toggling(_ id: SectionID, among ids: [SectionID]) -> ExpandedSections {
        let value = id.rawValue
        var ranges: [ClosedRange<Int64>]
        switch self {
        case .all:
            let others = ids.map(\.rawValue).filter { $0 != value }.sorted()
            ranges = others.map { $0...$0 }
        case .none:
            return .ranges([value...value])
        case .ranges(let current):
            ranges = []
            if contains(id) {
                for range in current {
                    guard range.contains(value) else {
                        ranges.append(range)
                        continue
                    }
                    if range.lowerBound < value { ranges.append(range.lowerBound...(value - 1)) }
                    if value < range.upperBound { ranges.append((value + 1)...range.upperBound) }
                }
            } else {
                ranges = current + [value...value]
                ranges.sort { $0.lowerBound < $1.lowerBound }
            }
        }
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
}
