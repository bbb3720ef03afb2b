// Models — the table document: UITableView's own vocabulary for a whole table

/// The table document (``DatasetKind/table``): a whole `UITableView` described in its own vocabulary,
/// static cells included.
///
/// ```json
/// {"table": {"style": "insetGrouped", "header": "…", "footer": "…", "separatorStyle": "singleLine",
///   "allowsSelection": true, "allowsMultipleSelection": false,
///   "sections": [{"header": "…", "footer": "…", "indexTitle": "A",
///     "rows": [{"text": "Wi-Fi", "detail": "Home", "image": "settings-wifi", "style": "value1",
///       "accessory": "disclosureIndicator", "table": {"sections": […]}}]}]}}
/// ```
///
/// The table's keys map to a ``Dataset``: the document around the sections is kept in
/// ``SourceShape/document`` (so an export writes every key back in its order), each section's own keys
/// in ``Section/fields`` and each row's dictionary in ``Row/fields``. Keys the vocabulary does not know
/// are kept and exported as they were.
///
/// A row's `table` is a child table, the screen the row opens (Settings' drill-downs). It stays in the
/// row's fields as a dictionary; its sections and rows get ids from the dataset's id space all the same,
/// written into their dictionaries under ``idKey``, so a child's rows can be addressed and edited by id
/// and keep their ids through edits and restarts. Exports leave ``idKey`` out (``exported(_:)``).
public enum TableDocument {
    /// The root key that marks a table document.
    public static let rootKey = "table"
    /// The table's key for its sections.
    public static let sectionsKey = "sections"
    /// A section's key for its rows.
    public static let rowsKey = "rows"
    /// A row's key for its child table.
    public static let childKey = "table"
    /// The key under which a child table's sections and rows keep their ids inside the row's fields.
    /// It cannot come from a property list (XML forbids U+0000) and is never exported; a JSON file that
    /// has it in a child table gets new ids in its place.
    public static let idKey = "\u{0}id"

    /// The rules of the table dictionary itself; its `sections` are checked by the decoder.
    public static let tableRules: [FieldRule] = [
        FieldRule("style", .oneOf(TableStyle.allCases.map(\.rawValue))),
        FieldRule("header", .string), FieldRule("footer", .string),
        FieldRule("separatorStyle", .oneOf(TableSeparatorStyle.allCases.map(\.rawValue))),
        FieldRule("allowsSelection", .boolean), FieldRule("allowsMultipleSelection", .boolean),
        FieldRule(indexMinimumRowCountKey, .integer),
    ] + SwipeActions.rules

    /// The table's `sectionIndexMinimumDisplayRowCount`: the index bar shows only from this many rows.
    public static let indexMinimumRowCountKey = "sectionIndexMinimumDisplayRowCount"

    /// The rules of a section's own keys (`titleForHeaderInSection`, `titleForFooterInSection`, the
    /// section index title).
    public static let sectionRules: [FieldRule] = [
        FieldRule("header", .string), FieldRule("footer", .string), FieldRule("indexTitle", .string),
        FieldRule(choiceKey, .oneOf(["single"])), FieldRule(moveWithinSectionKey, .boolean),
    ] + SwipeActions.rules

    /// A section's key that makes its rows a choice list (`"choice": "single"`): one row has the checkmark.
    public static let choiceKey = "choice"
    /// A section's key that keeps dragged rows in it (`targetIndexPathForMoveFromRowAt`).
    public static let moveWithinSectionKey = "moveWithinSection"
    /// The deepest `indentationLevel` a row may have.
    public static let maximumIndentationLevel = 16.0
    /// The deepest a child table may nest: a page names the table it shows by the ids of the rows on the way
    /// (`child=` in a URL), at most this many.
    public static let maximumChildDepth = 32

    /// The tallest explicit row height a document may give.
    public static let maximumRowHeight = 2_000.0

