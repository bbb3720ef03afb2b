// ListRender — checks that the per-section arrays agree in length

extension TableLayout {
    /// Checks that the per-section arrays agree in length, that cached row totals and section
    /// heights match the rows, headers, footers and flags, that every height is finite and
    /// non-negative, and the trees' own invariants. Traps on the first violation.
    /// - Complexity: O(n).
    func _checkInvariants() {
        let sections = numberOfSections
        precondition(footerHeights.count == sections, "footer heights length")
        precondition(sectionRows.count == sections, "section rows length")
        precondition(rowTotals.count == sections, "row totals length")
        precondition(expanded.count == sections, "expanded flags length")
        precondition(sectionHeights.count == sections, "section heights length")
        sectionHeights._checkInvariants()
        for section in 0..<sections {
            checkHeight(headerHeights[section])
            checkHeight(footerHeights[section])
            switch sectionRows[section] {
            case .uniform(let count, let height):
                precondition(count >= 0, "negative row count")
                checkHeight(height)
            case .varying(let tree):
                tree._checkInvariants()
            }
            precondition(rowTotals[section] == sectionRows[section].total, "row total of \(section) out of date")
            precondition(sectionHeights[section] == sectionHeight(section), "height of section \(section) out of date")
        }
    }

    /// In debug builds, checks all invariants after a mutation of a small layout (up to 64
    /// sections and 4,096 rows), so tests check every step without slowing large debug runs.
    func checkAfterMutation() {
        #if DEBUG
            guard numberOfSections <= 64 else { return }
            var rows = 0
            for section in sectionRows {
                rows += section.count
            }
            if rows <= 4096 {
                _checkInvariants()
            }
        #endif
    }
}
