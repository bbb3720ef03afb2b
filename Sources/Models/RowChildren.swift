// Models — where a row keeps the rows an outline shows under it

/// Where the rows of a dataset keep their child rows: the rows an outline shows under them, as
/// iOS 14's expandable lists show an item's children.
///
/// A table document's row names them `children`, and so may a generic list's. A generic list
/// grouped in sections reads its deeper levels as children too: a row's one list of dictionaries
/// (`{"cname": "Qingyang", "district": [{"dname": …}]}` under a province: provinces, cities,
/// districts). The children stay in the row's fields, so an export writes them back where and as
/// they were. Other kinds, and the lists inside a flat list's rows other than `children`, keep
/// them as values.
public struct RowChildren: Sendable, Hashable {
    /// The key a row names its child rows with.
    public static let key = "children"

    /// The dataset's kind.
    public var kind: DatasetKind
    /// Whether a row's one list of dictionaries holds its children, whatever its key.
    public var readsAnyList: Bool

    /// The rule of a dataset of `kind`.
    /// - Parameters:
    ///   - kind: the dataset's kind.
    ///   - isGrouped: whether its rows come from groups (sections read from the file's structure).
    public init(kind: DatasetKind, isGrouped: Bool) {
        self.kind = kind
        readsAnyList = kind == .generic && isGrouped
    }

    /// The rule of `dataset`.
    public init(_ dataset: Dataset) {
        self.init(kind: dataset.kind, isGrouped: dataset.shape.isGrouped)
    }

    /// The key under which `fields` holds its child rows.
    /// - Returns: `children` when it holds a list of dictionaries (or an empty list), in a generic
    ///   list or a table document; where ``readsAnyList``, else the key of the one member holding a
    ///   non-empty list of dictionaries only; nil otherwise (no list of rows, or several, which the
    ///   row does not tell apart).
    /// - Complexity: O(m) for m members of `fields`, plus the elements of the lists among them.
    public func key(in fields: Fields) -> String? {
        guard kind == .generic || kind == .table else { return nil }
        if let value = fields[Self.key] {
            return Self.isRowList(value, allowsEmpty: true) ? Self.key : nil
        }
        guard readsAnyList else { return nil }
        var found: String?
        for field in fields where Self.isRowList(field.value, allowsEmpty: false) {
            if found != nil { return nil }
            found = field.key
        }
        return found
    }

    /// The child rows of `fields`, in order.
    /// - Returns: an empty array when the row holds none.
    /// - Complexity: O(m) as for ``key(in:)``.
    public func children(of fields: Fields) -> [Fields] {
        guard let key = key(in: fields), case .array(let items) = fields[key] else { return [] }
        return items.compactMap(\.dictValue)
    }

    private static func isRowList(_ value: FieldValue, allowsEmpty: Bool) -> Bool {
        guard case .array(let items) = value else { return false }
        guard !items.isEmpty else { return allowsEmpty }
        return items.allSatisfy { if case .dict = $0 { true } else { false } }
    }
}
