// Library — the swipe actions of a dataset's rows, read from its levels once per version
import ListRender
import Models

/// The swipe actions of one dataset version's rows, read once from the levels that give them: the
/// table (a table document's table keys, or the root dictionary of any other file), each section of a
/// table document, and a row itself. The nearest level wins, key by key (``SwipeActions/overriding(_:)``).
///
/// It also keeps the markup of the table's and sections' actions in every interface language, so that
/// a fragment lends each row its buttons without writing them again. A class, so that every row of a
/// fragment reads it by one reference: a structure read from its entry was copied, each of its lists
/// retained and released, for every row.
final class RowActionLevels: Sendable {
    /// The table's actions.
    let table: SwipeActions
    /// Each section's actions merged with the table's; empty when no section gives any.
    private let sections: [SwipeActions]
    /// The markup of ``table`` (index 0) or of each section's actions (index = section), in each interface
    /// language (by ``UILanguage/rawValue``); empty when no level gives any, so rows get the renderer's default
    /// Delete.
    private let markupByLanguage: [[[UInt8]]]
    /// Whether each level of the markup has an update, which a row may already hold (its markup then leaves
    /// the update out).
    private let updates: [Bool]

    /// Reads the levels of `dataset`.
    /// - Complexity: O(sections) of table documents, O(1) for other kinds.
    init(_ dataset: Dataset) {
        let tableFields = dataset.kind.isTableDocument ? TableDocument.tableFields(of: dataset.shape) : dataset.shape.document
        let table = tableFields.map(SwipeActions.init) ?? SwipeActions()
        let sectionsSay = dataset.kind.isTableDocument && dataset.sections.contains { SwipeActions.isNamed(in: $0.fields) }
        let sections = sectionsSay ? dataset.sections.map { SwipeActions($0.fields).overriding(table) } : []
        let levels = sectionsSay ? sections : table.isEmpty ? [] : [table]
        (self.table, self.sections) = (table, sections)
        updates = levels.map { level in
            [level.trailing, level.leading].contains {
                $0?.contains { if case .update = $0.effect { true } else { false } } == true
            }
        }
        markupByLanguage = UILanguage.allCases.map { language in
            levels.map { FragmentRenderer.actionMarkup($0, language: language) }
        }
    }

    /// The actions of the row with `fields` in section `section`.
    /// - Complexity: O(keys of the row) plus its actions.
    func actions(section: Int, rowFields fields: Fields) -> SwipeActions {
        let outer = sections.isEmpty ? table : sections[section]
        return SwipeActions.isNamed(in: fields) ? SwipeActions(fields).overriding(outer) : outer
    }

    /// Lends `body` the markup of the buttons of a row in `section` with `fields` (nil: the default
    /// Delete), made only for a row that gives actions of its own or on which one of them would change
    /// nothing (it is left out there).
    /// - Parameter rowMayName: whether the row's dictionary may give actions (table documents' rows).
    @inline(__always)
    func withMarkup<Result>(
        section: Int, fields: UnsafePointer<Fields>, rowMayName: Bool, language: UILanguage,
        _ body: (UnsafeRawBufferPointer?) -> Result
    ) -> Result {
        let markup: [UInt8]
        if rowMayName && SwipeActions.isNamed(in: fields.pointee) {
            markup = FragmentRenderer.actionMarkup(
                actions(section: section, rowFields: fields.pointee), language: language, row: fields.pointee)
        } else {
            let levels = markupByLanguage[language.rawValue]
            if levels.isEmpty { return body(nil) }
            let level = sections.isEmpty ? 0 : section
            let actions = sections.isEmpty ? table : sections[section]
            markup =
                updates[level] && FragmentRenderer.leavesOut(actions, row: fields.pointee)
                ? FragmentRenderer.actionMarkup(actions, language: language, row: fields.pointee) : levels[level]
        }
        return markup.withUnsafeBytes { body($0) }
    }
}