    /// The rules of a row: the cell's labels, image, style, accessory and editing.
    public static let rowRules: [FieldRule] = [
        FieldRule("text", .string), FieldRule("detail", .string), FieldRule("image", .string),
        FieldRule("style", .oneOf(TableCellStyle.allCases.map(\.rawValue))),
        FieldRule("accessory", .oneOf(TableAccessory.allCases.map(\.rawValue))),
        FieldRule("accessoryView", .oneOf(TableAccessoryView.allCases.map(\.rawValue))),
        FieldRule("on", .boolean),
        FieldRule("editingStyle", .oneOf(TableEditingStyle.allCases.map(\.rawValue))),
        FieldRule("canMove", .boolean),
        FieldRule("height", .numberIn(0...maximumRowHeight)),
        FieldRule("selectionStyle", .oneOf(TableSelectionStyle.allCases.map(\.rawValue))),
        FieldRule("indentationLevel", .numberIn(0...maximumIndentationLevel)),
        FieldRule(childKey, .dictionary),
    ] + SwipeActions.rules

    /// Whether a document's root is a table document: a dictionary whose `table` holds a dictionary.
    /// (A `table` key holding an array is a list under a root key, as any other kind may have.)
    public static func isDocument(_ root: FieldValue) -> Bool {
        if case .dict(let fields) = root, case .dict = fields[rootKey] { return true }
        return false
    }

    /// The table dictionary of a shape's document, without its sections.
    /// - Returns: nil when the shape is not a table document's.
    public static func tableFields(of shape: SourceShape) -> Fields? {
        guard let document = shape.document else { return nil }
        guard let rootKey = shape.rootKey else { return document }
        return document[rootKey]?.dictValue
    }
}

/// `UITableViewCell.CellStyle`: where the cell puts its text, detail and image.
public enum TableCellStyle: String, Sendable, Hashable, CaseIterable {
    /// The image, then the text; no detail.
    case `default`
    /// The image, the text, and the detail right-aligned on the text's line in grey.
    case value1
    /// A short blue label (the text) right-aligned in a column, then the detail left-aligned; no image.
    case value2
    /// The image, the text, and the detail under it in smaller type.
    case subtitle
}

/// `UITableViewCell.AccessoryType`: the standard control at the cell's trailing edge.
public enum TableAccessory: String, Sendable, Hashable, CaseIterable {
    case none
    /// A chevron: the row opens something.
    case disclosureIndicator
    /// An info button and a chevron.
    case detailDisclosureButton
    /// A checkmark in the tint colour.
    case checkmark
    /// An info button.
    case detailButton
}

/// The custom accessory views a document can name (`accessoryView`); they replace the accessory type.
public enum TableAccessoryView: String, Sendable, Hashable, CaseIterable {
    /// A `UISwitch` whose state is the row's `on`.
    case `switch`
    /// A `UITextField` holding the row's `value` (a Settings bundle's `PSTextFieldSpecifier`): `secure` shows
    /// dots, `keyboardType`, `autocapitalization` and `autocorrection` as `UITextInputTraits` name them.
    case textField
    /// A `UISlider` holding the row's `value` between `minimumValue` and `maximumValue` (`PSSliderSpecifier`).
    case slider
}

/// `UITableViewCell.EditingStyle` of a row: the control edit mode shows at its leading edge.
public enum TableEditingStyle: String, Sendable, Hashable, CaseIterable {
    case none
    /// A red minus; the row can be deleted.
    case delete
    /// A green plus; the row stands for a row to insert.
    case insert
}

/// `UITableViewCell.SeparatorStyle` of a table.
public enum TableSeparatorStyle: String, Sendable, Hashable, CaseIterable {
    case singleLine
    case none
}

/// `UITableViewCell.SelectionStyle` of a row: whether it highlights when tapped.
public enum TableSelectionStyle: String, Sendable, Hashable, CaseIterable {
    case `default`
    case none
}
