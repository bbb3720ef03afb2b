// ListServerTests — the image URLs of names met before, found by their bytes
import Testing

@testable import ListServer

@Suite("Image name table: URLs of names met before, found by their bytes")
struct ImageNameTableTests {
    static func slot(_ name: String, _ url: String?) -> ImageNameTable.Slot {
        let bytes = Array(name.utf8)
        return ImageNameTable.Slot(hash: bytes.withUnsafeBytes(ImageNameTable.hash), name: bytes, url: url)
    }

    /// A name the table has met, with its URL (nil for a name that resolves nowhere).
    struct Found {
        let url: String?
    }

    static func lookUp(_ table: ImageNameTable, _ name: String) -> Found? {
        Array(name.utf8).withUnsafeBytes { name in
            table.url(for: name, hash: ImageNameTable.hash(name)).map { url in
                Found(url: url.map { String(decoding: $0, as: UTF8.self) })
            }
        }
    }

    @Test("every name put in is found with its URL, a name that resolved nowhere with none, others not at all")
    func findsEveryName() {
        let names = (0..<300).map { "friend-\($0)" } + ["", "头像", "a/b@2x.png"]
        let table = ImageNameTable(names: names.enumerated().map { Self.slot($1, $0 % 7 == 0 ? nil : "/u/\($1)") })
        #expect(table.count == names.count)
        for (index, name) in names.enumerated() {
            let found = Self.lookUp(table, name)
            #expect(found != nil, "\(name)")
            #expect(found?.url == (index % 7 == 0 ? nil : "/u/\(name)"))
        }
        for missing in ["friend-300", "friend-", "Friend-1", "头", "a/b@3x.png"] {
            #expect(Self.lookUp(table, missing) == nil, "\(missing)")
        }
        #expect(Self.lookUp(ImageNameTable.empty, "friend-1") == nil)
    }

    @Test("names of every length, differing in any one byte, are told apart: short ones by their key, long ones byte by byte")
    func tellsNamesApartAtEveryLength() {
        // One name of each length from 0 to 40, and for each the same name with one byte changed at
        // its start, middle or end; only the first of each is put in.
        let names = (0...40).map { length in String((0..<length).map { Character(UnicodeScalar(97 + $0 % 26)!) }) }
        let table = ImageNameTable(names: names.map { Self.slot($0, "/u/\($0.count)") })
        #expect(table.count == names.count)
        for name in names {
            #expect(Self.lookUp(table, name)?.url == "/u/\(name.count)", "\(name.count) bytes")
            var bytes = Array(name.utf8)
            for position in Set([0, bytes.count / 2, bytes.count - 1]) where !bytes.isEmpty {
                let kept = bytes[position]
                bytes[position] = UInt8(ascii: "Z")
                #expect(Self.lookUp(table, String(decoding: bytes, as: UTF8.self)) == nil, "\(name.count) bytes, at \(position)")
                bytes[position] = kept
            }
        }
        #expect(ImageNameTable.Key(UnsafeRawBufferPointer(start: nil, count: 0)).isExact)
    }

    @Test("a name put in twice keeps its later URL and counts once")
    func laterNameWins() {
        let table = ImageNameTable(names: [Self.slot("icon", "/old"), Self.slot("other", nil), Self.slot("icon", "/new")])
        #expect(table.count == 2)
        #expect(Self.lookUp(table, "icon")?.url == "/new")
    }

    @Test("names a window met are kept for later windows, and the table starts over past its limit")
    func catalogueRemembersNames() {
        let catalog = AssetCatalog(directories: [], publicDirectory: "/nonexistent")
        catalog.rememberImageNames([Self.slot("friend-1", "/icons/friend-1.svg")])
        catalog.rememberImageNames([Self.slot("friend-2", nil)])
        #expect(Self.lookUp(catalog.imageNameTable(), "friend-1")?.url == "/icons/friend-1.svg")
        #expect(Self.lookUp(catalog.imageNameTable(), "friend-2") != nil)
        let many = (0..<ImageNameTable.limit).map { Self.slot("n\($0)", nil) }
        catalog.rememberImageNames(many)
        let table = catalog.imageNameTable()
        #expect(table.count == ImageNameTable.limit)
        #expect(Self.lookUp(table, "friend-1") == nil)
        #expect(Self.lookUp(table, "n0") != nil)
    }

    @Test("past the eager size, names met wait until half as many again have been met, then all come in")
    func tableGrowsInSteps() {
        let catalog = AssetCatalog(directories: [], publicDirectory: "/nonexistent")
        let eager = AssetCatalog.eagerTableNames
        catalog.rememberImageNames((0..<eager).map { Self.slot("e\($0)", nil) })
        #expect(catalog.imageNameTable().count == eager)
        catalog.rememberImageNames([Self.slot("late", nil)])
        #expect(Self.lookUp(catalog.imageNameTable(), "late") == nil, "one name does not make a table of thousands")
        catalog.rememberImageNames((0..<eager / 2).map { Self.slot("w\($0)", nil) })
        let table = catalog.imageNameTable()
        #expect(Self.lookUp(table, "late") != nil && Self.lookUp(table, "e0") != nil && Self.lookUp(table, "w0") != nil)
        #expect(table.count == eager + eager / 2 + 1)
    }
}
