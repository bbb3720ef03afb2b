// Models — a Settings bundle read from a ZIP archive of its folder, as Finder, zip or our own export makes one

extension SettingsBundle {
    /// A bundle from a ZIP archive of its folder: `Settings.bundle/…` at the top (as ``SettingsExport``'s
    /// `format=bundle` writes it), under other folders (`MyApp/Settings.bundle/…`), or the folder's files alone.
    /// The bundle is the shallowest folder holding a `Root.plist` (or a device's `Root~iphone.plist`); Finder's
    /// `__MACOSX/` and `.DS_Store` are not its files. Of its files, those a folder's import reads are read: the
    /// pages and catalogs at its top, the `*.lproj/*.strings` and images one folder down
    /// (``init(name:files:)``).
    /// - Parameters:
    ///   - archive: the archive's bytes.
    ///   - file: the archive's name, for errors.
    ///   - name: the archive's name without `.zip`, the bundle's name when the archive holds no folder named
    ///     after the app; nil for one uploaded (the dataset's id then titles it).
    ///   - limits: what the archive may hold (``ZipArchive/Limits``).
    /// - Throws: ``ImportError`` for an archive that cannot be read or is refused (its message says why and
    ///   which entry), or that holds no `Root.plist`.
    /// - Complexity: O(size of the archive and of its files unpacked).
    public init(archive: [UInt8], file: String, name: String?, limits: ZipArchive.Limits = .init()) throws(ImportError) {
        let entries: [(path: String, bytes: [UInt8])]
        do {
            entries = try ZipArchive.files(in: archive, limits: limits)
        } catch {
            throw ImportError(file: file, path: error.entry ?? "", message: "cannot be read as a ZIP archive: \(error.message)")
        }
        let files = entries.filter { entry in
            let parts = entry.path.split(separator: "/")
            return !parts.contains("__MACOSX") && parts.last != ".DS_Store" && parts.last?.hasPrefix("._") != true
        }
        // The bundle's folder, with its trailing `/` ("" for files at the top).
        let roots = files.compactMap { entry -> String? in
            let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false)
            guard let last = parts.last, last == "Root.plist" || last.hasPrefix("Root~") && last.hasSuffix(".plist") else {
                return nil
            }
            return parts.dropLast().map { $0 + "/" }.joined()
        }
        guard let root = roots.min(by: { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }) else {
            throw ImportError(
                file: file, path: "",
                message: "the archive holds no Root.plist: zip the Settings.bundle folder, or the files inside it")
        }
        var bundleFiles: [String: [UInt8]] = [:]
        for (path, bytes) in files where path.hasPrefix(root) {
            let inner = String(path.dropFirst(root.count))
            let parts = inner.split(separator: "/")
            let isRead = parts.count == 1
                || (parts.count == 2 && parts[0].hasSuffix(".lproj") && parts[1].hasSuffix(".strings"))
                || (parts.count == 2 && !parts[0].hasSuffix(".lproj") && Self.mediaType(of: inner) != nil)
            if isRead { bundleFiles[inner] = bytes }
        }
        // `MyApp/Settings.bundle/`: the folder is `Settings`, the app (which titles the page) `MyApp`; a generic
        // folder alone in the archive takes the archive's name.
        let folders = root.split(separator: "/").map(String.init)
        let folder = folders.last.map { $0.hasSuffix(".bundle") ? String($0.dropLast(".bundle".count)) : $0 }
        let parent = Self.appFolder(among: folders.dropLast().reversed() + [name].compactMap { $0 })
        let bundleName = folder.map { Self.name(ofFolder: $0, parent: parent) } ?? name
        do {
            try self.init(name: bundleName, files: bundleFiles)
        } catch {
            throw ImportError(file: file, path: error.path, message: error.message)
        }
        self.folder = folder ?? name
    }
}
