// Models — how the rows sat in the source file

/// How the rows sat in the source file, so an export writes the same shape back.
public struct SourceShape: Sendable, Hashable, Codable {
    /// When the file's root was a dictionary holding the list under one key, that key.
    public var rootKey: String?
    /// When the list held groups, the key of each group's rows (`friends`, `rows`);
    /// nil when the list held the rows themselves (one section).
    public var rowsKey: String?

    public init(rootKey: String? = nil, rowsKey: String? = nil) {
        self.rootKey = rootKey
        self.rowsKey = rowsKey
    }

    public var isGrouped: Bool { rowsKey != nil }
}
