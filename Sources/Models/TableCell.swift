// Models — the table document: what one row's dictionary says about its cell

/// What one row of a table document says about its cell, read from its fields with UIKit's defaults
/// for what it leaves out.
///
/// A document without editing keys is a static table, as a storyboard's static cells are: rows have
/// the editing style `none` and cannot move unless they say so.
public struct TableCell: Sendable, Hashable {
    public var style: TableCellStyle
    /// The accessory drawn: the row's own, else a disclosure indicator when it opens a child table.
    public var accessory: TableAccessory
    /// The custom accessory view, which replaces the accessory type when set.
    public var accessoryView: TableAccessoryView?
    /// The switch's state (`on`).
    public var isOn: Bool
    public var editingStyle: TableEditingStyle
    public var canMove: Bool
    /// The explicit height (`heightForRowAt`), or nil for the style's own.
    public var height: Double?
    public var selectionStyle: TableSelectionStyle
    /// Whether the row opens a child table.
    public var hasChild: Bool
    /// `indentationLevelForRowAt`: the content moves right by 10 px (`indentationWidth`) a level.
    public var indentationLevel: Int
    /// Whether the row's section is a choice list (its `choice` is `single`): a tap moves the checkmark to it.
    /// Set from the section (``init(_:section:)``).
    public var isChoice = false
    /// Whether a dragged row stays in its section (its section's `moveWithinSection`). Set from the section.
    public var movesWithinSection = false

    /// Reads a row's fields; values of the wrong type (which import refuses) count as absent.
    /// - Complexity: O(keys).
    public init(_ fields: Fields) {
        style = fields["style"]?.stringValue.flatMap(TableCellStyle.init(rawValue:)) ?? .default
        hasChild = fields[TableDocument.childKey]?.dictValue != nil
        let accessory = fields["accessory"]?.stringValue.flatMap(TableAccessory.init(rawValue:))
        self.accessory = accessory ?? (hasChild ? .disclosureIndicator : .none)
        accessoryView = fields["accessoryView"]?.stringValue.flatMap(TableAccessoryView.init(rawValue:))
        isOn = fields["on"]?.flag ?? false
        editingStyle = fields["editingStyle"]?.stringValue.flatMap(TableEditingStyle.init(rawValue:)) ?? .none
        canMove = fields["canMove"]?.flag ?? false
        height = fields["height"]?.number.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        selectionStyle = fields["selectionStyle"]?.stringValue.flatMap(TableSelectionStyle.init(rawValue:)) ?? .default
        indentationLevel = fields["indentationLevel"]?.number.map { Int(min(max($0, 0), TableDocument.maximumIndentationLevel)) } ?? 0
    }

    /// Reads a row's fields and what its section's keys say about it (a choice list, moves kept in the section).
    /// - Complexity: O(keys).
    public init(_ fields: Fields, section: Fields) {
        self.init(fields)
        isChoice = section[TableDocument.choiceKey]?.stringValue == "single"
        movesWithinSection = section[TableDocument.moveWithinSectionKey]?.flag == true
    }

    /// The name the page sees in `data-accessory`: `switch` for a switch, else the accessory type.
    public var accessoryName: String { accessoryView?.rawValue ?? accessory.rawValue }
}
