// Models — one value of a dataset field, as read from a plist or JSON file
import Foundation

/// One value of a dataset field, as read from a plist or JSON file.
///
/// Every type that plist and JSON can carry is kept as it is, so an export writes back
/// exactly what was imported: booleans stay booleans, integers stay integers, nested
/// arrays and dictionaries keep their order.
public enum FieldValue: Sendable, Hashable {
    case string(String)
    case int(Int64)
    case real(Double)
    case bool(Bool)
    /// A plist `<date>`; seconds since 1970.
    case date(Date)
    /// A plist `<data>` blob.
    case data([UInt8])
    case array([FieldValue])
    case dict(Fields)
    /// JSON `null` (plist has no null).
    case null

    /// A short rendering of the value for error messages (`"yes"`, `42`, `[…]`).
    public var errorPreview: String {
        switch self {
        case .string(let text):
            let clipped = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "\"\(clipped)\""
        case .int(let value): return String(value)
        case .real(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .date(let value): return "date \(value.timeIntervalSince1970)"
        case .data(let bytes): return "\(bytes.count) bytes of data"
        case .array(let items): return "an array of \(items.count)"
        case .dict: return "a dictionary"
        case .null: return "null"
        }
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The value as a number when it is an integer or a real.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }

    public var arrayValue: [FieldValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var dictValue: Fields? {
        if case .dict(let fields) = self { return fields }
        return nil
    }
}
