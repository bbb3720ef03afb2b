// Models — how the rows sat in the source file

/// How the rows sat in the source file, so an export writes the same shape back.
public struct SourceShape: Sendable, Hashable {
    /// When the file's root was a dictionary holding the list under one key, that key.
    public var rootKey: String?
    /// When the list held groups, the key of each group's rows (`friends`, `rows`);
    /// nil when the list held the rows themselves (one section).
    public var rowsKey: String?

    /// Table documents (``DatasetKind/table``): the document around its sections as the file had it,
    /// every key in its order, with an empty array where the sections stood. It is the root dictionary
    /// when ``rootKey`` names the table in it (`{"table": {…}}`), else the table dictionary itself (a
    /// child table). nil for other kinds.
    public var document: Fields?

    public init(rootKey: String? = nil, rowsKey: String? = nil, document: Fields? = nil) {
        self.rootKey = rootKey
        self.rowsKey = rowsKey
        self.document = document
    }

    public var isGrouped: Bool { rowsKey != nil }
}
