// Models — a ZIP archive of stored (uncompressed) files, as PKWARE's APPNOTE describes one

/// A ZIP archive being written: each file a local header and its bytes, stored as they are (method 0), then
/// the central directory and its end record (APPNOTE.TXT 6.3). Names are UTF-8 (flag bit 11); every file is
/// dated 1980-01-01 00:00, so that one bundle always gives the same bytes.
///
/// Files are stored rather than deflated: an archive of a Settings bundle is a few kilobytes of plists and
/// strings, and small images that are compressed already. No ZIP64: a file or an archive of 4 GiB or more, or
/// more than 65,535 files, is a programmer's mistake here.
public struct ZipArchive: Sendable {
    /// The archive so far: the local headers and the files' bytes.
    private var body: [UInt8] = []
    /// The central directory so far: one record a file.
    private var directory: [UInt8] = []
    private var count = 0

    public init() {}

    /// Adds a file.
    /// - Parameters:
    ///   - path: its path in the archive, folders separated by `/` (`Tides.bundle/Root.plist`).
    ///   - bytes: its contents.
    /// - Complexity: O(path and bytes).
    public mutating func add(_ path: String, _ bytes: [UInt8]) {
        let name = Array(path.utf8)
        precondition(bytes.count < Int(UInt32.max) && body.count < Int(UInt32.max), "the archive needs ZIP64")
        precondition(count < Int(UInt16.max) && name.count < Int(UInt16.max), "too many files or too long a name")
        let checksum = Self.crc32(bytes)
        let offset = UInt32(body.count)
        // Local file header: signature, version needed (2.0), flags (UTF-8 names), method (stored), time, date.
        Self.append32(0x0403_4B50, to: &body)
        for field: UInt16 in [20, 1 << 11, 0, 0, Self.dosDate] { Self.append16(field, to: &body) }
        for field in [checksum, UInt32(bytes.count), UInt32(bytes.count)] { Self.append32(field, to: &body) }
        Self.append16(UInt16(name.count), to: &body)
        Self.append16(0, to: &body)
        body += name
        body += bytes
        // Central directory record: made by Unix (3) version 2.0, then the local header's fields.
        Self.append32(0x0201_4B50, to: &directory)
        for field: UInt16 in [0x0314, 20, 1 << 11, 0, 0, Self.dosDate] { Self.append16(field, to: &directory) }
        for field in [checksum, UInt32(bytes.count), UInt32(bytes.count)] { Self.append32(field, to: &directory) }
        // Name length, extra length, comment length, disk number, internal attributes.
        for field: UInt16 in [UInt16(name.count), 0, 0, 0, 0] { Self.append16(field, to: &directory) }
        // External attributes: a regular file readable by all (0644) in the upper half, as Unix zip writes it.
        Self.append32(0o100644 << 16, to: &directory)
        Self.append32(offset, to: &directory)
        directory += name
        count += 1
    }

    /// The whole archive: the files, the central directory and its end record.
    /// - Complexity: O(size of the archive).
    public var bytes: [UInt8] {
        var archive = body
        archive.reserveCapacity(body.count + directory.count + 22)
        archive += directory
        Self.append32(0x0605_4B50, to: &archive)
        // This disk, the directory's disk, files on this disk, files in all.
        for field in [0, 0, UInt16(count), UInt16(count)] { Self.append16(field, to: &archive) }
        Self.append32(UInt32(directory.count), to: &archive)
        Self.append32(UInt32(body.count), to: &archive)
        Self.append16(0, to: &archive)
        return archive
    }

    /// 1980-01-01 as an MS-DOS date: (year − 1980) << 9 | month << 5 | day.
    private static let dosDate: UInt16 = 1 << 5 | 1

    /// The CRC-32 of `bytes` (ISO-HDLC, the polynomial 0xEDB88320 reflected), as ZIP and gzip check files.
    /// - Complexity: O(n).
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    private static func append16(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    private static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }
}
