// Web — one image set of an asset catalog, read from its Contents.json
import Models

/// One image set of an asset catalog (`NAME.imageset/Contents.json`), read by the rules Xcode's asset
/// catalogs follow: an `images` list whose entries name a file for an idiom (`universal`, `iphone`,
/// `ipad`, …), a scale (`1x`, `2x`, `3x`, or none for a single-scale or vector file) and optionally
/// appearances (`{"appearance": "luminosity", "value": "dark"}`).
///
/// ``file(for:exists:)`` picks the file a browser shows best: an entry for `universal` or `iphone` when
/// there is one (other idioms only when there is none), then the best scale (3x, 2x, 1x, then none), then
/// `iphone` over `universal`, then the entry with the fewest other traits (size classes, subtypes, a wide
/// gamut, a locale…). Only files a browser draws in an `<img>` are candidates (``displayableExtensions``):
/// a PDF, HEIC or TIFF entry is skipped, and a set of only those shows nothing.
struct ImageSet: Sendable, Equatable {
    /// Why a `Contents.json` is not read.
    enum Error: Swift.Error, Equatable {
        /// The bytes are not a JSON object.
        case notJSON
        /// `images` is missing or not a list of objects.
        case noImages
        /// An entry names a file that could lie outside the set's folder (`..`, `/`, hidden, control bytes).
        case unsafeFilename(String)
    }

    /// The appearance an image is looked for in.
    enum Appearance: Sendable {
        case light, dark
    }

    /// One entry of `images` that names a file.
    struct Entry: Sendable, Equatable {
        let filename: String
        /// `universal` when the entry names none.
        let idiom: String
        /// `1x`, `2x`, `3x`; nil for a single-scale or vector file.
        let scale: String?
        /// The entry's `luminosity` appearance (`light`, `dark`); nil for one without (any appearance).
        let luminosity: String?
        /// Whether the entry has an appearance other than luminosity (`contrast: high`), which is not drawn.
        let hasOtherAppearance: Bool
        /// How many traits beyond idiom, scale and appearance the entry is for.
        let traits: Int
    }

    /// The extensions of the files an `<img>` draws and the server serves with their image type.
    static let displayableExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "svg"]
    /// The keys of an entry that restrict it to some devices or settings, making it a worse general choice.
    static let traitKeys = [
        "subtype", "width-class", "height-class", "memory", "graphics-feature-set", "screen-width", "locale",
        "language-direction",
    ]
    /// The most bytes of a `Contents.json` read.
    static let maxBytes = 1 << 20

    /// The entries that name a file, in file order.
    let entries: [Entry]

    /// Reads a set's `Contents.json`.
    /// - Throws: ``Error`` when the bytes are not a JSON object with an `images` list, or when an entry names
    ///   a file other than a plain, visible name in the set's own folder (the whole set is then refused).
    /// - Complexity: O(n) in the size of the file.
    init(contentsJSON bytes: [UInt8]) throws(Error) {
        guard bytes.count <= Self.maxBytes, case .dict(let root)? = try? JSONReader.read(bytes) else {
            throw .notJSON
        }
        guard let images = root["images"]?.arrayValue else { throw .noImages }
        var entries: [Entry] = []
        for image in images {
            guard let fields = image.dictValue else { throw .noImages }
            // An entry with no file is an empty slot of the set, as Xcode writes them.
            guard let filename = fields["filename"]?.stringValue else { continue }
            guard Self.isPlainFilename(filename) else { throw .unsafeFilename(filename) }
            var luminosity: String?
            var hasOtherAppearance = false
            for appearance in fields["appearances"]?.arrayValue ?? [] {
                let kind = appearance.dictValue?["appearance"]?.stringValue
                let value = appearance.dictValue?["value"]?.stringValue
                if kind == "luminosity", let value { luminosity = value } else { hasOtherAppearance = true }
            }
            var traits = Self.traitKeys.filter { fields[$0] != nil }.count
            if let gamut = fields["display-gamut"]?.stringValue, gamut != "sRGB" { traits += 1 }
            entries.append(
                Entry(
                    filename: filename, idiom: fields["idiom"]?.stringValue ?? "universal",
                    scale: fields["scale"]?.stringValue, luminosity: luminosity,
                    hasOtherAppearance: hasOtherAppearance, traits: traits))
        }
        self.entries = entries
    }

    /// The file to show in `appearance`: for light, an entry marked `light` if one is usable, else one
    /// with no appearance; for dark, only an entry marked `dark`.
    /// - Parameters:
    ///   - appearance: light or dark.
    ///   - exists: whether the set's folder holds a file of that name; an entry whose file is missing is
    ///     skipped, as `actool` skips it with a warning.
    /// - Returns: the file's name in the set's folder; nil when no entry for `appearance` names a file that
    ///   exists and that a browser draws.
    /// - Complexity: O(entries).
    func file(for appearance: Appearance, exists: (String) -> Bool) -> String? {
        let usable = entries.filter { entry in
            !entry.hasOtherAppearance && Self.isDisplayable(entry.filename) && exists(entry.filename)
        }
        let candidates: [Entry]
        switch appearance {
        case .dark:
            candidates = usable.filter { $0.luminosity == "dark" }
        case .light:
            let marked = usable.filter { $0.luminosity == "light" }
            candidates = marked.isEmpty ? usable.filter { $0.luminosity == nil || $0.luminosity == "any" } : marked
        }
        return candidates.min { Self.rank($0) < Self.rank($1) }?.filename
    }

    /// An entry's place in the order of preference, lowest first (see the type's summary); ties keep
    /// the first in the file, as `min` does.
    private static func rank(_ entry: Entry) -> (Int, Int, Int, Int) {
        let phone = entry.idiom == "universal" || entry.idiom == "iphone"
        let scale = ["3x": 0, "2x": 1, "1x": 2][entry.scale ?? "", default: entry.scale == nil ? 3 : 4]
        return (phone ? 0 : 1, scale, entry.idiom == "iphone" ? 0 : 1, entry.traits)
    }

    /// Whether a file name has one of ``displayableExtensions`` (any case).
    static func isDisplayable(_ filename: String) -> Bool {
        guard let dot = filename.lastIndex(of: ".") else { return false }
        return displayableExtensions.contains(filename[filename.index(after: dot)...].lowercased())
    }

    /// Whether a file name names a file in the set's own folder: one visible segment (no `/`, not starting
    /// with `.`), with no backslash or control character, at most 255 bytes.
    static func isPlainFilename(_ filename: String) -> Bool {
        AssetCatalog.isSafe(filename) && !filename.contains("/")
    }
}
