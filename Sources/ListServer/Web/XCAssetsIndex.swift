// Web — the image sets of the asset catalogs in one image folder, by name
import Models

/// The image sets of the asset catalogs (`*.xcassets`) in one `--assets` folder, by the name
/// `UIImage(named:)` finds them under, made once from the folder's listing (``AssetFolderIndex``).
///
/// A set is a folder `NAME.imageset` holding a `Contents.json`, inside a catalog (a folder whose name ends
/// with `.xcassets`, or the `--assets` folder itself when its name does), directly or in folder groups. Its
/// name is `NAME`, preceded by each group that provides a namespace (whose own `Contents.json` says
/// `"properties": {"provides-namespace": true}`): `Icons/NAME`. When two sets have one name (two catalogs
/// in a folder), the first by path wins. A set's own `Contents.json` is read only when its name is
/// resolved (see ``ImageSet``).
struct XCAssetsIndex: Sendable {
    /// The folder extension of a catalog.
    static let catalogExtension = ".xcassets"
    /// The folder extension of an image set.
    static let setExtension = ".imageset"
    /// The file describing a set, a group or a catalog.
    static let contentsFile = "Contents.json"

    /// Each set's folder, relative to the `--assets` folder, by the set's name.
    private let folders: [String: String]

    /// Finds the image sets among a folder's files.
    /// - Parameters:
    ///   - paths: the folder's files, relative to it and `/`-separated (``AssetFolderIndex/files``).
    ///   - rootIsCatalog: whether the folder itself is a catalog (its name ends with `.xcassets`).
    ///   - readContents: the bytes of the file at a relative path, nil when it cannot be read; asked only
    ///     for the `Contents.json` of folder groups, to learn whether they provide a namespace.
    /// - Complexity: O(paths · log paths) to visit the sets in path order, plus one read per group.
    init(paths: Set<String>, rootIsCatalog: Bool, readContents: (String) -> [UInt8]?) {
        let suffix = Self.setExtension + "/" + Self.contentsFile
        var namespaces: [String: Bool] = [:]
        func providesNamespace(_ group: String) -> Bool {
            if let known = namespaces[group] { return known }
            let contents = group + "/" + Self.contentsFile
            let provides = paths.contains(contents) && readContents(contents).map(Self.providesNamespace) == true
            namespaces[group] = provides
            return provides
        }
        var folders: [String: String] = [:]
        for path in paths.filter({ $0.hasSuffix(suffix) }).sorted() {
            let folder = String(path.dropLast(Self.contentsFile.count + 1))
            let segments = folder.split(separator: "/").map(String.init)
            let setName = String(segments[segments.count - 1].dropLast(Self.setExtension.count))
            let catalog = segments.dropLast().lastIndex { $0.hasSuffix(Self.catalogExtension) }
            guard !setName.isEmpty, catalog != nil || rootIsCatalog else { continue }
            let groups = (catalog.map { $0 + 1 } ?? 0)..<(segments.count - 1)
            var name = ""
            for index in groups where providesNamespace(segments[...index].joined(separator: "/")) {
                name += segments[index] + "/"
            }
            name += setName
            if folders[name] == nil { folders[name] = folder }
        }
        self.folders = folders
    }

    /// The folder of the set named `name`, relative to the `--assets` folder; nil when no catalog has one.
    /// - Complexity: O(1) on average, plus hashing the name.
    func setFolder(named name: String) -> String? {
        folders[name]
    }

    /// The number of sets found.
    var count: Int { folders.count }

    /// Whether a group's `Contents.json` says that it provides a namespace; false when it cannot be read.
    /// - Complexity: O(n) in the size of the file.
    static func providesNamespace(_ contents: [UInt8]) -> Bool {
        guard contents.count <= ImageSet.maxBytes, case .dict(let root)? = try? JSONReader.read(contents) else {
            return false
        }
        return root["properties"]?.dictValue?["provides-namespace"]?.boolValue == true
    }
}
