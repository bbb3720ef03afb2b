// ListServer — ListRender

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

    /// Expands and collapses every section at once.
    /// - Parameter isExpanded: one flag per section.
    /// - Complexity: O(sections).
    public mutating func setExpandedSections(_ isExpanded: [Bool]) {
        precondition(isExpanded.count == numberOfSections, "one expanded flag per section")
        expanded = isExpanded
        rebuildSectionHeights()
        checkAfterMutation()
    }
}
