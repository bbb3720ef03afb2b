// Web — an expanded set with one section toggled, for the links of collapsible headers
import ListRender
import Models

extension ExpandedSections {
    /// `ids` as sorted ranges, adjacent ids merged: what `toggling(_:allIDs:)` takes.
    /// - Complexity: O(n log n).
    static func ranges(of ids: [SectionID]) -> [ClosedRange<Int64>] {
        merging(ids.map(\.rawValue).sorted().lazy.map { $0...$0 })
    }

    /// Appends the compact form of ``toggling(_:allIDs:)`` to `bytes`. From `all`, the usual set of a
    /// long list, it is written straight from `allIDs`, with no set built first.
    /// - Complexity: as ``toggling(_:allIDs:)``.
    func writeToggling<Sink: LinkSink & ~Copyable>(
        _ id: SectionID, allIDs: [ClosedRange<Int64>], to sink: inout Sink
    ) {
        guard case .all = self else { return toggling(id, allIDs: allIDs).write(to: &sink) }
        let value = id.rawValue
        var isEmpty = true
        func write(_ range: ClosedRange<Int64>) {
            if !isEmpty { sink.write(",") }
            isEmpty = false
            sink.write(range.lowerBound)
            if range.upperBound != range.lowerBound {
                sink.write("-")
                sink.write(range.upperBound)
            }
        }
        // The ranges are sorted and merged, so cutting `id` out of one leaves them so.
        for range in allIDs {
            guard range.contains(value) else {
                write(range)
                continue
            }
            if range.lowerBound < value { write(range.lowerBound...(value - 1)) }
            if value < range.upperBound { write((value + 1)...range.upperBound) }
        }
        if isEmpty { sink.write("none") }
    }

    /// The set with `id` expanded if it was collapsed, collapsed if it was expanded.
    /// - Parameters:
    ///   - id: the section to toggle.
    ///   - allIDs: every section id of the dataset as sorted, merged ranges
    ///     (`DatasetEntry.sectionIDRanges`), needed to write `all` less one section.
    /// - Returns: the toggled set, with adjacent ids merged into ranges.
    /// - Complexity: O(r) for r ranges (of the set, or of `allIDs` when collapsing from `all`).
    func toggling(_ id: SectionID, allIDs: [ClosedRange<Int64>]) -> ExpandedSections {
        let value = id.rawValue
        var ranges: [ClosedRange<Int64>]
        switch self {
        case .all:
            ranges = []
            ranges.reserveCapacity(allIDs.count + 1)
            for range in allIDs {
                guard range.contains(value) else {
                    ranges.append(range)
                    continue
                }
                if range.lowerBound < value { ranges.append(range.lowerBound...(value - 1)) }
                if value < range.upperBound { ranges.append((value + 1)...range.upperBound) }
            }
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
        let merged = Self.merging(ranges)
        return merged.isEmpty ? .none : .ranges(merged)
    }
}

/// A fragment writes a header's link where it goes, in the link's attribute.
extension HTMLBuffer: LinkSink {
    mutating func write(_ text: StaticString) {
        raw(text)
    }

    mutating func write(_ value: Int64) {
        int(value)
    }

    mutating func write(text: String) {
        self.text(text)
    }
}
