// Models — an app's Settings bundle: its pages and strings, read into a table document as Settings shows it

/// An app's `Settings.bundle` as files already read: the root page (`Root.plist`), the other pages child panes
/// may open, and the `.strings` tables of each `*.lproj` folder. ``dataset(id:title:file:)`` reads it as the
/// Settings app shows it: a ``DatasetKind/settings`` dataset in the inset grouped style, whose sections and rows
/// are a table document's (``TableDocument``), each row keeping its specifier for export (``SettingsExport``).
///
/// A `PUT` of a `Root.plist` is a bundle with no panes and no strings: its child panes are rows that say their
/// file is missing.
public struct SettingsBundle: Sendable {
    /// The bundle's folder name without `.bundle` (`Settings`), the title when the root page has none.
    public var name: String?
    /// The root page: `{Title?, StringsTable?, PreferenceSpecifiers: […]}`.
    public var root: FieldValue
    /// The other pages by file name without `.plist` (`Licenses`), as `File` names them.
    public var panes: [String: FieldValue]
    /// The strings of each language: the `*.lproj` folder's name (`en`, `zh-Hans`, `Base`), then the table's
    /// name (`Root`), then key to text.
    public var strings: [String: [String: [String: String]]]
    /// The bundle folder's own name without `.bundle` (`Settings`), which an archive of the bundle is named
    /// after; nil for a `Root.plist` alone.
    public var folder: String?
    /// The file of the page shown first, without `.plist`: `Root`, or another page of the bundle imported by
    /// its path (`Settings.bundle/Advanced.plist`), whose strings table and sibling panes it then keeps.
    public var rootFile = "Root"
    /// The files kept with the dataset beside its pages, by their paths in the bundle: the strings tables as
    /// they came (`zh-Hans.lproj/Root.strings`, `Root.xcstrings`) and the images sliders draw (`quiet@2x.png`),
    /// each at most ``keptFileLimit`` bytes.
    public var files: [String: [UInt8]]
    /// Every page file at the bundle's top as it came (`Root.plist`, `Root~iphone.plist`, `Root~ipad.plist`, a page
    /// no row opens), each at most ``keptFileLimit`` bytes, so that the bundle exports whole (``SettingsExport``):
    /// the pages shown are written from their rows, the others from these bytes with the current values.
    public var pageFiles: [String: [UInt8]] = [:]

    public init(
        name: String? = nil, root: FieldValue, panes: [String: FieldValue] = [:],
        strings: [String: [String: [String: String]]] = [:], files: [String: [UInt8]] = [:]
    ) {
        self.name = name
        self.root = root
        self.panes = panes
        self.strings = strings
        self.files = files
    }

    /// The key of a Settings page's list of specifiers.
    public static let specifiersKey = "PreferenceSpecifiers"
    /// The key, in the document, of the root page's `Title` as a row's texts are (`text`, and under `localized`
    /// the other languages'), kept when a language translates it and the dataset took its title from it.
    public static let titleKey = "bundleTitle"
    /// The key of the strings table a page's titles are looked up in (default `Root`).
    public static let stringsTableKey = "StringsTable"
    /// The languages tried, in order, when a text has no translation in the reader's own: the development
    /// language, as Xcode names its folder or as older projects did.
    public static let developmentLanguages = ["en", "Base", "English"]

    /// Whether a document is a Settings page: a dictionary whose `PreferenceSpecifiers` is an array of
    /// dictionaries, some with a string `Type` (one without is then refused by its key path, not read as
    /// a list of another kind), or empty (a bundle whose app has no settings yet).
    /// - Complexity: O(specifiers).
    public static func isPage(_ root: FieldValue) -> Bool {
        guard case .dict(let fields) = root, case .array(let items) = fields[specifiersKey] else { return false }
        return items.allSatisfy { $0.dictValue != nil }
            && (items.isEmpty || items.contains { $0.dictValue?["Type"]?.stringValue != nil })
    }

