// Models — what each kind requires of its rows and groups, and how a kind is detected

extension DatasetKind {
    /// The rules every row of this kind must satisfy; other keys are kept as they are.
    public var rowRules: [FieldRule] {
        switch self {
        case .friends:
            [
                FieldRule("name", .string, required: true), FieldRule("icon", .string),
                FieldRule("intro", .string), FieldRule("vip", .boolean),
            ]
        case .heroes:
            [
                FieldRule("name", .string, required: true), FieldRule("title", .string),
                FieldRule("icon", .string), FieldRule("desc", .string), FieldRule("tags", .stringList),
            ]
        case .apps:
            [
                FieldRule("name", .string, required: true), FieldRule("icon", .string),
                FieldRule("size", .numberOrString), FieldRule("download", .numberOrString),
                FieldRule("installed", .boolean),
            ]
        case .messages:
            [
                FieldRule("send_time", .time, required: true), FieldRule("title", .string),
                FieldRule("content", .string), FieldRule("read", .boolean),
            ]
        case .generic:
            []
        case .table:
            TableDocument.rowRules
        }
    }

    /// The rules every group (section) of this kind must satisfy, its rows key aside.
    public var groupRules: [FieldRule] {
        switch self {
        case .friends: [FieldRule("name", .string, required: true), FieldRule("online", .integer)]
        case .generic: [FieldRule("title", .string)]
        case .table: TableDocument.sectionRules
        case .heroes, .apps, .messages: []
        }
    }

    /// The table style a kind is shown in.
    public func defaultStyle(grouped: Bool) -> TableStyle {
        switch self {
        case .friends, .heroes, .apps, .messages, .table: .plain
        case .generic: grouped ? .grouped : .plain
        }
    }

    /// Whether a kind's sections start collapsed (friend groups do, as in the QQ list).
    public var sectionsStartCollapsed: Bool { self == .friends }

    /// How many of a list's first elements kind detection looks at.
    public static let detectionSampleSize = 16

    /// Detects the kind of a list from the keys of its first dictionary.
    /// - Parameter first: the first element of the list, nil when the list is empty.
    /// - Returns: the kind and, for grouped generic lists, the rows key.
    public static func detect(first: Fields?) -> (kind: DatasetKind, rowsKey: String?) {
        detect(in: first.map { [.dict($0)] } ?? [])
    }

    /// Detects the kind of a list from the keys of its first ``detectionSampleSize`` dictionaries
    /// so that an optional key the first element happens to lack does not hide the kind:
    /// a `friends` key makes friend groups, then `send_time` messages, `size` and `download` apps,
    /// `name` with `desc` or `tags` heroes, a `rows` array grouped generic rows; anything else is generic.
    ///
    /// Detection looks at keys only, whatever their values: the decoder then checks the types, so a
    /// friends file whose `friends` is not an array is refused with that key path instead of becoming a
    /// generic list. Only `rows` must hold an array, since a generic list may well have a plain `rows` column.
    /// - Parameter list: the file's list.
    /// - Returns: the kind and, for grouped generic lists, the rows key.
    /// - Complexity: O(keys of the sampled elements).
    public static func detect(in list: [FieldValue]) -> (kind: DatasetKind, rowsKey: String?) {
        var keys = Set<String>()
        var hasRowsArray = false
        for element in list.prefix(detectionSampleSize) {
            guard case .dict(let fields) = element else { continue }
            for field in fields {
                keys.insert(field.key)
                if field.key == "rows", case .array = field.value { hasRowsArray = true }
            }
        }
        if keys.contains("friends") { return (.friends, "friends") }
        if keys.contains("send_time") { return (.messages, nil) }
        if keys.contains("size") && keys.contains("download") { return (.apps, nil) }
        if keys.contains("name") && (keys.contains("desc") || keys.contains("tags")) { return (.heroes, nil) }
        if hasRowsArray { return (.generic, "rows") }
        return (.generic, nil)
    }

    /// The key of the text shown first in a generic row: `title` or `name` when it holds text (a string,
    /// or a number shown as its digits, ``FieldValue/text``), else its first string field; nil when it has
    /// neither.
    public static func primaryTextKey(of fields: Fields) -> String? {
        ["title", "name"].first { fields[$0]?.text != nil } ?? fields.first { $0.value.stringValue != nil }?.key
    }

    /// The text shown first in a generic row: its `title` or `name`, else its first string field.
    public static func primaryText(of fields: Fields) -> String? {
        primaryTextKey(of: fields).flatMap { fields[$0]?.text }
    }

    /// The text shown second in a generic row: its second string field.
    public static func secondaryText(of fields: Fields) -> String? {
        let primaryKey = primaryTextKey(of: fields)
        return fields.lazy.filter { $0.key != primaryKey }.compactMap { $0.value.stringValue }.first
    }
}
