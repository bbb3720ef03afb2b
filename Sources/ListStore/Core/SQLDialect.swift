// ListStore — the SQL text that differs between SQLite and PostgreSQL

/// The SQL text that differs between SQLite and PostgreSQL: parameters, batches, type names and a
/// few functions. The store core writes every statement once, asking its connection's dialect for
/// these pieces; the statements are otherwise the same in both databases.
struct SQLDialect: Sendable {
    /// The column types of the store's tables.
    struct Types: Sendable, Hashable {
        /// A 64-bit integer.
        var integer: String
        /// A 32-bit integer.
        var smallInteger: String
        var text: String
        var blob: String
        /// The type and constraints of `datasets.key`: an integer handed out once, never reused.
        var autoKey: String
        /// What follows `CREATE TABLE … (…)` for a table stored in its primary key's order.
        var clusteredSuffix: String
    }

    /// One value of a batch statement's `VALUES` (see ``values(_:)``).
    struct Column: Sendable, Hashable {
        /// The name a batch column gets in PostgreSQL's `unnest` (unused for single values).
        var name: String
        /// The type of the elements of a batch column; nil for a single value bound to every row.
        var batch: Types.Element?

        static func single(_ name: String) -> Column { Column(name: name, batch: nil) }
        static func integers(_ name: String) -> Column { Column(name: name, batch: .integer) }
        static func blobs(_ name: String) -> Column { Column(name: name, batch: .blob) }
    }

    /// `?1` or `$1`.
    let parameterPrefix: String
    let types: Types
    /// The function giving the larger of two values: `max` or `GREATEST`.
    let greatest: String
    /// What ends a `SELECT` that locks its rows until the transaction ends (nothing in SQLite, whose
    /// write transaction holds the whole database).
    let lockSuffix: String
    /// Whether a batch column is bound as one array parameter (PostgreSQL) rather than run once per
    /// element (SQLite).
    let bindsArrays: Bool

    static let sqlite = SQLDialect(
        parameterPrefix: "?",
        types: Types(
            integer: "INTEGER", smallInteger: "INTEGER", text: "TEXT", blob: "BLOB",
            autoKey: "INTEGER PRIMARY KEY AUTOINCREMENT", clusteredSuffix: " WITHOUT ROWID"),
        greatest: "max", lockSuffix: "", bindsArrays: false)

    static let postgres = SQLDialect(
        parameterPrefix: "$",
        types: Types(
            integer: "int8", smallInteger: "int4", text: "text", blob: "bytea",
            autoKey: "int8 GENERATED ALWAYS AS IDENTITY PRIMARY KEY", clusteredSuffix: ""),
        greatest: "GREATEST", lockSuffix: " FOR UPDATE", bindsArrays: true)

    /// Parameter `index` (1-based): `?1` or `$1`.
    func parameter(_ index: Int) -> String { parameterPrefix + String(index) }

    /// `column` equal to one element of the batch column bound to parameter `index`:
    /// `column = ?1` run once per element, or `column = ANY($1)`.
    func anyOf(_ column: String, parameter index: Int) -> String {
        bindsArrays ? "\(column) = ANY(\(parameter(index)))" : "\(column) = \(parameter(index))"
    }

    /// What follows `INSERT INTO table (columns)` to insert one row per element of the batch
    /// columns, parameter N being `columns[N - 1]`: `VALUES (?1, ?2, …)` run once per element, or
    /// `SELECT $1, b, … FROM unnest($2::int8[], …) AS s (b, …)`.
    /// - Complexity: O(columns).
    func values(_ columns: [Column]) -> String {
        guard bindsArrays else {
            return "VALUES (" + columns.indices.map { parameter($0 + 1) }.joined(separator: ", ") + ")"
        }
        var selected: [String] = []
        var arrays: [String] = []
        var names: [String] = []
        for (offset, column) in columns.enumerated() {
            if let element = column.batch {
                selected.append(column.name)
                arrays.append("\(parameter(offset + 1))::\(element == .integer ? types.integer : types.blob)[]")
                names.append(column.name)
            } else {
                selected.append(parameter(offset + 1))
            }
        }
        return "SELECT \(selected.joined(separator: ", ")) FROM unnest(\(arrays.joined(separator: ", ")))"
            + " AS s (\(names.joined(separator: ", ")))"
    }
}

extension SQLDialect.Types {
    /// The element type of a batch column.
    enum Element: Sendable, Hashable {
        case integer
        case blob
    }
}
