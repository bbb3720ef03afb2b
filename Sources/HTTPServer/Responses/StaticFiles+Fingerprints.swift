// HTTPServer — static files under their content-hashed paths

extension StaticFiles {
    /// These files with the files at `paths` and the folders of `folders` hashed (see ``FileFingerprints``):
    /// each file is served at its plain path as before, and at its hashed path with ``immutable``.
    /// - Parameters:
    ///   - paths: URL paths under ``urlPrefix``, e.g. `/app.js`.
    ///   - folders: folders hashed whole (e.g. `/icons/`), each with the URL paths of its files.
    ///   - digits: the hex digits of the SHA-256 kept in a name.
    /// - Complexity: O(total bytes of the files), once.
    public func fingerprinting(_ paths: [String], folders: [String: [String]] = [:], digits: Int = 8) -> StaticFiles {
        var files = self
        files.fingerprints = FileFingerprints(files: self, paths: paths, folders: folders, digits: digits)
        return files
    }

    /// The real path of the file a request path names, with the table's entry when the path is a hashed
    /// path the table holds. A hashed name of a listed file with another hash, or a path under a hashed
    /// folder's name with another hash, names that file, with no entry.
    /// - Returns: nil when the path names no file (see ``resolve(_:)``).
    func locate(_ path: String) -> (file: String, hashed: FileFingerprints.Entry?)? {
        if let entry = fingerprints?.entry(hashedPath: path) { return resolve(entry.path).map { ($0, entry) } }
        if let file = resolve(path) { return (file, nil) }
        guard let plain = fingerprints?.listedPath(ofHashed: path), let file = resolve(plain) else { return nil }
        return (file, nil)
    }
}
