// ListStore — a value bound to a statement parameter

/// A value bound to a statement parameter of either store's connection.
///
/// `ints` and `blobs` are columns of a batch: a statement run with them acts once per element
/// (``StoreDatabase/run(_:_:eachRow:)``). PostgreSQL binds them as one `int8[]` or `bytea[]`, which
/// the dialect's SQL unnests (``SQLDialect/anyOf(_:parameter:)``, ``SQLDialect/values(_:)``); SQLite
/// runs its statement once per element, binding the element in the array's place.
enum SQLValue: Sendable, Hashable {
    case int(Int64)
    case double(Double)
    case text(String)
    case blob([UInt8])
    /// A batch column of integers.
    case ints([Int64])
    /// A batch column of blobs.
    case blobs([[UInt8]])
    case null

    /// The number of elements of a batch column; nil for a single value.
    var batchCount: Int? {
        switch self {
        case .ints(let values): values.count
        case .blobs(let values): values.count
        default: nil
        }
    }

    /// The value itself, or element `index` of a batch column.
    func element(_ index: Int) -> SQLValue {
        switch self {
        case .ints(let values): .int(values[index])
        case .blobs(let values): .blob(values[index])
        default: self
        }
    }
}

extension Optional where Wrapped == String {
    /// The text, or NULL.
    var sqlValue: SQLValue { map(SQLValue.text) ?? .null }
}
