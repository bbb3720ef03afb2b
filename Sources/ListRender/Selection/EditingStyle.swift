// ListRender — the editing control of a row, as `UITableViewCell.EditingStyle`

/// The editing control of a row, as `UITableViewCell.EditingStyle`.
public enum EditingStyle: String, Sendable, Hashable, CaseIterable {
    /// No control.
    case none
    /// The red minus; committing it deletes the row.
    case delete
    /// The green plus; committing it inserts a row.
    case insert
}

/// What a row shows at its leading edge: its editing style's control, or the selection
/// checkbox that replaces every control when editing mode allows multiple selection.
public enum EditingControl: String, Sendable, Hashable, CaseIterable {
    case none
    case delete
    case insert
    case checkbox
}
