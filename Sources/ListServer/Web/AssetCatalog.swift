// Web — where the datasets' image names resolve, as an app bundle's do
import HTTPServer
import ListRender
import Synchronization
import SystemSupport

/// Resolves the image names of datasets (`icon`, `image`) like `UIImage(named:)`: in each `--assets`
/// folder in order, an image set of its asset catalogs first (``XCAssetsIndex``, its file chosen by
/// ``ImageSet``), then the exact file, else the name with a scale suffix before its extension
/// (`@3x`, `@2x`), else, for a name without an extension, that name with `.png`, `.jpg`, `.jpeg`,
/// `.gif`, `.webp` or `.svg` (each with `@3x`, `@2x` or no suffix); then the built-in icons
/// (`Public/icons/{name}.svg`) that the samples use, named under ``iconDirectory``. A set that cannot be
/// read (bad JSON, a file name leaving its folder, no file a browser draws) is ignored, as if absent.
///
/// An image set's dark appearance is resolved too (``image(named:)``), served under the same
/// `/assets/{folder index}/{file}` scheme as a second URL; the rows' `<img>` shows the light one.
///
/// A name that resolves nowhere has no URL, so the page draws a placeholder and never asks for an
/// image that is not there. Names never leave their folder: hidden segments (`..` included) are
/// refused and the real path, links followed, must lie inside it. Each folder is listed once, when the
/// catalogue is made, as an app's bundle is fixed when it is built: a name none of whose candidates was
/// listed resolves nowhere with no system call. Answers are cached, so a name is resolved on disk when
/// first seen, not at every window.
final class AssetCatalog: Sendable {
    /// The URL path the asset folders are served under: `/assets/{folder index}/{file}`.
    static let urlPrefix = "/assets/"
    /// The extensions tried, in order, for a name without one.
    static let extensions = ["png", "jpg", "jpeg", "gif", "webp", "svg"]
    /// The scale suffixes tried, best first.
    static let scales = ["@3x", "@2x", ""]
    /// The most names remembered; the cache starts over beyond.
    static let cacheLimit = 50_000

    /// One `--assets` folder, served with a long cache lifetime (URLs carry the file's version).
    let folders: [StaticFiles]
    /// The built-in icons (`Public/icons`), found by their plain paths (`/icons/{name}.svg`).
    let icons: StaticFiles
    /// The URL path the built-in icons are named under, the renderer's own included: the content-hashed
    /// path the server serves them at with a year's caching, or ``IconDirectory/plain``.
    let iconDirectory: IconDirectory
    /// Each folder's files, then the icons', listed once (see ``AssetFolderIndex``); nil for a folder that
    /// could not be listed, whose candidates are all looked for on disk.
    private let folderIndexes: [AssetFolderIndex?]
    /// Each folder's image sets, by name; nil for a folder that could not be listed, or holds none.
    private let catalogs: [XCAssetsIndex?]
    private let iconIndex: AssetFolderIndex?
    private let cache = Mutex<[String: Image?]>([:])

    /// The URLs an image name resolves to.
    struct Image: Sendable, Equatable {
        /// The image, in the light (or any) appearance.
        let url: String
        /// The image in the dark appearance, for an image set that has one; nil otherwise.
        let darkURL: String?
    }

    /// The names windows met, by their bytes, for the next windows to read without a lock.
    private let imageNames = Mutex(ImageNames())

    /// The table windows read, and the names met since it was made.
    private struct ImageNames {
        var table = ImageNameTable.empty
        var pending: [ImageNameTable.Slot] = []
    }

    /// Up to this many names, the table is made again as soon as a window met a name it lacked; past it,
    /// once the names met since reach half as many as it holds (so a list whose every row names another
    /// image does not make a table of thousands of names for each window).
    static let eagerTableNames = 1024

