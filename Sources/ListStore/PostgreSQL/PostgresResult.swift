// ListStore — the rows a PostgreSQL statement returned
import CLibPQ

/// The rows a statement returned, in binary form (results are always asked for as binary), owned
/// until it is released. Not `Sendable`: it lives within one ``PostgresConnection`` call.
final class PostgresResult {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }
    deinit { PQclear(handle) }

    var rowCount: Int { Int(PQntuples(handle)) }

    /// The number of rows an INSERT, UPDATE or DELETE changed.
    var changedRows: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

    func isNull(_ row: Int, _ column: Int) -> Bool { PQgetisnull(handle, Int32(row), Int32(column)) == 1 }

    /// Runs `body` with the bytes of a value (empty for NULL).
    func withBytes<Result, Failure: Error>(
        _ row: Int, _ column: Int, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let length = Int(PQgetlength(handle, Int32(row), Int32(column)))
        guard let value = PQgetvalue(handle, Int32(row), Int32(column)), length > 0 else {
            return try body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        return try body(UnsafeRawBufferPointer(start: value, count: length))
    }

    /// An `int8`, `int4`, `int2` or `bool` value (0 for NULL).
    func int64(_ row: Int, _ column: Int) -> Int64 {
        withBytes(row, column) { bytes in
            switch bytes.count {
            case 8: Int64(bigEndian: bytes.loadUnaligned(as: Int64.self))
            case 4: Int64(Int32(bigEndian: bytes.loadUnaligned(as: Int32.self)))
            case 2: Int64(Int16(bigEndian: bytes.loadUnaligned(as: Int16.self)))
            case 1: Int64(bytes[0])
            default: 0
            }
        }
    }

    /// A `text` value, nil for NULL.
    func text(_ row: Int, _ column: Int) -> String? {
        isNull(row, column) ? nil : withBytes(row, column) { String(decoding: $0, as: UTF8.self) }
    }

    /// A `bytea` value (empty for NULL).
    func bytes(_ row: Int, _ column: Int) -> [UInt8] {
        withBytes(row, column) { [UInt8]($0) }
    }
}
