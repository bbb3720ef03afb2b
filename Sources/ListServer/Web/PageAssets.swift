// Web — the page's scripts, stylesheets and icons under content-hashed URLs, and the import map
import Foundation
import HTTPServer
import ListRender

/// The page's scripts and stylesheets under content-hashed URLs (``FileFingerprints``), written into the
/// pages: every `href="/…"` and `src="/…"` of a template that names a hashed file names its hashed path,
/// and `<!--importmap-->` becomes an import map from each module's plain URL under `/page/` to its
/// hashed one.
///
/// The modules import each other by relative path (`./windows.js`), which the browser resolves to a plain
/// URL (`/page/windows.js`) and then looks up in the import map, so each module file is served as it is
/// in `Public/page/`, its hash naming exactly its bytes. Chromium runs an inline import map only when the
/// page's `Content-Security-Policy` allows it: ``contentSecurityPolicy`` lists the map's SHA-256.
///
/// The built-in icons (`Public/icons/`) are hashed as one folder (``hashedFolders``): fragments, cards
/// and stylesheets name them under ``iconDirectory(of:)``, a prefix chosen once.
struct PageAssets: Sendable {
    /// The files given hashed URLs: every file with one of these extensions in the page's folder.
    static let hashedExtensions: Set<String> = ["js", "css"]
    /// The folder of the modules, whose hashed URLs the import map lists.
    static let moduleFolder = "/page/"
    /// Where the import map goes in a template.
    static let importMapMarker = Array("<!--importmap-->".utf8)
    /// What precedes a URL path in an attribute rewritten: `="/`.
    private static let attributeOpening = Array("=\"/".utf8)

    /// The hashed paths; nil when the files are not hashed (the templates' URLs are then left as they are).
    let fingerprints: FileFingerprints?
    /// `<script type="importmap">…</script>`, empty when no module is hashed.
    let importMap: [UInt8]
    /// The pages' `Content-Security-Policy`, allowing ``importMap``.
    let contentSecurityPolicy: String

    /// - Parameter files: the page's files; their ``StaticFiles/fingerprints`` are the hashed paths.
    init(files: StaticFiles) {
        fingerprints = files.fingerprints
        let modules = (fingerprints?.entries ?? []).filter { $0.path.hasPrefix(Self.moduleFolder) }
        guard !modules.isEmpty else {
            importMap = []
            contentSecurityPolicy = PageHeaders.contentSecurityPolicy(scriptHashes: [])
            return
        }
        // Paths are only the characters of `isPlain(_:)`, so the JSON and the HTML need no escapes.
        let json =
            "{\"imports\":{" + modules.map { "\"\($0.path)\":\"\($0.hashedPath)\"" }.joined(separator: ",") + "}}"
        importMap = Array("<script type=\"importmap\">\(json)</script>".utf8)
        let hash = "sha256-" + Data(SHA256.digest(Array(json.utf8))).base64EncodedString()
        contentSecurityPolicy = PageHeaders.contentSecurityPolicy(scriptHashes: [hash])
    }

    /// The URL paths of the files to hash in `directory`, the page's folder: every file with one of
    /// ``hashedExtensions``, in it or in its folders, whose path is plain (see ``isPlain(_:)``).
    /// - Complexity: O(entries), one directory read per folder.
    static func paths(in directory: String) -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: directory) else { return [] }
        var paths: [String] = []
        while let relative = walk.nextObject() as? String {
            let path = "/" + relative
            guard let ext = relative.split(separator: ".").last, hashedExtensions.contains(String(ext)),
                isPlain(path), !path.contains("/.")
            else { continue }
            paths.append(path)
        }
        return paths.sorted()
    }

    /// Whether a path is only ASCII letters, digits, `/`, `.`, `-` and `_`: safe in an attribute, in JSON
    /// and in a script element with no escape.
    static func isPlain(_ path: String) -> Bool {
        path.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "-"),
                UInt8(ascii: "_"):
                true
            default:
                false
            }
        }
    }

    /// The folders hashed whole, whose files a page names by one prefix: the built-in icons.
    static let hashedFolders = [IconDirectory.plain.description]

    /// The page's files as the server serves them: every `.js` and `.css` in `directory` hashed, and each
    /// of ``hashedFolders`` hashed whole.
    static func files(in directory: String) -> StaticFiles {
        let files = StaticFiles(root: directory)
        let root = files.root ?? directory
        let folders = Dictionary(uniqueKeysWithValues: hashedFolders.map { ($0, filePaths(in: root, under: $0)) })
        return files.fingerprinting(paths(in: root), folders: folders)
    }

    /// The URL paths of the files in the folder `folder` (a URL path ending with `/`) of `directory`:
    /// every one whose path is plain, in it or in its folders.
    /// - Complexity: O(entries), one directory read per folder.
    static func filePaths(in directory: String, under folder: String) -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: directory + folder) else { return [] }
        var paths: [String] = []
        while let relative = walk.nextObject() as? String {
            let path = folder + relative
            guard walk.fileAttributes?[.type] as? FileAttributeType != .typeDirectory, isPlain(path),
                !path.contains("/.")
            else { continue }
            paths.append(path)
        }
        return paths.sorted()
    }

    /// Where the built-in icons are written: the hashed path of `files`' icon folder, else the plain one.
    static func iconDirectory(of files: StaticFiles) -> IconDirectory {
        let icons = IconDirectory.plain.description
        guard let folder = files.fingerprints?.folders.first(where: { $0.path == icons }) else { return .plain }
        return IconDirectory(folder.hashedPath)
    }

    /// A template with its scripts and stylesheets at their hashed paths and the import map at
    /// ``importMapMarker`` (nothing there when there is none). Run on the template alone, before a
    /// dataset's text goes in.
    /// - Complexity: O(template).
    func link(_ template: [UInt8]) -> [UInt8] {
        var linked = template
        if let fingerprints {
            linked = []
            linked.reserveCapacity(template.count + 16 * 10)
            var index = template.startIndex
            while let opening = template[index...].firstRange(of: Self.attributeOpening) {
                let start = opening.upperBound - 1
                guard let end = template[start...].firstIndex(of: UInt8(ascii: "\"")) else { break }
                linked += template[index..<start]
                let path = String(decoding: template[start..<end], as: UTF8.self)
                if let hashed = fingerprints.hashedPath(for: path) {
                    linked += hashed.utf8
                } else {
                    linked += template[start..<end]
                }
                index = end
            }
            linked += template[index...]
        }
        return linked.replacing(Self.importMapMarker, with: importMap)
    }
}
