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
