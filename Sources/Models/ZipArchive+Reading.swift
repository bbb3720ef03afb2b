// Models — a ZIP archive read back into its files, within limits that an archive made to harm cannot pass

extension ZipArchive {
    /// What an archive may hold at most, checked before anything is unpacked.
    public struct Limits: Sendable {
        /// Entries, folders included.
        public var entries: Int
        /// Bytes of every file unpacked, as the central directory declares them; a file that unpacks to more
        /// than it declares is refused as it does.
        public var bytes: Int

        public init(entries: Int = 4096, bytes: Int = 64 << 20) {
            self.entries = entries
            self.bytes = bytes
        }
    }

    /// Why an archive cannot be read, and the entry it concerns when one does.
    public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The entry's name in the archive; nil for the archive as a whole.
        public var entry: String?
        public var message: String

        public var description: String { entry.map { "\($0): \(message)" } ?? message }
    }

    /// Whether `bytes` begin as a ZIP archive does: a local file header (`PK\3\4`), or the end record of an
    /// empty archive (`PK\5\6`).
    public static func isArchive(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B
            && ((bytes[2] == 3 && bytes[3] == 4) || (bytes[2] == 5 && bytes[3] == 6))
    }

    /// The files of an archive, read from its central directory (APPNOTE.TXT 4.3), in its order: each stored
    /// (method 0) or deflated (8), its CRC-32 checked. Folders (names ending in `/`) are left out.
    ///
    /// Refused, before anything is unpacked: more entries than `limits.entries`, more bytes declared than
    /// `limits.bytes`, a name that leaves the archive's folder (`../`, `/etc`, `C:`, a NUL), an encrypted
    /// entry, ZIP64, another compression method. While unpacking: a file that unpacks to more or less than it
    /// declares, or whose checksum differs. An archive is read whole or not at all.
    /// - Parameters:
    ///   - archive: the archive's bytes.
    ///   - limits: what it may hold.
    /// - Returns: each file's name (folders separated by `/`) and bytes.
    /// - Throws: ``ReadError`` saying what is wrong, naming the entry when one is.
    /// - Complexity: O(size of the archive and of the files unpacked).
    public static func files(in archive: [UInt8], limits: Limits = Limits()) throws(ReadError)
        -> [(path: String, bytes: [UInt8])]
    {
        let entries = try directory(of: archive, limits: limits)
        var files: [(path: String, bytes: [UInt8])] = []
        for entry in entries where !entry.name.hasSuffix("/") {
            let local = entry.localOffset
            guard local + 30 <= archive.count, Self.read32(archive, local) == 0x0403_4B50 else {
                throw ReadError(entry: entry.name, message: "its local header is missing: the archive is damaged")
            }
            let start = local + 30 + Int(Self.read16(archive, local + 26)) + Int(Self.read16(archive, local + 28))
            guard start + entry.compressedSize <= archive.count else {
                throw ReadError(entry: entry.name, message: "it ends past the end of the archive: the archive is cut short")
            }
            let data = Array(archive[start..<start + entry.compressedSize])
            let bytes: [UInt8]
            switch entry.method {
            case 0:
                guard entry.compressedSize == entry.size else {
                    throw ReadError(entry: entry.name, message: "a stored file whose two sizes differ")
                }
                bytes = data
            default:
                bytes = try ZipInflater.inflate(data, size: entry.size, entry: entry.name)
            }
            guard crc32(bytes) == entry.checksum else {
                throw ReadError(entry: entry.name, message: "its checksum does not match: the archive is damaged")
            }
            files.append((entry.name, bytes))
        }
        return files
    }

    /// One record of the central directory.
    private struct Entry {
        var name: String
        var method: UInt16
        var checksum: UInt32
        var compressedSize: Int
        var size: Int
        var localOffset: Int
    }

    /// The central directory's records, every one checked against `limits` and for a name that stays inside.
    private static func directory(of archive: [UInt8], limits: Limits) throws(ReadError) -> [Entry] {
        guard let end = endRecord(of: archive) else {
            throw ReadError(entry: nil, message: "not a ZIP archive: it has no end of central directory record")
        }
        let count = Int(read16(archive, end + 10))
        let offset = Int(read32(archive, end + 16))
        guard count != 0xFFFF, offset != 0xFFFF_FFFF else {
            throw ReadError(entry: nil, message: "a ZIP64 archive, which a Settings bundle never needs")
        }
        guard count <= limits.entries else {
            throw ReadError(entry: nil, message: "it holds \(count) entries, more than the \(limits.entries) allowed")
        }
        var entries: [Entry] = []
        var at = offset
        var declared = 0
        for _ in 0..<count {
            guard at + 46 <= end, read32(archive, at) == 0x0201_4B50 else {
                throw ReadError(entry: nil, message: "its central directory is damaged")
            }
            let nameLength = Int(read16(archive, at + 28))
            guard at + 46 + nameLength <= end else { throw ReadError(entry: nil, message: "its central directory is damaged") }
            let name = String(decoding: archive[at + 46..<at + 46 + nameLength], as: UTF8.self)
            let entry = Entry(
                name: name, method: read16(archive, at + 10), checksum: read32(archive, at + 16),
                compressedSize: Int(read32(archive, at + 20)), size: Int(read32(archive, at + 24)),
                localOffset: Int(read32(archive, at + 42)))
            if let problem = pathProblem(name) { throw ReadError(entry: name, message: problem) }
            if read16(archive, at + 8) & 1 != 0 { throw ReadError(entry: name, message: "it is encrypted") }
            guard entry.size != 0xFFFF_FFFF, entry.compressedSize != 0xFFFF_FFFF, entry.localOffset != 0xFFFF_FFFF else {
                throw ReadError(entry: name, message: "a ZIP64 entry, which a Settings bundle never needs")
            }
            guard entry.method == 0 || entry.method == 8 else {
                throw ReadError(
                    entry: name, message: "compressed with method \(entry.method): only stored (0) and deflated (8) are read")
            }
            declared += entry.size
            guard declared <= limits.bytes else {
                throw ReadError(
                    entry: nil, message: "it unpacks to more than the \(limits.bytes >> 20) MiB allowed (\(count) entries)")
            }
            entries.append(entry)
            at += 46 + nameLength + Int(read16(archive, at + 30)) + Int(read16(archive, at + 32))
        }
        return entries
    }

    /// Why a name may not be unpacked: one that leaves the folder it is unpacked in (`..`), starts at the root
    /// (`/`, `\`, `C:`) or holds a NUL; nil for a name that stays inside. Backslashes count as separators.
    static func pathProblem(_ name: String) -> String? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "\\", omittingEmptySubsequences: false) }
        if name.isEmpty || name.contains("\0") { return "a name no file can have" }
        if name.hasPrefix("/") || name.hasPrefix("\\") || parts.first?.contains(":") == true {
            return "a path from the root, outside the archive's folder"
        }
        if parts.contains("..") { return "a path that climbs out of the archive's folder (..)" }
        return nil
    }

    /// Where the end of central directory record starts: searched back from the end past a comment of up to
    /// 65,535 bytes; nil when there is none.
    private static func endRecord(of archive: [UInt8]) -> Int? {
        guard archive.count >= 22 else { return nil }
        let lowest = max(0, archive.count - 22 - 0xFFFF)
        for at in stride(from: archive.count - 22, through: lowest, by: -1) where read32(archive, at) == 0x0605_4B50 {
            // The comment's length must reach the end exactly: a signature inside a comment is not the record.
            if at + 22 + Int(read16(archive, at + 20)) == archive.count { return at }
        }
        return nil
    }

    private static func read16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func read32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(read16(bytes, at)) | UInt32(read16(bytes, at + 2)) << 16
    }
}
