// ListStore — the rows of one page of a SQLite rows table
import Models

/// The rows of one page of a SQLite rows table: every stored row whose id lies in
/// `number << shift ..< (number + 1) << shift`, in id order, in one blob.
///
/// A million rows are then about 16,000 b-tree entries instead of a million, which is what a bulk
/// import spends most of its SQLite time on; changing a row rewrites its page (a few KB).
///
/// Blob layout: a varint row count, then per row, in increasing id order, the id's offset in the
/// page (one byte, below ``capacity``), a varint byte length and the row's ``PackedFields``
/// encoding.
struct RowPage {
    /// Rows per page are `1 << shift`.
    static let shift: Int64 = 6
    /// The most rows one page holds.
    static let capacity = 1 << Int(shift)

    /// The page that holds row `id`.
    static func number(of id: Int64) -> Int64 { id >> shift }

    /// The page's rows in id order: each id and its encoding.
    var rows: [(id: Int64, encoding: [UInt8])] = []

    /// Why a blob is not a page.
    struct Damage: Error {
        var message: String
    }

    /// Appends the blob of a page to `bytes`.
    /// - Parameters:
    ///   - count: The number of rows.
    ///   - page: The page number.
    ///   - rows: Calls its argument once per row, in increasing id order, with the id and the row's
    ///     encoding, or its fields to encode.
    static func append(
        count: Int, page: Int64, to bytes: inout [UInt8], rows: ((Int64, Encoding) -> Void) -> Void
    ) {
        precondition(count <= capacity, "a row page holds at most \(capacity) rows")
        appendVarint(UInt64(count), to: &bytes)
        rows { id, encoding in
            precondition(number(of: id) == page, "row \(id) is not on page \(page)")
            bytes.append(UInt8(truncatingIfNeeded: id - page << shift))
            switch encoding {
            case .bytes(let encoded):
                appendVarint(UInt64(encoded.count), to: &bytes)
                bytes.append(contentsOf: encoded)
            case .fields(let fields):
                // ``PackedFields/encode(_:into:)`` writes the format byte and the packed body as it is.
                appendVarint(UInt64(1 + fields.packedByteCount), to: &bytes)
                PackedFields.encode(fields, into: &bytes)
            }
        }
    }

    /// A row's encoding as ``append(count:page:to:rows:)`` takes it.
    enum Encoding {
        case bytes([UInt8])
        case fields(Fields)
    }

    /// The blob of this page.
    func encoded(page: Int64) -> [UInt8] {
        var bytes: [UInt8] = []
        Self.append(count: rows.count, page: page, to: &bytes) { each in
            for row in rows { each(row.id, .bytes(row.encoding)) }
        }
        return bytes
    }

    /// Calls `body` with each row of the page blob `bytes`: its id and its encoding, in place.
    /// - Throws: ``Damage`` when the blob is cut short, lists ids out of order or off the page,
    ///   or has bytes after its rows; whatever `body` throws.
    static func forEachRow(
        in bytes: UnsafeRawBufferPointer, page: Int64, _ body: (Int64, UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var offset = 0
        func varint() throws -> Int {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard offset < bytes.count, shift < 63 else { throw Damage(message: "a count or length is cut short") }
                let byte = bytes[offset]
                offset += 1
                result |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            guard result <= UInt64(bytes.count) else { throw Damage(message: "a count or length runs past the end") }
            return Int(result)
        }
        let count = try varint()
        guard count <= capacity else { throw Damage(message: "\(count) rows, more than \(capacity)") }
        var previous = -1
        for _ in 0..<count {
            guard offset < bytes.count else { throw Damage(message: "cut short") }
            let slot = Int(bytes[offset])
            offset += 1
            guard slot < capacity, slot > previous else { throw Damage(message: "row ids out of order") }
            previous = slot
            let length = try varint()
            guard length <= bytes.count - offset else { throw Damage(message: "a row runs past the end") }
            try body(page << shift + Int64(slot), UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]))
            offset += length
        }
        guard offset == bytes.count else { throw Damage(message: "\(bytes.count - offset) trailing bytes") }
    }

    /// The page in the blob `bytes`, its rows copied.
    /// - Throws: ``Damage`` as ``forEachRow(in:page:_:)`` does.
    init(_ bytes: UnsafeRawBufferPointer, page: Int64) throws {
        try Self.forEachRow(in: bytes, page: page) { id, encoding in rows.append((id, [UInt8](encoding))) }
    }

    init() {}

    /// Removes row `id`, if the page has it.
    mutating func remove(_ id: Int64) {
        if let index = rows.firstIndex(where: { $0.id == id }) { rows.remove(at: index) }
    }

    /// Sets the encoding of row `id`, inserting it in id order when the page does not have it.
    mutating func set(_ id: Int64, _ encoding: [UInt8]) {
        if let index = rows.firstIndex(where: { $0.id >= id }) {
            if rows[index].id == id {
                rows[index].encoding = encoding
            } else {
                rows.insert((id, encoding), at: index)
            }
        } else {
            rows.append((id, encoding))
        }
    }

    private static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}
