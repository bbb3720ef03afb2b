// Models — a Settings dataset written back as its whole bundle folder, in one ZIP archive

extension SettingsExport {
    /// The bundle of a Settings dataset as one ZIP archive of its folder (`Settings.bundle/`): `Root.plist` (or
    /// the page the bundle was imported by) and the page of every child pane a row opens (``page(of:)``, ``pane(_:of:)``: the current values as
    /// `DefaultValue`), each under the file it came from (`Root~iphone.plist`); every other page file the bundle
    /// had (``SettingsBundle/pageFiles``: `~ipad` variants, pages no row opens) as it came but for the current
    /// values of the keys it holds that were edited (``edited(of:)``); then the files the import kept
    /// (``SettingsBundle/files``: the `*.lproj` strings tables and string catalogs as they came, and the images). A page is an XML property list, or a binary one when
    /// it holds text XML cannot carry.
    /// - Returns: the folder's name without `.bundle` (the one the bundle came in, else `Settings`) and the
    ///   archive's bytes.
    /// - Complexity: O(n × p) in the rows of every page and the panes, plus the size of the files.
    public static func bundleArchive(of dataset: Dataset) -> (folder: String, bytes: [UInt8]) {
        let document = dataset.shape.document
        let folder = document?[SettingsBundle.folderKey]?.stringValue ?? "Settings"
        var archive = ZipArchive()
        let rootFile = document?[SettingsBundle.rootFileKey]?.stringValue ?? "Root"
        let pageFiles = document?[SettingsBundle.pageFilesKey]?.dictValue ?? [:]
        // A page shown came from the iPhone's variant when the bundle has one, as the import picked it.
        func fileName(_ page: String) -> String {
            pageFiles["\(page)~iphone.plist"] != nil ? "\(page)~iphone.plist" : "\(page).plist"
        }
        var written: Set<String> = [fileName(rootFile)]
        archive.add("\(folder).bundle/\(fileName(rootFile))", propertyList(page(of: dataset)))
        for (file, page) in panes(of: dataset) where written.insert(fileName(file)).inserted {
            archive.add("\(folder).bundle/\(fileName(file))", propertyList(page))
        }
        // The pages not shown (the iPad's, the plain ones an iPhone variant replaced, pages no row opens), with the
        // current value of each key they hold that was edited (a value never edited stays as the file has it).
        let values = edited(of: dataset)
        for field in pageFiles where !written.contains(field.key) {
            guard case .data(let bytes) = field.value else { continue }
            archive.add("\(folder).bundle/\(field.key)", page(bytes, storing: values))
        }
        for field in document?[SettingsBundle.filesKey]?.dictValue ?? [:] {
            guard case .data(let bytes) = field.value else { continue }
            archive.add("\(folder).bundle/\(field.key)", bytes)
        }
        return (folder, archive.bytes)
    }

    /// The page of every child pane the rows open, at any depth, each file once, in the order the pages
    /// list them (the root page's first).
    /// - Complexity: O(n × p) in the rows of every page and the panes.
    public static func panes(of dataset: Dataset) -> [(file: String, page: FieldValue)] {
        var found: [(file: String, page: FieldValue)] = []
        var seen = Set<String>()
        func visit(_ rows: [Fields]) {
            for row in rows {
                guard let child = row[TableDocument.childKey]?.dictValue,
                    let file = child[SettingsPageReader.fileKey]?.stringValue
                else { continue }
                if seen.insert(file).inserted, let page = pane(file, of: dataset) { found.append((file, page)) }
                visit((child[TableDocument.sectionsKey]?.arrayValue ?? []).flatMap { section in
                    (section.dictValue?[TableDocument.rowsKey]?.arrayValue ?? []).compactMap(\.dictValue)
                })
            }
        }
        visit(dataset.sections.flatMap { $0.rows.map(\.fields) })
        return found
    }

    /// A page file's bytes with each keyed specifier's `DefaultValue` set to its key's current value where it
    /// differs from the value the specifier starts with, in the file's own format (binary stays binary).
    /// - Returns: the bytes as they came when nothing changes or they are no Settings page.
    static func page(_ bytes: [UInt8], storing values: Fields) -> [UInt8] {
        guard let document = try? DatasetImporter.readDocument(bytes, file: ""), SettingsBundle.isPage(document),
            case .dict(var page) = document
        else { return bytes }
        let specifiers = (page[SettingsBundle.specifiersKey]?.arrayValue ?? []).map { item -> FieldValue in
            guard let fields = item.dictValue, let key = fields["Key"]?.stringValue, let value = values[key] else { return item }
            return .dict(storing(value, in: fields))
        }
        page[SettingsBundle.specifiersKey] = .array(specifiers)
        guard FieldValue.dict(page) != document else { return bytes }
        return PropertyListFormat.isBinaryPropertyList(bytes) ? DocumentFormat.binaryPlist.write(.dict(page)) : propertyList(.dict(page))
    }

    /// A page as an XML property list, else (text XML cannot carry) a binary one.
    private static func propertyList(_ page: FieldValue) -> [UInt8] {
        XMLPropertyListWriter.unwritableText(in: page) == nil
            ? DocumentFormat.plist.write(page) : DocumentFormat.binaryPlist.write(page)
    }
}