    /// - Parameters:
    ///   - directories: the `--assets` folders, searched in order.
    ///   - publicDirectory: the page's folder, whose `icons/` holds the built-in icons.
    ///   - iconDirectory: the URL path the built-in icons are named under (see ``PageAssets/iconDirectory(of:)``).
    init(directories: [String], publicDirectory: String, iconDirectory: IconDirectory = .plain) {
        let folders = directories.enumerated().map { index, directory in
            StaticFiles(
                root: directory, urlPrefix: "\(Self.urlPrefix)\(index)/",
                cacheControl: StaticFiles.immutable)
        }
        self.folders = folders
        icons = StaticFiles(root: publicDirectory + "/icons", urlPrefix: IconDirectory.plain.description)
        self.iconDirectory = iconDirectory
        let folderIndexes = folders.map { folder in folder.root.flatMap(AssetFolderIndex.init(root:)) }
        self.folderIndexes = folderIndexes
        catalogs = folders.indices.map { position in
            guard let index = folderIndexes[position] else { return nil }
            let folder = folders[position]
            // The folder named on the command line, or the one it links to, may be the catalog itself.
            let isCatalog = [directories[position], folder.root ?? ""].contains { path in
                path.split(separator: "/").last?.hasSuffix(XCAssetsIndex.catalogExtension) == true
            }
            let catalog = XCAssetsIndex(
                paths: index.files, rootIsCatalog: isCatalog, readContents: { Self.contents(of: $0, in: folder) })
            return catalog.count > 0 ? catalog : nil
        }
        iconIndex = icons.root.flatMap(AssetFolderIndex.init(root:))
    }

    /// The URL of the image a dataset names, nil when it resolves nowhere.
    /// - Complexity: as ``image(named:)``.
    func url(forImageNamed name: String) -> String? {
        guard let image = image(named: name) else { return nil }
        // Percent-encoded URLs hold no space, so one separates the dark appearance's, as `srcset` separates
        // its candidates; the renderer draws the pair as a `<picture>` (``FragmentRenderer``).
        return image.darkURL.map { image.url + " " + $0 } ?? image.url
    }

    /// The URLs of the image a dataset names, its dark appearance's included; nil when it resolves nowhere.
    /// - Complexity: O(1) for a name seen before; else O(candidates) look-ups in the folders' listings,
    ///   and for a candidate listed, a `realpath` and a `stat`; for an image set, a read of its
    ///   `Contents.json` and a `realpath` and a `stat` for each file it names.
    func image(named name: String) -> Image? {
        // A name no listing can hold resolves nowhere: answered with no lock, no cache entry and no call.
        guard mayResolve(name) else { return nil }
        if let cached = cache.withLock({ $0[name] }) { return cached }
        let resolved = resolve(name)
        cache.withLock { cache in
            if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[name] = resolved
        }
        return resolved
    }

    /// The table of the image names windows have met, to read without a lock while a window is written.
    func imageNameTable() -> ImageNameTable {
        imageNames.withLock { $0.table }
    }

    /// Adds names a window met and the table lacked: the table is replaced by one that has them too,
    /// or, when it would hold more than ``ImageNameTable/limit``, by one of these names alone. Past
    /// ``eagerTableNames`` names, they wait until enough have been met (amortized O(1) a name).
    func rememberImageNames(_ met: [ImageNameTable.Slot]) {
        guard !met.isEmpty else { return }
        imageNames.withLock { names in
            names.pending += met
            let count = names.table.count
            guard count < Self.eagerTableNames || names.pending.count >= count / 2 else { return }
            let kept = count + names.pending.count > ImageNameTable.limit ? [] : names.table.names
            names.table = ImageNameTable(names: kept + names.pending.suffix(ImageNameTable.limit))
            names.pending = []
        }
    }

    /// Whether a file for `name` may be in a folder or among the icons: false only when every folder was
    /// listed and none can hold one of its candidates.
    private func mayResolve(_ name: String) -> Bool {
        if iconIndex?.contains(name + ".svg") ?? true { return true }
        if catalogs.contains(where: { $0?.setFolder(named: name) != nil }) { return true }
        let stem = Self.stem(of: name) ?? name
        return folderIndexes.contains { index in index?.mayHold(stem: stem) ?? true }
    }

