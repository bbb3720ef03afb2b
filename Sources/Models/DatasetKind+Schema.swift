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
                FieldRule("icon", .string), FieldRule("desc", .string), FieldRule("intro", .string),
                FieldRule("tags", .stringList),
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
        case .table, .settings:
            TableDocument.rowRules
        }
    }

    /// The rules every group (section) of this kind must satisfy, its rows key aside.
    public var groupRules: [FieldRule] {
        switch self {
        case .friends: [FieldRule("name", .string, required: true), FieldRule("online", .integer)]
        case .generic: [FieldRule("title", .string)]
        case .table, .settings: TableDocument.sectionRules
        case .heroes, .apps, .messages: []
        }
    }

    /// The table style a kind is shown in.
    public func defaultStyle(grouped: Bool) -> TableStyle {
        switch self {
        case .friends, .heroes, .apps, .messages, .table: .plain
        case .settings: .insetGrouped
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
    /// a `friends` key makes friend groups, then `send_time` messages, an app's keys apps
    /// (``appKeysMatch(_:)``), `name` with `desc`, `tags` or `intro` heroes, a `rows` array grouped
    /// generic rows; then, from the structure alone, dictionaries that each hold one list beside a few
    /// scalars (a title, a count) are groups of the rows in that list, whatever its key (`cars`,
    /// `cities`, `items`), and the rows' own keys name their kind; anything else is generic.
    ///
    /// Detection looks at keys only, whatever their values: the decoder then checks the types, so a
    /// friends file whose `friends` is not an array is refused with that key path instead of becoming a
    /// generic list. Only `rows` must hold an array, since a generic list may well have a plain `rows` column.
    /// - Parameter list: the file's list.
    /// - Returns: the kind and, for grouped lists, the key of each group's rows.
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
        if let kind = rowKind(keys) { return (kind, nil) }
        if hasRowsArray { return (.generic, "rows") }
        guard let rowsKey = groupRowsKey(in: list) else { return (.generic, nil) }
        let rows = list.lazy.compactMap { $0.dictValue?[rowsKey]?.arrayValue }.first { !$0.isEmpty } ?? []
        return (detect(in: rows).kind, rowsKey)
    }

    /// The named kind that rows with these keys are, nil for generic rows.
    private static func rowKind(_ keys: Set<String>) -> DatasetKind? {
        if keys.contains("send_time") { return .messages }
        if appKeysMatch(keys) { return .apps }
        let describesHero = keys.contains("desc") || keys.contains("tags") || keys.contains("intro")
        if keys.contains("name") && describesHero && !keys.contains("vip") { return .heroes }
        return nil
    }

    /// The keys an app's download count is written under by the lists people make.
    public static let downloadKeys = ["download", "downloads", "downloadCount", "download_count", "downloadsCount"]
    /// The keys an app's size is written under.
    public static let sizeKeys = ["size", "fileSize", "appSize", "file_size"]

    /// Whether rows with these keys are apps: a name with a download count, a size with a download count
    /// or a version, or a bundle identifier (an AltStore source's apps).
    static func appKeysMatch(_ keys: Set<String>) -> Bool {
        let hasDownloads = downloadKeys.contains(where: keys.contains)
        let hasSize = sizeKeys.contains(where: keys.contains)
        let named = keys.contains("name")
        return (named && hasDownloads) || (hasSize && (hasDownloads || keys.contains("version")))
            || (named && keys.contains("bundleIdentifier"))
    }

    /// The most scalar keys beside its list that a dictionary may have and still be a group (a title, a
    /// count, an id, a flag); a row with a list among more keys is a row (an app with its screenshots).
    static let groupScalarLimit = 4

    /// The key under which every sampled dictionary holds its one list, when the list is made of groups:
    /// each element a dictionary with exactly one array (not of image file names) and at most
    /// ``groupScalarLimit`` other values, none a dictionary, the array under the same key in every element;
    /// a string among the values (the groups' titles); the rows seen all dictionaries or all texts. A list
    /// under ``RowChildren/key`` makes the elements an outline's rows (`[{"name": …, "children": […]}]`: a
    /// tree, whose leaves have no `children`), never groups.
    /// - Returns: the key, or nil when the elements are rows.
    /// - Complexity: O(keys of the sampled elements).
    static func groupRowsKey(in list: [FieldValue]) -> String? {
        var rowsKey: String?
        var rowForms = Set<Bool>()  // whether rows seen are dictionaries (true) or texts (false)
        var titled = false
        for element in list.prefix(detectionSampleSize) {
            guard case .dict(let fields) = element else { return nil }
            var listKey: String?
            var scalars = 0
            for field in fields {
                switch field.value {
                case .array(let items):
                    guard listKey == nil, !items.contains(where: isImageName) else { return nil }
                    for item in items.prefix(detectionSampleSize) {
                        switch item {
                        case .dict: rowForms.insert(true)
                        case .string, .int, .real: rowForms.insert(false)
                        default: return nil
                        }
                    }
                    listKey = field.key
                case .dict: return nil
                case .string:
                    titled = true
                    scalars += 1
                default: scalars += 1
                }
            }
            guard let listKey, listKey != RowChildren.key, scalars <= groupScalarLimit,
                rowsKey == nil || rowsKey == listKey
            else { return nil }
            rowsKey = listKey
        }
        // Groups have a title and rows of one form, dictionaries or texts; lists that are all empty tell nothing.
        return titled && rowForms.count == 1 ? rowsKey : nil
    }

    /// The extensions of image files, which a list of names holds when it lists pictures, not rows.
    static let imageExtensions = [".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg", ".pdf", ".heic", ".bmp"]

    /// Whether a value is an image's file name (`1385536285032.png`, `icon@2x.png`).
    static func isImageName(_ value: FieldValue) -> Bool {
        guard let text = value.stringValue, text.utf8.count < 512 else { return false }
        let lowered = text.lowercased()
        return imageExtensions.contains(where: lowered.hasSuffix)
    }

    /// Whether a key names an image (`icon`, `image`, `avatar`, `headImage`, `iconURL`), whose value a
    /// generic row draws as a picture, never as text.
    static func isImageKey(_ key: String) -> Bool {
        let lowered = key.lowercased()
        return ["icon", "image", "img", "avatar", "photo", "picture", "thumb", "logo"].contains(where: lowered.contains)
    }

    /// The key of the text shown first in a generic row: `title` or `name` when it holds text (a string,
    /// or a number shown as its digits, ``FieldValue/text``), else its first string field that is not an
    /// image's name; nil when it has neither.
    public static func primaryTextKey(of fields: Fields) -> String? {
        ["title", "name"].first { fields[$0]?.text != nil } ?? fields.first { isShownText($0) }?.key
    }

    /// Whether a field is text a generic row may show: a string that is not an image (``isImageKey(_:)``,
    /// ``isImageName(_:)``).
    static func isShownText(_ field: Field) -> Bool {
        field.value.stringValue != nil && !isImageKey(field.key) && !isImageName(field.value)
    }

    /// The text shown first in a generic row: its `title` or `name`, else its first string field.
    public static func primaryText(of fields: Fields) -> String? {
        primaryTextKey(of: fields).flatMap { fields[$0]?.text }
    }

    /// The text shown second in a generic row: its next string field that is not an image's name, else the
    /// texts of a list it holds (``nestedTexts(_:)``).
    public static func secondaryText(of fields: Fields) -> String? {
        let primaryKey = primaryTextKey(of: fields)
        if let text = fields.lazy.filter({ $0.key != primaryKey && isShownText($0) }).compactMap(\.value.stringValue).first {
            return text
        }
        return shownList(of: fields).flatMap(nestedTexts)
    }

    /// The list whose texts a generic row shows second (``nestedTexts(_:)``): a row without a second string
    /// that holds a list (a city's districts); nil otherwise.
    public static func shownList(of fields: Fields) -> FieldValue? {
        let primaryKey = primaryTextKey(of: fields)
        guard !fields.contains(where: { $0.key != primaryKey && isShownText($0) }) else { return nil }
        return fields.lazy.map(\.value).first { nestedTexts($0) != nil }
    }

    /// The most texts of a row's nested list that its second line shows.
    static let nestedTextLimit = 8

    /// The texts of a nested list as one line (`Nanshan, Futian, …`): its texts, or its dictionaries' primary
    /// texts; nil when it holds none, or holds image names.
    static func nestedTexts(_ value: FieldValue) -> String? {
        guard let items = value.arrayValue, !items.contains(where: isImageName) else { return nil }
        let texts = items.prefix(nestedTextLimit).compactMap { $0.text ?? $0.dictValue.flatMap(primaryText(of:)) }
        guard !texts.isEmpty else { return nil }
        return texts.joined(separator: ", ") + (items.count > nestedTextLimit ? ", …" : "")
    }
}
