// ModelsTests — property-list round trips
import Foundation
import TestSupport
import Testing

@testable import Models

// MARK: Helpers shared by the property-list suites

/// Expects two values to be identical in the strict sense of `FieldValue.isIdentical(to:)`, reporting the
/// path of the first difference.
func expectIdentical(
    _ actual: FieldValue?, _ expected: FieldValue, _ comment: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let actual else {
        Issue.record("no value; expected \(expected)", sourceLocation: sourceLocation)
        return
    }
    let difference = firstDifference(actual, expected)
    #expect(
        difference == nil, "\(comment.map { "\($0): " } ?? "")\(difference ?? "")", sourceLocation: sourceLocation)
}

/// Where two values first differ (`$.list[3].name: got …, expected …`), or nil when they are identical.
func firstDifference(_ actual: FieldValue, _ expected: FieldValue, path: String = "$") -> String? {
    switch (actual, expected) {
    case (.array(let left), .array(let right)):
        for (index, (item, other)) in zip(left, right).enumerated() {
            if let found = firstDifference(item, other, path: "\(path)[\(index)]") { return found }
        }
        return left.count == right.count ? nil : "\(path): \(left.count) items, expected \(right.count)"
    case (.dict(let left), .dict(let right)):
        for (field, other) in zip(left, right) {
            guard PropertyListKey.same(field.key, other.key) else {
                return "\(path): key \(field.key.debugDescription), expected \(other.key.debugDescription)"
            }
            if let found = firstDifference(field.value, other.value, path: "\(path).\(field.key)") { return found }
        }
        return left.count == right.count ? nil : "\(path): \(left.keys), expected keys \(right.keys)"
    default:
        return actual.isIdentical(to: expected) ? nil : "\(path): got \(actual), expected \(expected)"
    }
}

/// The error `body` throws, or nil (recording an issue) when it returns a value or throws something else.
func syntaxError(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> FieldValue
) -> DocumentSyntaxError? {
    do {
        let value = try body()
        Issue.record("expected an error, read \(value)", sourceLocation: sourceLocation)
    } catch let error as DocumentSyntaxError {
        return error
    } catch {
        Issue.record("unexpected error type \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Random `FieldValue` trees with awkward content and no `.null`.
struct RandomPropertyList {
    var generator: SplitMix64
    /// Whether strings may hold C0 control characters (strict XML readers refuse them).
    var controlCharacters = true

    static let pieces: [String] = [
        "", "a", "plain text", "<&>", "\"'", "]]>", "é", "e\u{301}", "😀", "👩‍👩‍👧", "中文字符", "\t", "\n", " ",
        "&amp;", "<key>", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "\u{FEFF}", "\u{7F}", "Ω≈ç√",
    ]
    static let controls: [String] = ["\r", "\r\n", "\u{0}", "\u{1}", "\u{1F}", "\u{B}"]

    init(seed: UInt64, controlCharacters: Bool = true) {
        generator = SplitMix64(seed: seed)
        self.controlCharacters = controlCharacters
    }

    mutating func string() -> String {
        let count = Int.random(in: 0...4, using: &generator)
        var text = ""
        for _ in 0..<count {
            if controlCharacters, Int.random(in: 0..<6, using: &generator) == 0 {
                text += Self.controls.randomElement(using: &generator)!
            } else {
                text += Self.pieces.randomElement(using: &generator)!
            }
        }
        return text
    }

    mutating func integer() -> Int64 {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0:
            [Int64.min, Int64.max, 0, -1, 255, 256, 65_535, 65_536, 4_294_967_295, 4_294_967_296]
                .randomElement(using: &generator)!
        case 1: Int64.random(in: Int64.min...Int64.max, using: &generator)
        case 2: Int64.random(in: -300...300, using: &generator)
        default: Int64.random(in: 0...100_000, using: &generator)
        }
    }

    mutating func real() -> Double {
        switch Int.random(in: 0..<5, using: &generator) {
        case 0:
            [
                0.0, -0.0, .nan, .infinity, -.infinity, 1.0, 0.1, 1e16, 1e-5, .leastNonzeroMagnitude,
                .greatestFiniteMagnitude, 1e15,
            ]
            .randomElement(using: &generator)!
        case 1:
            Double(
                bitPattern: generator.next() & ~(0x7FF << 52) | (UInt64.random(in: 1...2046, using: &generator) << 52))
        default: Double.random(in: -1e6...1e6, using: &generator)
        }
    }

    /// Whole seconds in years 1900–2100, as every format keeps them exactly.
    mutating func date() -> Date {
        Date(timeIntervalSince1970: Double(Int64.random(in: -2_208_988_800...4_102_444_800, using: &generator)))
    }

    mutating func value(depth: Int = 0) -> FieldValue {
        let choice = Int.random(in: 0..<(depth >= 4 ? 7 : 10), using: &generator)
        switch choice {
        case 0: return .string(string())
        case 1: return .int(integer())
        case 2: return .real(real())
        case 3: return .bool(Bool.random(using: &generator))
        case 4: return .date(date())
        case 5:
            return .data(
                (0..<Int.random(in: 0...80, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator)
                })
        case 6: return .string(string())
        case 7: return .array((0..<Int.random(in: 0...6, using: &generator)).map { _ in value(depth: depth + 1) })
        default:
            var fields = Fields()
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                let key = string()
                if fields.contains(where: { PropertyListKey.same($0.key, key) }) { continue }
                fields.append(Field(key, value(depth: depth + 1)))
            }
            return .dict(fields)
        }
    }
}

/// One property-list format: its writer and its reader.
struct PropertyListCodec: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var write: @Sendable (FieldValue) -> [UInt8]
    var read: @Sendable ([UInt8]) throws -> FieldValue

    static let xml = PropertyListCodec(
        testDescription: "XML", write: { XMLPropertyListWriter.write($0) },
        read: { try XMLPropertyListReader.read($0) })
    static let binary = PropertyListCodec(
        testDescription: "binary", write: { BinaryPropertyListWriter.write($0) },
        read: { try BinaryPropertyListReader.read($0) })
}

