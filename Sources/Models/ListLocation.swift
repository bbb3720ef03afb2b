// Models — where a document keeps its list, found from the structure

/// Where a document keeps its list, and how that list groups its rows, found from the structure of the
/// document rather than from known key names: the list itself, a dictionary holding one list among
/// metadata (empty lists beside it aside), a dictionary of lists (one section per key), or a list of lists
/// (sections without titles).
struct ListLocation {
    /// The elements of the list: rows, group dictionaries, or (for keyed and array groups) the groups'
    /// arrays in order.
    var items: [FieldValue]
    /// The key the list sat under in the root dictionary, nil when the root was the list.
    var rootKey: String?
    /// The root dictionary around the list with an empty array where the list stood, when it held more
    /// than the list (metadata, row actions); nil otherwise.
    var document: Fields?
    /// How the list groups its rows when the structure alone says so (keyed or array groups).
    var groupForm: SourceShape.GroupForm = .dictionaries
    /// For keyed groups, each group's key, in order.
    var groupKeys: [String] = []
    /// A title the document gives itself beside its list (`name`, `title`, `Title`), if any.
    var title: String?

    /// The keys whose string value titles a document (an AltStore source's `name`, a Settings page's
    /// `Title`), compared without case, in order of preference.
    static let titleKeys = ["title", "name", "displayname"]

    /// Finds the list in a document's root.
    /// - Parameters:
    ///   - root: what a document reader returned for the file.
    ///   - listKey: the key of the list to take when the root dictionary holds several (`--import ID=PATH#KEY`,
    ///     `?key=`); nil to find it.
    ///   - isAction: whether a root key holds the dataset's row actions rather than a list of rows.
    /// - Returns: the list and where it sat.
    /// - Throws: a key path and a message: for a root that is no list and holds none, or holds several
    ///   (each named with its count), or a `listKey` that names no list.
    /// - Complexity: O(keys of the root), plus O(n) to check a list of lists.
    static func locate(
        in root: FieldValue, listKey: String?, isAction: (String) -> Bool
    ) throws(FieldViolation) -> ListLocation {
        switch root {
        case .array(let items):
            if isListOfLists(items) { return ListLocation(items: items, groupForm: .arrays) }
            return ListLocation(items: items)
        case .dict(let fields):
            return try locate(in: fields, listKey: listKey, isAction: isAction)
        default:
            throw FieldViolation(
                keyPath: "", message: "expected a list of rows (or a dictionary holding one), found \(root.errorPreview)")
        }
    }

    private static func locate(
        in fields: Fields, listKey: String?, isAction: (String) -> Bool
    ) throws(FieldViolation) -> ListLocation {
        let lists = fields.filter { !isAction($0.key) && $0.value.arrayValue != nil }
        if let listKey {
            guard let value = fields[listKey] else {
                throw FieldViolation(
                    keyPath: listKey, message: "no key \"\(listKey)\" in the document; its lists: \(describe(lists))")
            }
            guard let items = value.arrayValue else {
                throw FieldViolation(keyPath: listKey, message: "expected a list, found \(value.errorPreview)")
            }
            return take(items, under: listKey, in: fields)
        }
        if fields.count == 1, let only = fields.first {
            guard let items = only.value.arrayValue else {
                throw FieldViolation(keyPath: only.key, message: "expected a list of rows, found \(only.value.errorPreview)")
            }
            return take(items, under: only.key, in: fields)
        }
        if lists.count == fields.count, lists.count > 1 {
            // A dictionary of lists: one section per key, in the file's order.
            return ListLocation(
                items: lists.map(\.value), groupForm: .keyed, groupKeys: lists.map(\.key))
        }
        // An empty list beside one that holds rows competes with nothing (an AltStore source's `news: []`).
        let filled = lists.filter { $0.value.arrayValue?.isEmpty == false }
        if lists.count > 1, filled.count == 1 {
            return take(filled[0].value.arrayValue ?? [], under: filled[0].key, in: fields)
        }
        switch lists.count {
        case 1: return take(lists[0].value.arrayValue ?? [], under: lists[0].key, in: fields)
        case 0:
            let keys = fields.keys.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ")
            throw FieldViolation(
                keyPath: "", message: "expected a list of rows, found a dictionary that holds no list (its keys: \(keys))")
        default:
            throw FieldViolation(
                keyPath: "", message: "the dictionary holds \(lists.count) lists: \(describe(lists)); "
                    + "pick one with --import ID=PATH#KEY, or ?key=KEY on PUT")
        }
    }

    /// The list under `key` in `fields`, with the rest of `fields` kept as the document around it.
    private static func take(_ items: [FieldValue], under key: String, in fields: Fields) -> ListLocation {
        var location = ListLocation(items: items, rootKey: key)
        if isListOfLists(items) { location.groupForm = .arrays }
        guard fields.count > 1 else { return location }
        var document = fields
        document[key] = .array([])
        location.document = document
        location.title = titleKeys.lazy.compactMap { wanted in
            fields.first { $0.key.lowercased() == wanted && $0.value.stringValue?.isEmpty == false }?.value.stringValue
        }.first
        return location
    }

    /// `"apps" (12), "news" (3)`.
    private static func describe(_ lists: [Field]) -> String {
        lists.map { "\"\($0.key)\" (\($0.value.arrayValue?.count ?? 0))" }.joined(separator: ", ")
    }

    /// Whether a list is a list of lists: not empty, every element an array.
    static func isListOfLists(_ items: [FieldValue]) -> Bool {
        !items.isEmpty && items.allSatisfy { $0.arrayValue != nil }
    }
}
