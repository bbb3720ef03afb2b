// ListStore — the bytes a change is logged as, for other processes to apply
import Models

extension StoredChange {
    /// The first byte of ``logged``; a reader meeting another one reads the dataset instead. Format 1 is format 2
    /// without the written fields (a change logged by an earlier server), and is still read.
    static let logFormat: UInt8 = 2

    /// The change as the event log keeps it next to its event, so that a process following the
    /// store applies it to the dataset it holds (``Models/Dataset/applying(_:)``) instead of reading
    /// the dataset back whole. The event payload is not part of it.
    ///
    /// Layout: the format byte, then 8-byte little-endian integers: expected version, new version, next
    /// id; deleted row ids; upserted rows (id, byte count, ``PackedFields``); deleted section ids;
    /// upserted sections (id, rows key index, byte count, fields); the section order (a flag, then the
    /// ids); row orders (count, then section id and ids, by section id); the written fields (a flag, then a count
    /// and, by row id, the id and its keys as UTF-8 blobs). Lists are a count, then items.
    /// - Complexity: O(size of the change).
    public var logged: [UInt8] {
        var writer = LogWriter()
        writer.bytes.append(Self.logFormat)
        writer.int(expectedVersion)
        writer.int(newVersion)
        writer.int(nextID)
        writer.ids(deletedRowIDs.map(\.rawValue))
        writer.int(Int64(upsertedRows.count))
        for row in upsertedRows {
            writer.int(row.id.rawValue)
            writer.blob(PackedFields.encode(row.fields))
        }
        writer.ids(deletedSectionIDs.map(\.rawValue))
        writer.int(Int64(upsertedSections.count))
        for section in upsertedSections {
            writer.int(section.id.rawValue)
            writer.int(Int64(section.rowsKeyIndex))
            writer.blob(PackedFields.encode(section.fields))
        }
        writer.bytes.append(sectionOrder == nil ? 0 : 1)
        if let sectionOrder { writer.ids(sectionOrder.map(\.rawValue)) }
        writer.int(Int64(rowOrders.count))
        for (sectionID, order) in rowOrders.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            writer.int(sectionID.rawValue)
            writer.ids(order.map(\.rawValue))
        }
        writer.bytes.append(writtenFields == nil ? 0 : 1)
        if let writtenFields {
            writer.int(Int64(writtenFields.count))
            for (rowID, keys) in writtenFields.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                writer.int(rowID.rawValue)
                writer.int(Int64(keys.count))
                for key in keys { writer.blob(Array(key.utf8)) }
            }
        }
        return writer.bytes
    }

    /// Reads a change written by ``logged``.
    /// - Returns: nil when the bytes are of another format, truncated or inconsistent.
    /// - Complexity: O(bytes).
    public init?(logged bytes: [UInt8], datasetID: String) {
        var reader = LogReader(bytes: bytes)
        guard let format = reader.byte(), format == 1 || format == Self.logFormat, let expected = reader.int(), let new = reader.int(),
            let next = reader.int(), let deletedRows = reader.ids(), let upserted = reader.count()
        else { return nil }
        self.init(datasetID: datasetID, expectedVersion: expected, newVersion: new, nextID: next)
        deletedRowIDs = deletedRows.map { RowID($0) }
        for _ in 0..<upserted {
            guard let rowID = reader.int(), let packed = reader.blob(),
                let fields = try? PackedFields.decode(packed)
            else { return nil }
            upsertedRows.append(Row(id: RowID(rowID), fields: fields))
        }
        guard let deletedSections = reader.ids(), let sections = reader.count() else { return nil }
        deletedSectionIDs = deletedSections.map { SectionID($0) }
        for _ in 0..<sections {
            guard let sectionID = reader.int(), let keyIndex = reader.int(), let packed = reader.blob(),
                let fields = try? PackedFields.decode(packed), let rowsKeyIndex = Int(exactly: keyIndex)
            else { return nil }
            upsertedSections.append(SectionFields(id: SectionID(sectionID), fields: fields, rowsKeyIndex: rowsKeyIndex))
        }
        switch reader.byte() {
        case 0: break
        case 1:
            guard let order = reader.ids() else { return nil }
            sectionOrder = order.map { SectionID($0) }
        default: return nil
        }
        guard let orders = reader.count() else { return nil }
        for _ in 0..<orders {
            guard let sectionID = reader.int(), let order = reader.ids() else { return nil }
            rowOrders[SectionID(sectionID)] = order.map { RowID($0) }
        }
        if format == Self.logFormat {
            switch reader.byte() {
            case 0: break
            case 1:
                guard let rows = reader.count() else { return nil }
                var written: [RowID: [String]] = [:]
                for _ in 0..<rows {
                    guard let rowID = reader.int(), let count = reader.count() else { return nil }
                    var keys: [String] = []
                    for _ in 0..<count {
                        guard let key = reader.blob() else { return nil }
                        keys.append(String(decoding: key, as: UTF8.self))
                    }
                    written[RowID(rowID)] = keys
                }
                writtenFields = written
            default: return nil
            }
        }
        guard reader.isAtEnd else { return nil }
    }
}

/// Appends the integers and blobs of ``StoredChange/logged``.
private struct LogWriter {
    var bytes: [UInt8] = []

    mutating func int(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func ids(_ ids: [Int64]) {
        int(Int64(ids.count))
        bytes.append(contentsOf: StoredIDList.encode(ids))
    }

    mutating func blob(_ blob: [UInt8]) {
        int(Int64(blob.count))
        bytes.append(contentsOf: blob)
    }
}

/// Reads what ``LogWriter`` wrote; every read checks the bytes left and returns nil past the end.
private struct LogReader {
    let bytes: [UInt8]
    var offset = 0

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func int() -> Int64? {
        guard bytes.count - offset >= 8 else { return nil }
        defer { offset += 8 }
        return bytes.withUnsafeBytes { Int64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: Int64.self)) }
    }

    /// A count of items that the bytes left could hold at one byte each.
    mutating func count() -> Int? {
        guard let value = int(), value >= 0, value <= bytes.count - offset else { return nil }
        return Int(value)
    }

    mutating func ids() -> [Int64]? {
        guard let count = count(), count <= (bytes.count - offset) / 8 else { return nil }
        defer { offset += count * 8 }
        return bytes.withUnsafeBytes { all in
            StoredIDList.decode(UnsafeRawBufferPointer(rebasing: all[offset..<offset + count * 8]))
        }
    }

    mutating func blob() -> [UInt8]? {
        guard let count = count() else { return nil }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }
}
