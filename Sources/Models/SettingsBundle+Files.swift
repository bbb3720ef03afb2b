// Models — a Settings bundle assembled from its files' bytes, as a folder holds them

extension SettingsBundle {
    /// Assembles a bundle from its files, named by their paths inside the bundle folder: the pages
    /// (`Root.plist`, `Harbours.plist`; a device's variant `Root~iphone.plist` replaces the plain one, as iOS
    /// picks it, and `~ipad` variants are left out), the strings tables (`zh-Hans.lproj/Root.strings`) and
    /// string catalogs (`Root.xcstrings`). A page or a table that cannot be read is left out, as the Settings
    /// app shows a missing page's row and a missing translation's key. The strings files and the images
    /// (`*.png`, `*.jpg`, `*.jpeg`, `*.gif`, at any depth) of at most ``keptFileLimit`` bytes are kept as they
    /// came (``files``), and so are all the pages' files, device variants included (``pageFiles``).
    /// - Parameters:
    ///   - name: the bundle folder's name without `.bundle`.
    ///   - files: each file's path inside the bundle and its bytes.
    ///   - rootPage: the page shown first, without `.plist` (``rootFile``): `Root`, or another page of the
    ///     bundle (its device variant picked as `Root`'s is).
    /// - Throws: ``ImportError`` when there is no readable `Root.plist` (or `rootPage`).
    /// - Complexity: O(total size of the files).
    public init(name: String?, files: [String: [UInt8]], rootPage: String = "Root") throws(ImportError) {
        var pages: [String: FieldValue] = [:]
        var strings: [String: [String: [String: String]]] = [:]
        let kept = files.filter { $0.value.count <= Self.keptFileLimit && Self.isKept($0.key) }
        // Plain names first, so that a device's variant replaces them.
        for path in files.keys.sorted(by: { ($0.contains("~") ? 1 : 0, $0) < ($1.contains("~") ? 1 : 0, $1) }) {
            let bytes = files[path] ?? []
            let parts = path.split(separator: "/").map(String.init)
            if parts.count == 1, path.hasSuffix(".plist") {
                let stem = String(path.dropLast(".plist".count))
                if stem.contains("~"), !stem.hasSuffix("~iphone") { continue }
                guard let value = try? DatasetImporter.readDocument(bytes, file: path) else { continue }
                pages[stem.split(separator: "~").first.map(String.init) ?? stem] = value
            } else if parts.count == 1, path.hasSuffix(".xcstrings") {
                let table = String(path.dropLast(".xcstrings".count))
                for (language, texts) in StringsFile.readCatalog(bytes) { strings[language, default: [:]][table] = texts }
            } else if parts.count == 2, parts[0].hasSuffix(".lproj"), parts[1].hasSuffix(".strings"),
                let texts = StringsFile.read(bytes)
            {
                strings[String(parts[0].dropLast(".lproj".count)), default: [:]][String(parts[1].dropLast(".strings".count))] = texts
            }
        }
        guard let root = pages.removeValue(forKey: rootPage) else {
            throw ImportError(
                file: "\(name ?? "Settings").bundle", path: "", message: "the Settings bundle has no readable \(rootPage).plist")
        }
        self.init(name: name, root: root, panes: pages, strings: strings, files: kept)
        rootFile = rootPage
        pageFiles = files.filter { path, bytes in
            !path.contains("/") && path.hasSuffix(".plist") && bytes.count <= Self.keptFileLimit
        }
    }

    /// The names of bundle folders that say nothing of their app: Xcode's `Settings.bundle` and InAppSettingsKit's
    /// `InAppSettings.bundle`.
    public static let genericFolderNames: Set<String> = ["Settings", "InAppSettings"]

    /// Folders of a project that sort its files and say nothing of its app, in lower case (`Resources`, `Supporting
    /// Files`, `Sources`, `Localizations`, `iOS`, …).
    public static let sortingFolderNames: Set<String> = [
        "resources", "resource", "res", "supporting files", "supportingfiles", "support", "sources", "source", "src",
        "localizations", "localization", "localisations", "localisation", "locales", "settings", "bundles", "bundle",
        "assets", "app", "application", "ios", "ipados", "iphone", "platforms", "targets", "shared", "common", "main",
        "classes", "config", "configuration", "files", "other", "misc", "project",
    ]

    /// The folder named after the app among those holding a bundle: the nearest whose name is not one that only
    /// sorts a project's files (``sortingFolderNames``, case-insensitive), as `iAPS/FreeAPS/Sources/Localizations`
    /// → `FreeAPS` and `MyApp/Sources/Resources/Supporting Files` → `MyApp`.
    /// - Parameter ancestors: the folders' names, the nearest first.
    /// - Returns: that folder's name, else the nearest's when every one sorts files; nil when there are none.
    /// - Complexity: O(n) in the ancestors.
    public static func appFolder(among ancestors: [String]) -> String? {
        let named = ancestors.filter { !$0.isEmpty && $0 != "/" }
        return named.first { !sortingFolderNames.contains($0.lowercased()) } ?? named.first
    }

    /// The name that titles a bundle folder's page: the folder's own without `.bundle` (`Tides.bundle` →
    /// `Tides`), or for a generic one (``genericFolderNames``) the folder holding it (`linphone/InAppSettings.bundle`
    /// → `linphone`), as the Settings app titles the page with the app's name, which that folder is named after
    /// in an Xcode project. A folder named all in lower case (`linphone`) is titled with a capital, as its app's
    /// name is shown (`Linphone`); any other spelling is the app's own and kept.
    /// - Parameters:
    ///   - folder: the bundle folder's name, with or without `.bundle`.
    ///   - parent: the name of the folder holding it (or of the archive it came in); nil or empty when none.
    public static func name(ofFolder folder: String, parent: String?) -> String {
        let own = folder.hasSuffix(".bundle") ? String(folder.dropLast(".bundle".count)) : folder
        guard genericFolderNames.contains(own), let parent, !parent.isEmpty, parent != "/" else { return own }
        guard let first = parent.first, first.isLowercase, parent == parent.lowercased() else { return parent }
        return first.uppercased() + parent.dropFirst()
    }
}
