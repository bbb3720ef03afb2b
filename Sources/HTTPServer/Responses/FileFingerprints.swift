// HTTPServer — content-hashed URLs for static files, computed once

/// Content-hashed URLs for some of the files a ``StaticFiles`` serves: `/app.js` is also served as
/// `/app.1a2b3c4d.js`, named by the first hex digits of the SHA-256 of its bytes, with a cache lifetime
/// of a year (``StaticFiles/immutable``), since those bytes are all that URL will ever name.
///
/// The table is made once, when the server starts, from the files as they are then. A file changed since
/// is still served at its hashed URL, but as its plain path is (`no-cache`), and so is a hashed name
/// of a listed file whose hash is not the one here (a page written before a deploy, or by a server
/// holding other files during a rolling restart): no browser keeps bytes its URL does not name.
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

    /// The hex digits of the digest a hashed name keeps.
    public let digits: Int
    private let byPath: [String: Entry]
    private let byHashedPath: [String: Entry]

    /// Hashes the files at `paths` (URL paths under `files`' prefix, e.g. `/app.js`); paths that name no
    /// readable regular file are left out.
    /// - Parameters:
    ///   - files: where the paths resolve.
    ///   - paths: the files to give hashed names.
    ///   - digits: the hex digits of the SHA-256 kept in a name, 8 to 64.
    /// - Complexity: O(total bytes of the files): each is read and hashed once.
    public init(files: StaticFiles, paths: [String], digits: Int = 8) {
        precondition((8...64).contains(digits), "a hashed name keeps 8 to 64 hex digits")
        self.digits = digits
        var byPath: [String: Entry] = [:]
        for path in paths {
            guard let file = files.resolve(path),
                let (status, bytes) = (try? Posix.readFile(file, maxBytes: files.maxFileBytes)) ?? nil
            else { continue }
            let hash = String(SHA256.hex(bytes).prefix(digits))
            byPath[path] = Entry(
                path: path, hashedPath: Self.hashedPath(path, hash: hash), etag: StaticFiles.etag(of: status))
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
    /// plain path, whatever the hash in the name: `/app.00000000.js` → `/app.js`.
    /// - Returns: nil when the path is not a hashed name, or not one of a file in the table.
    public func listedPath(ofHashed path: String) -> String? {
        guard let plain = Self.plainPath(ofHashed: path, digits: digits), byPath[plain] != nil else { return nil }
        return plain
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
