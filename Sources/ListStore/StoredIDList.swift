// ListStore — the blob format of an ordered list of ids

/// The blob format of an ordered list of ids (a section's rows, a dataset's sections):
/// 8 bytes per id, little-endian, in order.
///
/// A million-row section is an 8 MB blob; rewriting it on a change costs a few milliseconds,
/// and reading it back is one copy.
public enum StoredIDList {
    /// Encodes `ids` in order.
    /// - Complexity: O(n).
    public static func encode(_ ids: some Collection<Int64>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: ids.count * 8) { buffer, initialized in
            var offset = 0
            for id in ids {
                withUnsafeBytes(of: id.littleEndian) { bytes in
                    for byte in bytes {
                        buffer[offset] = byte
                        offset += 1
                    }
                }
            }
            initialized = offset
        }
    }

    /// Encodes `RowID`s or `SectionID`s in order.
    public static func encode<ID: RawRepresentable>(_ ids: [ID]) -> [UInt8] where ID.RawValue == Int64 {
        encode(ids.lazy.map(\.rawValue))
    }

    /// Decodes a list made by ``encode(_:)-(some Collection<Int64>)``.
    /// - Returns: The ids in order, or nil when the byte count is not a multiple of 8.
    /// - Complexity: O(n).
    public static func decode(_ bytes: UnsafeRawBufferPointer) -> [Int64]? {
        guard bytes.count % 8 == 0 else { return nil }
        let count = bytes.count / 8
        return [Int64](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count {
                buffer[index] = Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: Int64.self))
            }
            initialized = count
        }
    }
}
