// Models — the files a Settings bundle keeps beside its pages, and the images its sliders draw
import Foundation

extension SettingsBundle {
    /// The key of the bundle folder's name in a Settings dataset's document.
    public static let folderKey = "bundleFolder"
    /// The key of the first page's file (``rootFile``) in a Settings dataset's document, when not `Root`.
    public static let rootFileKey = "bundleRootFile"
    /// The key of the files kept (``files``) in a Settings dataset's document: path to bytes.
    public static let filesKey = "bundleFiles"
    /// The key of the page files kept (``pageFiles``) in a Settings dataset's document: file name to bytes.
    public static let pageFilesKey = "bundlePages"
    /// The most bytes of one file kept with the dataset.
    public static let keptFileLimit = 256 << 10
    /// The extensions of the images a slider draws, as `UIImage(named:)` reads them, with their media types.
    static let imageTypes: [(fileExtension: String, mediaType: String)] = [
        ("png", "image/png"), ("jpg", "image/jpeg"), ("jpeg", "image/jpeg"), ("gif", "image/gif"),
    ]

    /// Whether a file of the bundle is kept with the dataset: a strings table of an `*.lproj` folder, a string
    /// catalog, or an image.
    static func isKept(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        if parts.count == 2, parts[0].hasSuffix(".lproj"), parts[1].hasSuffix(".strings") { return true }
        if parts.count == 1, path.hasSuffix(".xcstrings") { return true }
        return mediaType(of: path) != nil
    }

    /// The media type of an image file by its extension, in any case; nil for a file that is not one.
    public static func mediaType(of path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let fileExtension = path[path.index(after: dot)...].lowercased()
        return imageTypes.first { $0.fileExtension == fileExtension }?.mediaType
    }

    /// The image a specifier names (`MinimumValueImage`), found in ``files`` as the Settings app's
    /// `UIImage(named:)` finds it: the path as given, else with `.png`, `.jpg`, `.jpeg` or `.gif` when it has no
    /// image extension, each with its `@2x` and `@3x` variants beside it (`quiet` finds `quiet.png` and
    /// `quiet@2x.png`).
    /// - Returns: the variants as an `<img srcset>` of `data:` URLs with their densities
    ///   (`data:image/png;base64,… 1x, data:image/png;base64,… 2x`), so that the browser picks the one for its
    ///   screen as the device does; nil when no file of that name is kept.
    /// - Complexity: O(size of the images found).
    public func imageSources(named name: String) -> String? {
        var path = name.trimmingCharacters(in: .whitespaces)
        while path.hasPrefix("/") || path.hasPrefix("./") { path.removeFirst(path.hasPrefix("/") ? 1 : 2) }
        guard !path.isEmpty else { return nil }
        var stems: [(stem: String, fileExtension: String)] = []
        if Self.mediaType(of: path) != nil, let dot = path.lastIndex(of: ".") {
            stems.append((String(path[..<dot]), String(path[path.index(after: dot)...])))
        } else {
            stems += Self.imageTypes.map { (path, $0.fileExtension) }
        }
        for (stem, fileExtension) in stems {
            // A name given with its scale (`quiet@2x.png`) is that file alone, at its density.
            let scales: [(suffix: String, density: String)] =
                stem.hasSuffix("@2x") || stem.hasSuffix("@3x")
                ? [("", String(stem.suffix(2)))] : [("", "1x"), ("@2x", "2x"), ("@3x", "3x")]
            let sources = scales.compactMap { scale -> String? in
                let file = "\(stem)\(scale.suffix).\(fileExtension)"
                guard let bytes = files[file], let type = Self.mediaType(of: file) else { return nil }
                return "data:\(type);base64,\(Data(bytes).base64EncodedString()) \(scale.density)"
            }
            if !sources.isEmpty { return sources.joined(separator: ", ") }
        }
        return nil
    }
}