    /// A name without the extension of its last path segment (`a/photo@2x.png` → `a/photo@2x`); nil when
    /// that segment has none (a dot at its start is not one), as ``candidates(for:)`` tells them apart.
    /// - Complexity: O(n) in the name's UTF-8 length, read from its end.
    static func stem(of name: String) -> String? {
        var name = name
        return name.withUTF8 { bytes in
            var index = bytes.count
            while index > 0 {
                index -= 1
                switch bytes[index] {
                case UInt8(ascii: "/"):
                    return nil
                case UInt8(ascii: "."):
                    guard index > 0, bytes[index - 1] != UInt8(ascii: "/") else { return nil }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<index]), as: UTF8.self)
                default:
                    continue
                }
            }
            return nil
        }
    }

    /// The candidate file names for an image name, in the order `UIImage(named:)` looks at them.
    static func candidates(for name: String) -> [String] {
        if let stem = stem(of: name) {
            let ext = String(name.dropFirst(stem.count))
            return [name] + scales.dropLast().map { stem + $0 + ext }
        }
        return extensions.flatMap { ext in scales.map { name + $0 + "." + ext } }
    }

    private func resolve(_ name: String) -> Image? {
        guard Self.isSafe(name) else { return nil }
        let candidates = Self.candidates(for: name)
        for (position, folder) in folders.enumerated() {
            let index = folderIndexes[position]
            if let set = catalogs[position]?.setFolder(named: name),
                let image = Self.image(inSet: set, of: folder, index)
            {
                return image
            }
            for candidate in candidates {
                if let index, !index.contains(candidate) { continue }
                if let url = Self.url(of: candidate, in: folder) { return Image(url: url, darkURL: nil) }
            }
        }
        if name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
            iconIndex?.contains(name + ".svg") ?? true, let file = icons.resolve("\(icons.urlPrefix)\(name).svg"),
            System.fileStatus(file)?.isRegularFile == true
        {
            return Image(url: "\(iconDirectory)\(name).svg", darkURL: nil)
        }
        return nil
    }

    /// The URLs of the files an image set's `Contents.json` chooses (see ``ImageSet``), each listed in the
    /// folder and served from it; nil when the set cannot be read or names no such file.
    /// - Parameters:
    ///   - set: the set's folder, relative to `folder`.
    ///   - index: the folder's listing, which rules out files that were not there.
    private static func image(inSet set: String, of folder: StaticFiles, _ index: AssetFolderIndex?) -> Image? {
        guard let bytes = contents(of: set + "/" + XCAssetsIndex.contentsFile, in: folder),
            let imageSet = try? ImageSet(contentsJSON: bytes)
        else { return nil }
        var served: [String: String] = [:]
        func exists(_ file: String) -> Bool {
            if served[file] != nil { return true }
            let relative = set + "/" + file
            guard index?.contains(relative) ?? true, let url = url(of: relative, in: folder) else { return false }
            served[file] = url
            return true
        }
        guard let light = imageSet.file(for: .light, exists: exists), let url = served[light] else { return nil }
        let dark = imageSet.file(for: .dark, exists: exists).flatMap { served[$0] }
        return Image(url: url, darkURL: dark == url ? nil : dark)
    }

    /// The versioned URL of the file at `relative` in `folder`: nil unless its real path lies inside the
    /// folder and it is a regular file the folder serves (not larger than ``StaticFiles/maxFileBytes``).
    /// - Complexity: a `realpath` and a `stat`.
    private static func url(of relative: String, in folder: StaticFiles) -> String? {
        let path = folder.urlPrefix + relative
        guard let file = folder.resolve(path), let status = System.fileStatus(file), status.isRegularFile,
            status.size <= folder.maxFileBytes
        else { return nil }
        let version = String(status.size, radix: 16) + "-" + String(status.modifiedNanoseconds, radix: 16)
        return percentEncoded(path) + "?v=" + version
    }

    /// The bytes of a `Contents.json` at `relative` in `folder`, read only when its real path lies inside
    /// the folder; nil when it cannot be read or is larger than ``ImageSet/maxBytes``.
    static func contents(of relative: String, in folder: StaticFiles) -> [UInt8]? {
        guard let file = folder.resolve(folder.urlPrefix + relative) else { return nil }
        return (try? System.readFile(file, maxBytes: ImageSet.maxBytes))?.bytes
    }

    /// Whether a name can only name a file inside a folder: not empty, at most 255 bytes, no control
    /// characters or backslashes, no empty or hidden segment, not absolute.
    static func isSafe(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255,
            !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" })
        else { return false }
        return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && !$0.hasPrefix(".")
        }
    }

    /// `path` with every byte outside the unreserved set, `/` and `@` percent-encoded.
    static func percentEncoded(_ path: String) -> String {
        var output = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "@"):
                output.unicodeScalars.append(UnicodeScalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return output
    }
}
