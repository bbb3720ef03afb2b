// Web — the files of one image folder, listed once
import Foundation

/// The files of one image folder (an `--assets` folder, or the built-in icons), listed once when the
/// catalogue is made, so that a name with no candidate file in the folder resolves nowhere with no system
/// call: a list whose every row names an image that is not there (avatars by user id, say) is not one
/// `readlink` and `stat` per candidate per row.
///
/// The listing only rules candidates out: one it holds is still resolved on disk (its real path must lie
/// inside the folder, and it must be a regular file). Hidden entries are not listed (a name with a hidden
/// segment is refused anyway); links to folders are followed, to a depth of ``depthLimit``.
struct AssetFolderIndex: Sendable {
    /// The most entries listed; a folder holding more is not indexed, and every candidate is looked for
    /// on disk, as without an index.
    static let entryLimit = 200_000
    /// The most folders deep the listing goes; deeper files are not listed (nor resolved).
    static let depthLimit = 16

    /// The files' paths relative to the folder, `/`-separated.
    private let paths: Set<String>
    /// Every listed path without its extension, and that again without a scale suffix (`@2x`, `@3x`): the
    /// stems a name's candidates have (see ``mayHold(stem:)``).
    private let stems: Set<String>

    /// Lists `root`.
    /// - Returns: nil when the folder cannot be read or holds more than ``entryLimit`` entries.
    /// - Complexity: O(entries), one directory read per folder and a `stat` per entry.
    init?(root: String) {
        var paths = Set<String>()
        var entries = 0
        func list(_ relative: String, depth: Int) -> Bool {
            let manager = FileManager.default
            let directory = relative.isEmpty ? root : root + "/" + relative
            guard let names = try? manager.contentsOfDirectory(atPath: directory) else { return depth > 0 }
            for name in names where !name.hasPrefix(".") {
                entries += 1
                guard entries <= Self.entryLimit else { return false }
                let path = relative.isEmpty ? name : relative + "/" + name
                var isDirectory: ObjCBool = false
                guard manager.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    guard depth < Self.depthLimit else { continue }
                    guard list(path, depth: depth + 1) else { return false }
                } else {
                    paths.insert(path)
                }
            }
            return true
        }
        guard list("", depth: 0) else { return nil }
        self.paths = paths
        var stems = Set<String>()
        for path in paths {
            let stem = AssetCatalog.stem(of: path) ?? path
            stems.insert(stem)
            for scale in ["@3x", "@2x"] where stem.hasSuffix(scale) { stems.insert(String(stem.dropLast(scale.count))) }
        }
        self.stems = stems
    }

    /// Whether any of the candidate files of a name (see ``AssetCatalog/candidates(for:)``) can be listed
    /// here: `stem` is the name without its extension (``AssetCatalog/stem(of:)``), or the name itself when
    /// it has none. A name's candidates are its stem, with `@3x` or `@2x` or neither, and an extension; so
    /// when no listed path has that stem, with or without a scale suffix, none of them is here.
    /// - Complexity: O(1) on average, plus hashing the stem.
    func mayHold(stem: String) -> Bool {
        stems.contains(stem)
    }

    /// Whether the folder held a file at `relative` (a path inside it, `/`-separated) when it was listed.
    /// - Complexity: O(1) on average, plus hashing the path.
    func contains(_ relative: String) -> Bool {
        paths.contains(relative)
    }

    /// The number of files listed.
    var count: Int { paths.count }

    /// The files' paths relative to the folder, `/`-separated (an asset catalog's image sets are found
    /// among them, see ``XCAssetsIndex``).
    var files: Set<String> { paths }
}
