// ModelsTests — a ZIP archive of stored files, read back through its central directory as unzip reads it
import Testing

@testable import Models

@Suite("ZIP archives: stored files, CRC-32, the central directory")
struct ZipArchiveTests {
    /// One file read back from an archive.
    struct Entry: Equatable {
        let name: String
        let bytes: [UInt8]
    }

    enum Malformed: Error { case at(String) }

    /// The files of an archive, read as a reader does: the end record at the end, the central directory it
    /// points to, each record's local header (whose fields must agree), the stored bytes, their CRC-32.
    /// - Throws: ``Malformed`` naming the first field that does not read.
    static func entries(of archive: [UInt8]) throws -> [Entry] {
        func u16(_ at: Int) throws -> Int {
            guard at >= 0, at + 2 <= archive.count else { throw Malformed.at("offset \(at)") }
            return Int(archive[at]) | Int(archive[at + 1]) << 8
        }
        func u32(_ at: Int) throws -> Int { try u16(at) | u16(at + 2) << 16 }
        let end = archive.count - 22
        guard try u32(end) == 0x0605_4B50 else { throw Malformed.at("end record") }
        let count = try u16(end + 10)
        guard try u16(end + 8) == count else { throw Malformed.at("file counts") }
        var record = try u32(end + 16)
        guard record + (try u32(end + 12)) == end else { throw Malformed.at("directory size") }
        var entries: [Entry] = []
        for _ in 0..<count {
            guard try u32(record) == 0x0201_4B50 else { throw Malformed.at("directory record \(entries.count)") }
            let (method, crc, size) = (try u16(record + 10), try u32(record + 16), try u32(record + 20))
            guard method == 0, try u32(record + 24) == size else { throw Malformed.at("stored sizes") }
            let nameLength = try u16(record + 28)
            let name = String(decoding: archive[record + 46..<record + 46 + nameLength], as: UTF8.self)
            let local = try u32(record + 42)
            guard try u32(local) == 0x0403_4B50, try u32(local + 14) == crc, try u32(local + 22) == size,
                try u16(local + 26) == nameLength, try u16(local + 6) & (1 << 11) != 0
            else { throw Malformed.at("local header of \(name)") }
            let start = local + 30 + nameLength + (try u16(local + 28))
            let bytes = Array(archive[start..<start + size])
            guard Int(ZipArchive.crc32(bytes)) == crc else { throw Malformed.at("CRC of \(name)") }
            entries.append(Entry(name: name, bytes: bytes))
            record += 46 + nameLength + (try u16(record + 30)) + (try u16(record + 32))
        }
        return entries
    }

    @Test("CRC-32 gives the check value of its catalogue entry and of the empty input")
    func checkValue() {
        #expect(ZipArchive.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(ZipArchive.crc32([]) == 0)
        #expect(ZipArchive.crc32(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
    }

    @Test("files come back in order with their names (UTF-8) and bytes, 0 to 3 files, empty ones included")
    func roundTrip() throws {
        let files = [("a.txt", Array("alpha".utf8)), ("Ordner/设置.strings", [0xFF, 0xFE, 0x22, 0x00]), ("empty", [])]
        for count in 0...files.count {
            var archive = ZipArchive()
            for (name, bytes) in files.prefix(count) { archive.add(name, bytes) }
            #expect(try Self.entries(of: archive.bytes) == files.prefix(count).map { Entry(name: $0.0, bytes: $0.1) })
        }
        #expect(ZipArchive().bytes.count == 22, "an empty archive is its end record alone")
    }

    @Test("the same files give the same bytes: every file is dated 1980-01-01")
    func reproducible() {
        func archive() -> [UInt8] {
            var archive = ZipArchive()
            archive.add("Root.plist", Array("<plist/>".utf8))
            return archive.bytes
        }
        #expect(archive() == archive())
        #expect(archive()[10..<14] == [0, 0, 0x21, 0x00], "time 00:00, date 1980-01-01")
    }
}
