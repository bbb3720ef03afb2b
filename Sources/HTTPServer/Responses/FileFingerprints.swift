// HTTPServer — content-hashed URLs for static files, computed once
import SystemSupport

/// Content-hashed URLs for some of the files a ``StaticFiles`` serves: `/app.js` is also served as
/// `/app.1a2b3c4d.js`, named by the first hex digits of the SHA-256 of its bytes, with a cache lifetime
/// of a year (``StaticFiles/immutable``), since those bytes are all that URL will ever name.
///
/// A folder can be hashed whole instead (``Folder``): `/icons/plus.svg` is also served as
/// `/icons.1a2b3c4d/plus.svg`, named by one hash of every file in the folder, so that a page names any of
/// them by one prefix. Stylesheets name such a folder's files by its hashed path: `url(/icons/` in a
/// `.css` file is served as `url(/icons.1a2b3c4d/`, and its hash and entity tag are those of the bytes
/// served (see ``rewritesFiles(named:)``).
///
/// The table is made once, when the server starts, from the files as they are then. A file changed since
/// is still served at its hashed URL, but as its plain path is (`no-cache`), and so is a hashed name
/// of a listed file whose hash is not the one here, or any file under a folder's path with another hash
/// (a page written before a deploy, or by a server holding other files during a rolling restart): no
/// browser keeps bytes its URL does not name.
public struct FileFingerprints: Sendable {
    /// One file: its plain path, its hashed path and the entity tag it had when it was hashed.
    public struct Entry: Sendable, Equatable {
        /// The URL path the file is served at anyway, e.g. `/page/windows.js`.
        public let path: String
        /// The same path with the hash before its extension, e.g. `/page/windows.0f3a9c21.js`.
        public let hashedPath: String
        /// The file's ``StaticFiles/etag(of:)`` when it was hashed: while it is the same, so are the bytes.
        public let etag: String
    }

    /// A folder hashed whole: its files are also served under ``hashedPath``.
    public struct Folder: Sendable, Equatable {
        /// The folder's URL path, ending with `/`, e.g. `/icons/`.
        public let path: String
        /// The same path with one hash of its files after its name, e.g. `/icons.1a2b3c4d/`.
        public let hashedPath: String
    }

    /// The hex digits of the digest a hashed name keeps.
    public let digits: Int
    /// The folders hashed whole.
    public let folders: [Folder]
    private let byPath: [String: Entry]
    private let byHashedPath: [String: Entry]

    /// Hashes the files at `paths` (URL paths under `files`' prefix, e.g. `/app.js`), and each folder of
    /// `folders` whole; paths that name no readable regular file are left out.
    /// - Parameters:
    ///   - files: where the paths resolve.
    ///   - paths: the files to give hashed names.
    ///   - folders: folders to hash whole (URL paths ending with `/`, e.g. `/icons/`), each with the URL
    ///     paths of its files.
    ///   - digits: the hex digits of the SHA-256 kept in a name, 8 to 64.
    /// - Complexity: O(total bytes of the files): each is read and hashed once.
    public init(files: StaticFiles, paths: [String], folders: [String: [String]] = [:], digits: Int = 8) {
        precondition((8...64).contains(digits), "a hashed name keeps 8 to 64 hex digits")
        self.digits = digits
        var byPath: [String: Entry] = [:]
        var hashedFolders: [Folder] = []
        for (folder, members) in folders.sorted(by: { $0.key < $1.key }) {
            precondition(folder.hasPrefix("/") && folder.hasSuffix("/") && folder.count > 1, "a folder path is /NAME/")
            // One hash over each file's path and digest, in path order: any file added, removed or changed
            // changes it.
            var manifest: [UInt8] = []
            var entries: [(path: String, etag: String)] = []
            for path in Set(members).sorted() where path.hasPrefix(folder) {
                guard let file = files.resolve(path),
                    let (status, bytes) = (try? System.readFile(file, maxBytes: files.maxFileBytes)) ?? nil
                else { continue }
                manifest += path.utf8
                manifest.append(0)
                manifest += SHA256.digest(bytes)
                entries.append((path, StaticFiles.etag(of: status)))
            }
            let hash = String(SHA256.hex(manifest).prefix(digits))
            let hashed = Folder(path: folder, hashedPath: String(folder.dropLast()) + "." + hash + "/")
            hashedFolders.append(hashed)
            for (path, etag) in entries {
                let hashedPath = hashed.hashedPath + path.dropFirst(folder.count)
                byPath[path] = Entry(path: path, hashedPath: hashedPath, etag: etag)
            }
        }
        self.folders = hashedFolders
        for path in paths {
            guard let file = files.resolve(path),
                let (status, bytes) = (try? System.readFile(file, maxBytes: files.maxFileBytes)) ?? nil
            else { continue }
            let served = Self.rewritten(bytes, ofFile: file, folders: hashedFolders)
            let hash = String(SHA256.hex(served).prefix(digits))
            byPath[path] = Entry(
                path: path, hashedPath: Self.hashedPath(path, hash: hash),
                etag: Self.etag(of: status, file: file, folders: hashedFolders))
        }
        self.byPath = byPath
        byHashedPath = Dictionary(uniqueKeysWithValues: byPath.values.map { ($0.hashedPath, $0) })
    }

    /// Every file hashed, by plain path.
    public var entries: [Entry] {
        byPath.values.sorted { $0.path < $1.path }
    }

