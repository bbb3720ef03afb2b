// Models — whether the value is `.null`, which property lists cannot hold
import Foundation

extension FieldValue {
    /// Whether the value is `.null`, which property lists cannot hold.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value the property-list writers actually encode: `.null` entries of dictionaries are dropped and
    /// `.null` elsewhere becomes an empty string.
    ///
    /// Reading a written plist gives back exactly this value (see ``isIdentical(to:)``).
    /// - Complexity: O(size of the value).
    var propertyListWritable: FieldValue {
        switch self {
        case .null: return .string("")
        case .array(let items): return .array(items.map(\.propertyListWritable))
        case .dict(let fields):
            let kept = fields.filter { !$0.value.isNull }
            return .dict(Fields(kept.map { Field($0.key, $0.value.propertyListWritable) }))
        default: return self
        }
    }

    /// Strict equality for round-trip checks: the same cases, strings with the same Unicode scalars (not
    /// merely canonically equivalent), keys in the same order, reals and dates with the same value where every
    /// NaN equals every NaN and `0.0` differs from `-0.0`.
    /// - Complexity: O(size of the values).
    func isIdentical(to other: FieldValue) -> Bool {
        switch (self, other) {
        case (.string(let left), .string(let right)):
            return PropertyListKey.same(left, right)
        case (.int(let left), .int(let right)):
            return left == right
        case (.real(let left), .real(let right)):
            return Self.sameDouble(left, right)
        case (.bool(let left), .bool(let right)):
            return left == right
        case (.date(let left), .date(let right)):
            return Self.sameDouble(left.timeIntervalSinceReferenceDate, right.timeIntervalSinceReferenceDate)
        case (.data(let left), .data(let right)):
            return left == right
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.isIdentical(to: $1) }
        case (.dict(let left), .dict(let right)):
            return left.count == right.count
                && zip(left, right).allSatisfy { leftField, rightField in
                    PropertyListKey.same(leftField.key, rightField.key)
                        && leftField.value.isIdentical(to: rightField.value)
                }
        case (.null, .null):
            return true
        default:
            return false
        }
    }

    private static func sameDouble(_ left: Double, _ right: Double) -> Bool {
        (left.isNaN && right.isNaN) || left.bitPattern == right.bitPattern
    }
}
