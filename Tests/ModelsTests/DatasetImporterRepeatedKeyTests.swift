// ModelsTests — dictionaries that repeat keys, through every reader, the decoder and the field rules
import Foundation
import Testing

@testable import Models

/// Random rows whose keys repeat, with values of every type, and what a reader must make of them.
struct RepeatedKeyRows {
    var random: RandomPropertyList
    /// Whether values stay within what JSON holds (no dates, no data, finite numbers).
    let jsonOnly: Bool
    /// Whether some dates lie outside years 1–9999 (which only a binary plist writes as they are).
    let farDates: Bool

    /// Few keys, so that most rows repeat some: the kinds' rule keys, canonically equal spellings of
    /// "é" (two keys, compared by their bytes), a DEL byte and the empty key.
    static let keys = ["name", "vip", "icon", "tags", "send_time", "read", "b", "d\u{7F}", "", "é", "e\u{301}"]

    init(seed: UInt64, format: DocumentFormat) {
        random = RandomPropertyList(seed: seed, controlCharacters: false)
        jsonOnly = format == .json
        farDates = format == .binaryPlist
    }

    /// A value of any type the format holds; dates now and then outside years 1–9999.
    mutating func value(depth: Int = 1) -> FieldValue {
        if farDates, Int.random(in: 0..<12, using: &random.generator) == 0 {
            let seconds: Double = [-62_198_755_200, 253_402_300_800, -1e15, 1e15].randomElement(
                using: &random.generator)!
            return .date(Date(timeIntervalSince1970: seconds))
        }
        let value = random.value(depth: depth)
        return jsonOnly ? value.jsonProjection : value
    }

    /// A dictionary of 0…9 pairs whose keys repeat, in the order a file would write them.
    mutating func pairs() -> [Field] {
        (0..<Int.random(in: 0...9, using: &random.generator)).map { _ in
            Field(Self.keys.randomElement(using: &random.generator)!, value())
        }
    }

    /// `pairs` as every reader should give them: each key once, at its first position, with its last
    /// value (as `plistlib` and `JSONSerialization` do); keys compared by their bytes.
    static func merged(_ pairs: [Field]) -> Fields {
        var result: [Field] = []
        for pair in pairs {
            if let index = result.firstIndex(where: { PropertyListKey.same($0.key, pair.key) }) {
                result[index].value = pair.value
            } else {
                result.append(pair)
            }
        }
        return Fields(result)
    }

    /// A dictionary that keeps every pair, repeated keys included, for a writer to write as it is.
    static func unmerged(_ pairs: [Field]) -> Fields {
        var fields = Fields()
        for pair in pairs { fields.append(pair) }
        return fields
    }
}

extension FieldValue {
    /// The closest value JSON holds: dates and data become strings, non-finite reals zero.
    fileprivate var jsonProjection: FieldValue {
        switch self {
        case .date, .data: .string("x")
        case .real(let number) where !number.isFinite: .real(0)
        case .array(let items): .array(items.map(\.jsonProjection))
        case .dict(let fields): .dict(Fields(fields.map { Field($0.key, $0.value.jsonProjection) }))
        default: self
        }
    }
}

/// The field rules as the slow path reads them: each rule's key looked up in the decoded fields, then
/// every date under any key. The packed checker must agree with it.
private func naiveViolation(of rules: [FieldRule], in fields: Fields) -> FieldViolation? {
    for rule in rules {
        guard let field = fields.first(where: { PropertyListKey.same($0.key, rule.key) }) else {
            if rule.isRequired {
                return FieldViolation(keyPath: rule.key, message: "missing required key \"\(rule.key)\"")
            }
            continue
        }
        if let (suffix, message) = rule.type.violation(of: field.value) {
            return FieldViolation(keyPath: rule.key + suffix, message: message)
        }
    }
    for field in fields {
        if let (suffix, message) = field.value.dateViolation() {
            return FieldViolation(keyPath: field.key + suffix, message: message)
        }
    }
    return nil
}

@Suite("Imports of dictionaries that repeat keys") struct DatasetImporterRepeatedKeyTests {
    static let formats: [DocumentFormat] = [.json, .plist, .binaryPlist]

