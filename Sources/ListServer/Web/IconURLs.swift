// Web — the image URLs of one window's rows
import Models

/// The image URLs of one window's rows, found by the bytes of their names: in the catalogue's table of
/// names met before (read without a lock), else resolved and remembered for this window, and handed
/// to the catalogue when the window is written (``publish()``).
final class IconURLs {
    private let assets: AssetCatalog
    private let table: ImageNameTable
    // Only the thread writing the window reads these.
    @exclusivity(unchecked) private var met: [ImageNameTable.Slot] = []

    init(_ assets: AssetCatalog) {
        self.assets = assets
        table = assets.imageNameTable()
    }

    /// Lends `body` the UTF-8 bytes of the URL of the image the row at `fields` names in `icon`, else in
    /// `image`; nil when it names none or the name resolves nowhere. A name met before is answered with
    /// the table's bytes, so nothing is retained for it.
    @inline(__always)
    func withURL<Result>(of fields: UnsafePointer<Fields>, _ body: (UnsafeRawBufferPointer?) -> Result) -> Result {
        // The caller holds `self` for the call: lent to the lookups as a guaranteed reference, it is not
        // retained and released around each (a captured `self` was, the lookup not being inlined).
        let icons = Unmanaged.passUnretained(self)
        func url(named name: UnsafeRawBufferPointer) -> Found {
            icons._withUnsafeGuaranteedRef { $0.url(named: name) }
        }
        let found = Fields.withText(of: fields, forKey: "icon", url(named:))
            ?? Fields.withText(of: fields, forKey: "image", url(named:)) ?? .nowhere
        switch found {
        case .nowhere: return body(nil)
        case .inTable(let bytes): return body(bytes)
        case .resolved(var url): return url.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Gives the names this window resolved to the catalogue, for the windows after it.
    func publish() {
        assets.rememberImageNames(met)
        met = []
    }

    /// Where an image name's URL was found.
    private enum Found {
        /// The name resolves nowhere.
        case nowhere
        /// In the catalogue's table, which keeps the bytes for as long as this window holds it.
        case inTable(UnsafeRawBufferPointer)
        /// Resolved or met in this window.
        case resolved(String)
    }

    /// The URL for an image name lent as UTF-8 bytes: a `String` of the name is made only the first time
    /// it is met.
    private func url(named bytes: UnsafeRawBufferPointer) -> Found {
        let key = ImageNameTable.Key(bytes)
        let hash = ImageNameTable.hash(bytes, key: key)
        if let url = table.url(for: bytes, key: key, hash: hash) { return url.map(Found.inTable) ?? .nowhere }
        for slot in met where slot.hash == hash && ImageNameTable.equal(slot.name, bytes) {
            return slot.url.map(Found.resolved) ?? .nowhere
        }
        let url = assets.url(forImageNamed: String(decoding: bytes, as: UTF8.self))
        if met.count < ImageNameTable.limit { met.append(ImageNameTable.Slot(hash: hash, name: Array(bytes), url: url)) }
        return url.map(Found.resolved) ?? .nowhere
    }
}