    /// Where a page's first specifier without a string `Type` is, and why it cannot be read.
    static func typeProblem(in page: Fields) -> (path: String, message: String)? {
        let items = page[specifiersKey]?.arrayValue ?? []
        guard let index = items.firstIndex(where: { $0.dictValue?["Type"]?.stringValue == nil }) else { return nil }
        let found = items[index].dictValue?["Type"].map { ", found \($0.errorPreview)" } ?? ""
        return ("\(specifiersKey)[\(index)].Type", "expected the specifier's type (PSGroupSpecifier, …)" + found)
    }

    /// The language tag a `*.lproj` folder's name stands for: `zh_CN` → `zh-CN`, `English` → `en`.
    public static func languageTag(ofFolder name: String) -> String {
        let legacy = [
            "English": "en", "French": "fr", "German": "de", "Japanese": "ja", "Spanish": "es", "Italian": "it",
            "Dutch": "nl",
        ]
        return legacy[name] ?? name.replacingUnderscores
    }

    /// The languages the bundle has strings in, as tags, the development language first; `Base` is not one.
    public var languages: [String] {
        let tags = Set(strings.keys.filter { $0 != "Base" }.map(Self.languageTag(ofFolder:)))
        return tags.sorted { ($0 == "en" ? 0 : 1, $0) < ($1 == "en" ? 0 : 1, $1) }
    }

    /// Reads the bundle into a dataset.
    /// - Parameters:
    ///   - id: the dataset's id.
    ///   - title: the title to give it; nil takes the root page's `Title`, else the bundle's name, else one
    ///     made from the id.
    ///   - file: the file name for errors.
    /// - Returns: the dataset at version 1.
    /// - Throws: ``ImportError`` when the root is not a Settings page or a specifier is not a dictionary.
    /// - Complexity: O(n) in the specifiers of every page reached, each page read once a path.
    public func dataset(id: String, title: String?, file: String) throws(ImportError) -> Dataset {
        guard case .dict(let page) = root, Self.isPage(root) else {
            throw ImportError(
                file: file, path: "",
                message: "expected a Settings page, a dictionary whose \"\(Self.specifiersKey)\" is an array of "
                    + "specifiers each with a \"Type\", found \(root.errorPreview)")
        }
        if let (path, message) = Self.typeProblem(in: page) { throw ImportError(file: file, path: path, message: message) }
        let pages = SettingsPageReader(bundle: self)
        let table = pages.table(of: page, file: rootFile, visited: rootFile == "Root" ? [] : [rootFile])
        var reader = TableDocumentReader(file: file, nextID: 1)
        let (tableDocument, sections) = try reader.read(table, at: TableDocument.rootKey)
        var document: Fields = [TableDocument.rootKey: .dict(tableDocument)]
        if !languages.isEmpty { document["languages"] = .array(languages.map(FieldValue.string)) }
        if let folder { document[Self.folderKey] = .string(folder) }
        if rootFile != "Root" { document[Self.rootFileKey] = .string(rootFile) }
        if !files.isEmpty {
            let kept = files.sorted { $0.key < $1.key }.map { Field($0.key, FieldValue.data($0.value)) }
            document[Self.filesKey] = .dict(Fields(kept))
        }
        if !pageFiles.isEmpty {
            let kept = pageFiles.sorted { $0.key < $1.key }.map { Field($0.key, FieldValue.data($0.value)) }
            document[Self.pageFilesKey] = .dict(Fields(kept))
        }
        let pageTitle = page["Title"]?.stringValue.map { pages.localized($0, table: page, language: nil) }
        if title == nil, let key = page["Title"]?.stringValue {
            // The title in each language, as a row's text is: the page shows the reader's while it is the title.
            var texts = SettingsPageReader.Texts(reader: pages, page: page)
            texts.set("text", key)
            if texts.fields[SettingsPageReader.localizedKey] != nil { document[Self.titleKey] = .dict(texts.fields) }
        }
        let title = title ?? pageTitle ?? name ?? DatasetDecoder.title(forIdentifier: id)
        return Dataset(
            id: id, title: title, kind: .settings, style: .insetGrouped,
            shape: SourceShape(rootKey: TableDocument.rootKey, rowsKey: TableDocument.rowsKey, document: document),
            sections: sections, nextID: reader.nextID)
    }
}

extension String {
    fileprivate var replacingUnderscores: String {
        String(map { $0 == "_" ? "-" : $0 })
    }
}
