// ListRender — layouts for other sets of expanded sections
import Bytes

/// Layouts for other sets of expanded sections. A server keeps one layout per dataset and derives
/// one per request for the client's expanded set: the rows' storage is shared, only the section
/// level is rebuilt.
extension TableLayout {
    /// The same table with `isExpanded[s]` deciding whether section `s` shows its rows.
    /// - Parameter isExpanded: one flag per section.
    /// - Complexity: O(sections); the rows' storage is shared with `self`, not copied.
    public func withExpandedSections(_ isExpanded: [Bool]) -> TableLayout {
        var derived = self
        derived.setExpandedSections(isExpanded)
        return derived
    }

    /// The same table with the sections for which `isExpanded` holds expanded, the others
    /// collapsed.
    /// - Complexity: O(sections) calls of `isExpanded`; the rows' storage is shared, not copied.
    public func withExpandedSections(where isExpanded: (Int) -> Bool) -> TableLayout {
        withExpandedSections((0..<numberOfSections).map(isExpanded))
    }

    /// The same table with every section's footer `heights[s]` high, as editing mode derives it to
    /// make room for the insertion rows.
    /// - Complexity: O(sections); the rows' storage is shared with `self`, not copied.
    public func withFooterHeights(_ heights: [Double]) -> TableLayout {
        var derived = self
        derived.setFooterHeights(heights)
        return derived
    }

    /// Expands and collapses every section at once.
    ///
    /// When only a few sections change (at most one in 256), their heights are updated in place;
    /// otherwise the section level is rebuilt.
    /// - Parameter isExpanded: one flag per section.
    /// - Complexity: O(sections) comparisons, plus O(k log sections) for k changed sections or
    ///   one O(sections) rebuild.
    public mutating func setExpandedSections(_ isExpanded: [Bool]) {
        precondition(isExpanded.count == numberOfSections, "one expanded flag per section")
        let changed = Self.differences(between: expanded, and: isExpanded, limit: max(4, numberOfSections / 256))
        expanded = isExpanded
        if let changed {
            for section in changed {
                sectionHeights.set(sectionHeight(section), at: section)
            }
        } else {
            rebuildSectionHeights()
        }
        checkAfterMutation()
    }

    /// The indices where two flag arrays of equal length differ, compared eight flags at a time.
    /// - Returns: nil when there are more than `limit`.
    /// - Complexity: O(n / 8 + differences).
    private static func differences(between old: [Bool], and new: [Bool], limit: Int) -> [Int]? {
        old.withUnsafeBytes { old in
            new.withUnsafeBytes { new in
                var result: [Int] = []
                var offset = 0
                while offset < old.count {
                    let width = min(8, old.count - offset)
                    // In bounds: eight flags remain from `offset` when `width` is 8, and the arrays are as long.
                    if width == 8 && ByteComparison.same(old.run(at: offset, count: 8), new.run(at: offset, count: 8)) {
                        offset += 8
                        continue
                    }
                    for index in offset..<offset + width where old[index] != new[index] {
                        result.append(index)
                    }
                    if result.count > limit { return nil }
                    offset += width
                }
                return result
            }
        }
    }
}
