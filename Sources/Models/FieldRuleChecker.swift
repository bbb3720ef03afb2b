// Models — rules made ready to check many dictionaries in one pass over each one's packed bytes
import Bytes
import Foundation

/// Rules made ready to check many dictionaries (a kind's rows), each in one pass over its packed
/// bytes: the pass finds the value of every rule's key and whether any value holds a date, then the
/// rules are checked in their order as ``Swift/Array/check(_:)`` says.
struct FieldRuleChecker {
    let rules: [FieldRule]
    /// The rules' keys' UTF-8 bytes, one after another; rule `i`'s run from `keyEnds[i - 1]`.
    private let keyBytes: [UInt8]
    private let keyEnds: [Int]

    init(_ rules: [FieldRule]) {
        self.rules = rules
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for rule in rules {
            bytes.append(contentsOf: rule.key.utf8)
            ends.append(bytes.count)
        }
        keyBytes = bytes
        keyEnds = ends
    }

    /// Checks `fields` as ``Swift/Array/check(_:)`` does.
    /// - Throws: the first ``FieldViolation``.
    /// - Complexity: O(bytes of the fields × rules) to match keys, O(1) a rule after that for most values.
    func check(_ fields: Fields) throws(FieldViolation) {
        let ruleCount = rules.count
        let outcome: FieldViolation? = withUnsafeTemporaryAllocation(of: Int.self, capacity: Swift.max(ruleCount, 1)) {
            valueTags in
            valueTags.initialize(repeating: -1)
            let hasDate = locateValues(in: fields, into: valueTags)
            return withExtendedLifetime(fields) { violation(in: fields, valueTags: valueTags, hasDate: hasDate) }
        }
        if let outcome { throw outcome }
    }

    /// Finds the value (its tag's offset) of each rule's key, the first pair with that key, and says
    /// whether any value is or holds a date.
    private func locateValues(in fields: Fields, into valueTags: UnsafeMutableBufferPointer<Int>) -> Bool {
        withExtendedLifetime(fields) {
            keyBytes.withUnsafeBytes { ruleKeys in
                var (cursor, count) = fields.firstPair()
                var hasDate = false
                for _ in 0..<count {
                    let key = cursor.run()
                    var start = 0
                    for index in 0..<rules.count {
                        let end = keyEnds[index]
                        defer { start = end }
                        guard valueTags[index] < 0, end - start == key.count else { continue }
                        if ByteComparison.same(ruleKeys, at: start, key) {
                            valueTags[index] = cursor.offset
                            break
                        }
                    }
                    let tag = cursor.byte()
                    if hasDate {
                        cursor.skipPayload(tag: tag)
                    } else {
                        hasDate = cursor.valueContainsDate(tag: tag)
                    }
                }
                return hasDate
            }
        }
    }

    /// The first violation, given where each rule's value is.
    private func violation(
        in fields: Fields, valueTags: UnsafeMutableBufferPointer<Int>, hasDate: Bool
    ) -> FieldViolation? {
        for (index, rule) in rules.enumerated() {
            guard valueTags[index] >= 0 else {
                if rule.isRequired {
                    return FieldViolation(keyPath: rule.key, message: "missing required key \"\(rule.key)\"")
                }
                continue
            }
            var cursor = PackedCursor(fields.storage, offset: valueTags[index])
            let tag = cursor.byte()
            // Most values are told by their tag; the others are read out.
            if rule.type.fits(tag: tag, payload: cursor) == true { continue }
            let value = cursor.value(tag: tag, storage: fields.storage)
            if let (suffix, message) = rule.type.violation(of: value) {
                return FieldViolation(keyPath: rule.key + suffix, message: message)
            }
        }
        guard hasDate else { return nil }
        for field in fields {
            if let (suffix, message) = field.value.dateViolation() {
                return FieldViolation(keyPath: field.key + suffix, message: message)
            }
        }
        return nil
    }
}
