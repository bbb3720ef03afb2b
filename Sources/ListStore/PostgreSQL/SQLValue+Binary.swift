// ListStore — a statement parameter in PostgreSQL's binary form

/// A parameter is sent to PostgreSQL in binary form with its type, so bytes go through untouched
/// and nothing is ever spliced into SQL text; batch columns are one-dimensional arrays.
extension SQLValue {
    /// The type's OID: `int8`, `float8`, `text`, `bytea`, `int8[]`, `bytea[]`; NULL is sent untyped.
    var typeOID: UInt32 {
        switch self {
        case .int: 20
        case .double: 701
        case .text: 25
        case .blob: 17
        case .ints: 1016
        case .blobs: 1001
        case .null: 0
        }
    }

    /// Appends the binary form (`int8`: 8 bytes big-endian; `text`: UTF-8; `bytea`: the bytes).
    /// - Returns: false for NULL, which has no bytes.
    /// - Complexity: O(bytes appended).
    func append(to buffer: inout [UInt8]) -> Bool {
        switch self {
        case .int(let value):
            withUnsafeBytes(of: value.bigEndian) { buffer.append(contentsOf: $0) }
        case .double(let value):
            withUnsafeBytes(of: value.bitPattern.bigEndian) { buffer.append(contentsOf: $0) }
        case .text(let value):
            buffer.append(contentsOf: value.utf8)
        case .blob(let value):
            buffer.append(contentsOf: value)
        case .ints(let values):
            Self.appendArrayHeader(count: values.count, elementOID: 20, to: &buffer)
            for value in values {
                Self.append(Int32(8), to: &buffer)
                withUnsafeBytes(of: value.bigEndian) { buffer.append(contentsOf: $0) }
            }
        case .blobs(let values):
            Self.appendArrayHeader(count: values.count, elementOID: 17, to: &buffer)
            for value in values {
                Self.append(Int32(value.count), to: &buffer)
                buffer.append(contentsOf: value)
            }
        case .null:
            return false
        }
        return true
    }

    /// The binary array header: one dimension (none when empty), no NULLs, the element type,
    /// the length and a lower bound of 1.
    private static func appendArrayHeader(count: Int, elementOID: UInt32, to buffer: inout [UInt8]) {
        append(Int32(count == 0 ? 0 : 1), to: &buffer)
        append(Int32(0), to: &buffer)
        append(Int32(bitPattern: elementOID), to: &buffer)
        if count > 0 {
            append(Int32(count), to: &buffer)
            append(Int32(1), to: &buffer)
        }
    }

    static func append(_ value: Int32, to buffer: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { buffer.append(contentsOf: $0) }
    }
}
