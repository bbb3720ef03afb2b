// Models — what a dataset holds, which decides its table and cells

/// What a dataset holds, which decides its table and cells.
public enum DatasetKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// `[{name, online, friends:[{name, icon, intro?, vip}]}]`: one section per group.
    case friends
    /// `[{name, title, icon, desc, tags}]`: one section of hero cells.
    case heroes
    /// `[{name, icon, size, download}]`: one section of app cells.
    case apps
    /// `[{send_time, title, content, read?}]`: one section of message cells.
    case messages
    /// Any array of dictionaries, or `[{title, rows:[…]}]`.
    case generic
    /// `{"table": {style, header?, footer?, sections:[{header?, footer?, rows:[{text, detail, …}]}]}}`:
    /// a document in UITableView's own vocabulary (see ``TableDocument``).
    case table
    /// An app's `Settings.bundle`: its `Root.plist` (`{Title?, StringsTable?, PreferenceSpecifiers: […]}`), child
    /// panes and strings, read as the Settings app shows them (see ``SettingsBundle``) into a table document.
    case settings

    /// Whether the dataset is a table document (``table``, or ``settings`` read into one): its rows are cells
    /// in UITableView's vocabulary, with switches, choice lists and child tables.
    public var isTableDocument: Bool { self == .table || self == .settings }
}

/// The table styles of `UITableView`.
public enum TableStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// Section headers pin to the top while their section scrolls.
    case plain
    /// Groups spanning the width; headers scroll with their section.
    case grouped
    /// Groups inset from the edges with rounded corners, as Settings draws them.
    case insetGrouped

    /// Whether sections are drawn as groups (grouped or inset grouped), whose headers do not pin.
    public var isGrouped: Bool { self != .plain }
}
