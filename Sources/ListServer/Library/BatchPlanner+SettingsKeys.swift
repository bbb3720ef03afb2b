// Library — one user-defaults key, one value: a Settings batch writes a changed value into every copy of its key
import ListRender
import Models

extension BatchPlanner {
    /// Completes a planned batch on a Settings dataset as a device keeps its settings: every specifier with one
    /// `Key` is one `NSUserDefaults` value, so a value the batch changes (a switch, a field, a choice, in any
    /// pane) is written into every other row holding that key, at any depth and in every copy of a pane opened
    /// from two rows, in the same batch: its event tells open pages of every copy, and its undo restores them all.
    /// - Returns: `planned` itself for any other kind, and when the batch changes no keyed value.
    /// - Complexity: O(1) for other kinds; for a Settings dataset, O(n) in the rows of every page when a value
    ///   changes.
    func unifyingKeys(_ planned: PlannedBatch) -> PlannedBatch {
        guard entry.dataset.kind == .settings || isSettingsPane, !planned.updatedIDs.isEmpty else { return planned }
        let dataset = entry.dataset, snapshot = entry.snapshot
        let choiceKey = { (section: Section) in SettingsKeys.key(ofChoiceSection: section.fields) }
        var changed: [String: FieldValue] = [:]
        var choiceSections = Set<Int>()
        for id in planned.updatedIDs {
            guard let new = planned.newRows[id]?.fields, let at = snapshot.indexPath(for: id) else { continue }
            var before: [(key: String, value: FieldValue)] = [], after: [(key: String, value: FieldValue)] = []
            SettingsKeys.values(ofRow: dataset.sections[at.section].rows[at.row].fields, into: &before)
            SettingsKeys.values(ofRow: new, into: &after)
            SettingsKeys.changes(from: before, to: after, into: &changed)
            let section = dataset.sections[at.section]
            if let key = choiceKey(section), choiceSections.insert(at.section).inserted {
                let old = SettingsKeys.value(ofChoiceSection: section.fields, rows: section.rows.map(\.fields))
                let rows = section.rows.map { planned.newRows[$0.id]?.fields ?? $0.fields }
                if let value = SettingsKeys.value(ofChoiceSection: section.fields, rows: rows),
                    old.map({ !SettingsSpecifier.same($0, value) }) ?? true
                {
                    changed[key] = value
                }
            }
        }
        guard !changed.isEmpty else { return planned }

        var unified = planned
        var updated = Set(planned.updatedIDs)
        let after = planned.result.snapshot
        for section in dataset.sections {
            var rows = section.rows.map { planned.newRows[$0.id]?.fields ?? $0.fields }
            if let key = choiceKey(section), let value = changed[key],
                let (checked, _) = SettingsKeys.checking(value, in: rows.map(FieldValue.dict))
            {
                rows = checked.map { $0.dictValue ?? [:] }
            }
            for (index, row) in section.rows.enumerated() {
                let fields = SettingsKeys.writing(changed, intoRow: rows[index]) ?? rows[index]
                guard fields != (planned.newRows[row.id]?.fields ?? row.fields), after.indexPath(for: row.id) != nil
                else { continue }
                unified.newRows[row.id] = Row(id: row.id, fields: fields)
                if updated.insert(row.id).inserted { unified.updatedIDs.append(row.id) }
                if unified.writtenFields != nil {
                    let keys = Set(fields.keys).union(row.fields.keys).filter { fields[$0] != row.fields[$0] }
                    unified.writtenFields![row.id] = keys.union(unified.writtenFields![row.id] ?? []).sorted()
                }
            }
        }
        return unified
    }
}