    /// The hashed path of the file at `path`.
    /// - Returns: nil when that file was not hashed.
    /// - Complexity: O(1) on average, plus hashing the path.
    public func hashedPath(for path: String) -> String? {
        byPath[path]?.hashedPath
    }

    /// The entry whose hashed path is `hashedPath`.
    /// - Returns: nil when no file has that hashed path.
    /// - Complexity: O(1) on average, plus hashing the path.
    public func entry(hashedPath: String) -> Entry? {
        byHashedPath[hashedPath]
    }

    /// The plain path of a hashed name (see ``plainPath(ofHashed:digits:)``) when the table holds that
    /// plain path, whatever the hash in the name: `/app.00000000.js` → `/app.js`; and of a path under a
    /// hashed folder's name with any hash: `/icons.00000000/plus.svg` → `/icons/plus.svg`.
    /// - Returns: nil when the path is not a hashed name, or not one of a file in the table or a folder.
    public func listedPath(ofHashed path: String) -> String? {
        for folder in folders {
            if let plain = Self.plainPath(ofHashed: path, under: folder.path, digits: digits) { return plain }
        }
        guard let plain = Self.plainPath(ofHashed: path, digits: digits), byPath[plain] != nil else { return nil }
        return plain
    }

    /// Whether the bytes of `file` are served rewritten: a script's or a stylesheet's, without their comments
    /// (``SourceComments``), and a stylesheet's, when a folder is hashed, naming the folder's files by its
    /// hashed path.
    public func rewritesFiles(named file: String) -> Bool {
        Self.rewrites(file, folders: folders)
    }

    /// `bytes`, the contents of `file`, as they are served (see ``rewritesFiles(named:)``).
    /// - Complexity: O(n) in the bytes, for a file that is rewritten.
    public func rewritten(_ bytes: [UInt8], ofFile file: String) -> [UInt8] {
        Self.rewritten(bytes, ofFile: file, folders: folders)
    }

    /// The entity tag of `file` as it is served: ``StaticFiles/etag(of:)``, and for a file that is
    /// rewritten, the hashes of the folders too, so that it changes with the bytes served.
    package func etag(of status: System.FileStatus, file: String) -> String {
        Self.etag(of: status, file: file, folders: folders)
    }

    private static func rewrites(_ file: String, folders: [Folder]) -> Bool {
        file.hasSuffix(".css") || file.hasSuffix(".js")
    }

    private static func rewritten(_ bytes: [UInt8], ofFile file: String, folders: [Folder]) -> [UInt8] {
        guard rewrites(file, folders: folders) else { return bytes }
        let stylesheet = file.hasSuffix(".css")
        var bytes = SourceComments.stripped(bytes, stylesheet: stylesheet)
        guard stylesheet else { return bytes }
        for folder in folders {
            bytes = bytes.replacing(Array("url(\(folder.path)".utf8), with: Array("url(\(folder.hashedPath)".utf8))
        }
        return bytes
    }

    private static func etag(of status: System.FileStatus, file: String, folders: [Folder]) -> String {
        let etag = StaticFiles.etag(of: status)
        guard rewrites(file, folders: folders) else { return etag }
        let hashes = file.hasSuffix(".css") ? folders.map { "-" + $0.hashedPath.dropFirst($0.path.count).dropLast() } : []
        return String(etag.dropLast()) + "-c" + hashes.joined() + "\""
    }

    /// The plain path of a path under a folder's name with a hash: `/icons.1a2b3c4d/plus.svg` →
    /// `/icons/plus.svg` for the folder `/icons/`.
    /// - Returns: nil when the path does not begin with the folder's name, a `.`, `digits` lower-case hex
    ///   digits and a `/` followed by a name.
    static func plainPath(ofHashed path: String, under folder: String, digits: Int) -> String? {
        let name = String(folder.dropLast())
        guard path.hasPrefix(name + ".") else { return nil }
        let hash = path.dropFirst(name.count + 1).prefix(digits + 1)
        guard hash.count == digits + 1, hash.last == "/",
            hash.dropLast().allSatisfy({ ("0"..."9").contains($0) || ("a"..."f").contains($0) })
        else { return nil }
        let rest = path.dropFirst(name.count + 1 + digits + 1)
        return rest.isEmpty ? nil : folder + String(rest)
    }

    /// `path` with `.hash` before the extension of its last segment (`/app.js` → `/app.1a2b3c4d.js`), or
    /// at its end when that segment has none.
    static func hashedPath(_ path: String, hash: String) -> String {
        let name = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[name...].lastIndex(of: "."), dot > name else { return path + "." + hash }
        return String(path[..<dot]) + "." + hash + String(path[dot...])
    }

    /// The plain path of a hashed name: `/app.1a2b3c4d.js` → `/app.js`, `/x.1a2b3c4d` → `/x`.
    /// - Returns: nil when the last segment has no `.` followed by `digits` lower-case hex digits before its
    ///   extension or its end.
    static func plainPath(ofHashed path: String, digits: Int) -> String? {
        let name = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let segment = path[name...]
        let pieces = segment.split(separator: ".", omittingEmptySubsequences: false)
        let isHash = { (piece: Substring) in
            piece.count == digits && piece.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
        }
        if pieces.count >= 3, !pieces[0].isEmpty, isHash(pieces[pieces.count - 2]) {
            return String(path[..<name]) + (pieces.dropLast(2) + [pieces.last!]).joined(separator: ".")
        }
        if pieces.count == 2, !pieces[0].isEmpty, isHash(pieces[1]) { return String(path[..<name]) + pieces[0] }
        return nil
    }
}
