// Models — a Settings dataset written back as its whole bundle folder, in one ZIP archive

extension SettingsExport {
    /// The bundle of a Settings dataset as one ZIP archive of its folder (`Settings.bundle/`): `Root.plist` (or
    /// the page the bundle was imported by) and the page of every child pane a row opens (``page(of:)``, ``pane(_:of:)``: the current values as
    /// `DefaultValue`), then the files the import kept (``SettingsBundle/files``: the `*.lproj` strings tables
    /// and string catalogs as they came, and the images). A page is an XML property list, or a binary one when
    /// it holds text XML cannot carry.
    /// - Returns: the folder's name without `.bundle` (the one the bundle came in, else `Settings`) and the
    ///   archive's bytes.
    /// - Complexity: O(n × p) in the rows of every page and the panes, plus the size of the files.
    public static func bundleArchive(of dataset: Dataset) -> (folder: String, bytes: [UInt8]) {
        let document = dataset.shape.document
        let folder = document?[SettingsBundle.folderKey]?.stringValue ?? "Settings"
        var archive = ZipArchive()
        let rootFile = document?[SettingsBundle.rootFileKey]?.stringValue ?? "Root"
        archive.add("\(folder).bundle/\(rootFile).plist", propertyList(page(of: dataset)))
        for (file, page) in panes(of: dataset) {
            archive.add("\(folder).bundle/\(file).plist", propertyList(page))
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

    /// A page as an XML property list, else (text XML cannot carry) a binary one.
    private static func propertyList(_ page: FieldValue) -> [UInt8] {
        XMLPropertyListWriter.unwritableText(in: page) == nil
            ? DocumentFormat.plist.write(page) : DocumentFormat.binaryPlist.write(page)
    }
}