    @Test("the fuzzer's file, a repeated key turned from a boolean into a far date, is refused by its key path")
    func fuzzerFileIsRefusedByItsKeyPath() throws {
        let bytes = Array(
            ("<plist><array><dict><key>b</key><true/><key>d\u{7F}</key><integer>1</integer><key></key>"
                + "<integer>1</integer><key>b</key><date>24800Z</date></dict></array></plist>").utf8)
        #expect(bytes.count == 157)
        let decoder = DatasetDecoder(file: "repro.plist", id: "repro")
        do {
            let dataset = try DatasetImporter.importDataset(bytes, using: decoder)
            Issue.record("imported \(dataset.sections.flatMap(\.rows).map(\.fields))")
        } catch {
            #expect(error.path == "[0].b", "\(error)")
        }
    }

    @Test("a date before other keys leaves the checker at the next key, so their rules still hold")
    func dateBeforeOtherKeysKeepsTheirRules() throws {
        let row: Fields = ["when": .date(Date(timeIntervalSince1970: 0)), "name": .string("a"), "vip": .string("often")]
        #expect(throws: FieldViolation(keyPath: "vip", message: "expected a boolean (true or false, YES or NO, 1 or 0, or a number), found \"often\"")) {
            try DatasetKind.friends.rowRules.check(row)
        }
        let nested: Fields = [
            "list": .array([.date(Date(timeIntervalSince1970: 0)), .int(1)]),
            "inner": .dict(["at": .date(Date(timeIntervalSince1970: 0)), "n": .int(2)]), "name": .int(3),
            "vip": .bool(true),
        ]
        try DatasetKind.friends.rowRules.check(nested)
    }

    @Test("every format gives each repeated key its first position and last value", arguments: formats)
    func importsKeepFirstPositionAndLastValue(_ format: DocumentFormat) throws {
        var groupShaped = 0
        for seed in 0..<400 as Range<UInt64> {
            var rows = RepeatedKeyRows(seed: seed, format: format)
            let written = (0..<Int.random(in: 1...3, using: &rows.random.generator)).map { _ in rows.pairs() }
            let document = FieldValue.array(written.map { .dict(RepeatedKeyRows.unmerged($0)) })
            let bytes = format.write(document)
            let expected = written.map(RepeatedKeyRows.merged)
            expectIdentical(try format.read(bytes), .array(expected.map { .dict($0) }), "seed \(seed)")
            // Rows that each hold one list beside a title read as groups of that list's rows, which the real
            // shapes' tests cover; here the subject is rows.
            if DatasetKind.groupRowsKey(in: expected.map { .dict($0) }) != nil {
                groupShaped += 1
                continue
            }

            let decoder = DatasetDecoder(file: "rows", id: "rows", kind: .generic)
            let oracle = expected.enumerated().lazy.compactMap { index, fields in
                naiveViolation(of: [], in: fields).map { (index, $0) }
            }.first
            do {
                let dataset = try DatasetImporter.importDataset(bytes, using: decoder)
                #expect(oracle == nil, "seed \(seed): imported, though \(String(describing: oracle)) is wrong")
                let rows = dataset.sections.flatMap(\.rows).map { FieldValue.dict($0.fields) }
                expectIdentical(.array(rows), .array(expected.map { .dict($0) }), "seed \(seed)")
            } catch {
                let (index, violation) = try #require(oracle, "seed \(seed): refused \(error)")
                #expect(error.path == "[\(index)].\(violation.keyPath)", "seed \(seed)")
                #expect(error.message == violation.message, "seed \(seed)")
            }
        }
        #expect(groupShaped < 40, "\(groupShaped) of 400 seeds made groups, not rows")
    }

    @Test("the packed rule checker agrees with a lookup of each key, for every kind's rules")
    func packedCheckerAgreesWithLookups() {
        let kinds: [DatasetKind] = [.friends, .heroes, .apps, .messages, .table]
        for seed in 0..<2_000 as Range<UInt64> {
            var rows = RepeatedKeyRows(seed: seed, format: .binaryPlist)
            let fields = RepeatedKeyRows.merged(rows.pairs())
            for kind in kinds {
                let expected = naiveViolation(of: kind.rowRules, in: fields)
                var actual: FieldViolation?
                do { try kind.rowRules.check(fields) } catch { actual = error }
                #expect(actual == expected, "seed \(seed), \(kind)")
            }
        }
    }
}