// MARK: Round trips

@Suite("Property-list round trips") struct PropertyListRoundTripTests {
    @Test(
        "a format's writer then its reader give back every seeded random tree exactly",
        arguments: [PropertyListCodec.xml, .binary])
    func roundTrips(_ codec: PropertyListCodec) throws {
        for seed in 0..<300 as Range<UInt64> {
            var random = RandomPropertyList(seed: seed)
            let value = random.value()
            let bytes = codec.write(value)
            expectIdentical(try codec.read(bytes), value, "seed \(seed)")
        }
    }

    @Test("a value with nulls reads back as its writable projection from both writers")
    func nullsReadBackAsTheirProjection() throws {
        let value: FieldValue = .dict([
            "gone": .null, "kept": .array([.null, .int(1), .dict(["inner": .null, "x": .bool(true)])]),
        ])
        let expected: FieldValue = .dict([
            "kept": .array([.string(""), .int(1), .dict(["x": .bool(true)])])
        ])
        expectIdentical(value.propertyListWritable, expected)
        expectIdentical(try XMLPropertyListReader.read(XMLPropertyListWriter.write(value)), expected)
        expectIdentical(try BinaryPropertyListReader.read(BinaryPropertyListWriter.write(value)), expected)
        expectIdentical(try XMLPropertyListReader.read(XMLPropertyListWriter.write(.null)), .string(""))
        expectIdentical(try BinaryPropertyListReader.read(BinaryPropertyListWriter.write(.null)), .string(""))
    }

    @Test("converting XML to binary and back keeps every seeded random tree")
    func crossFormatConversions() throws {
        for seed in 1_000..<1_100 as Range<UInt64> {
            var random = RandomPropertyList(seed: seed)
            let value = random.value()
            let viaXML = try XMLPropertyListReader.read(XMLPropertyListWriter.write(value))
            let viaBoth = try BinaryPropertyListReader.read(BinaryPropertyListWriter.write(viaXML))
            expectIdentical(try XMLPropertyListReader.read(XMLPropertyListWriter.write(viaBoth)), value, "seed \(seed)")
        }
    }

    @Test("identity tells apart what FieldValue's == merges: -0.0, canonically equal strings, NaNs are equal")
    func identityIsStrict() {
        #expect(FieldValue.real(0.0) == .real(-0.0))
        #expect(!FieldValue.real(0.0).isIdentical(to: .real(-0.0)))
        #expect(FieldValue.string("é") == .string("e\u{301}"))
        #expect(!FieldValue.string("é").isIdentical(to: .string("e\u{301}")))
        #expect(FieldValue.real(.nan).isIdentical(to: .real(-.nan)))
        #expect(!FieldValue.dict(["a": .int(1), "b": .int(2)]).isIdentical(to: .dict(["b": .int(2), "a": .int(1)])))
        #expect(!FieldValue.int(1).isIdentical(to: .real(1)))
    }
}
