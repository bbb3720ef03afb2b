// ModelsTests — PackedFields
import Foundation
import TestSupport
import Testing

@testable import Models

@Suite("PackedFields")
struct PackedFieldsTests {
    @Test("a small row encodes to the documented bytes")
    func documentedLayout() {
        let fields: Fields = ["a": .int(-1), "b": .string("é"), "c": .array([.bool(true), .null])]
        let expected: [UInt8] = [
            1,  // format
            3,  // three fields
            1, 0x61, 3, 1,  // "a": int, zigzag(-1) = 1
            1, 0x62, 6, 2, 0xC3, 0xA9,  // "b": string of 2 UTF-8 bytes
            1, 0x63, 8, 2, 2, 0,  // "c": array of true, null
        ]
        #expect(PackedFields.encode(fields) == expected)
    }

    @Test("every kind of value survives a round trip, edge values included")
    func edgeValues() throws {
        let fields: Fields = [
            "": .string(""),
            "min": .int(.min), "max": .int(.max), "zero": .int(0), "minus": .int(-300),
            "negativeZero": .real(-0.0), "infinity": .real(-.infinity), "tiny": .real(.leastNonzeroMagnitude),
            "pi": .real(.pi),
            "date": .date(Date(timeIntervalSince1970: 1_234_567_890.123_456_7)),
            "ancient": .date(Date(timeIntervalSinceReferenceDate: -1e12)),
            "data": .data([0, 255, 1, 128]), "emptyData": .data([]),
            "text": .string("héllo 🌍 中文 \u{0} end"),
            "nested": .dict(["x": .array([.array([]), .dict([:]), .null, .bool(false)])]),
        ]
        let decoded = try PackedFields.decode(PackedFields.encode(fields))
        #expect(decoded == fields)
        #expect(decoded.keys == fields.keys)
        #expect(decoded["negativeZero"]?.doubleValue?.sign == .minus)
    }

    @Test("a NaN keeps its exact bit pattern")
    func nanBits() throws {
        let nan = Double(nan: 0x1234, signaling: false)
        let decoded = try PackedFields.decode(PackedFields.encode(["n": .real(nan)]))
        guard case .real(let value)? = decoded["n"] else {
            Issue.record("expected a real, got \(String(describing: decoded["n"]))")
            return
        }
        #expect(value.bitPattern == nan.bitPattern)
    }

    @Test("seeded random trees round trip with their key order and duplicate keys")
    func randomRoundTrips() throws {
        var random = PackedRandom(seed: 0x5EED)
        for _ in 0..<500 {
            let fields = random.fields(depth: 0)
            let bytes = PackedFields.encode(fields)
            let decoded = try PackedFields.decode(bytes)
            #expect(decoded == fields)
            let viaPointer = try bytes.withUnsafeBytes { buffer in try PackedFields.decode(buffer) }
            #expect(viaPointer == fields)
        }
    }

    @Test("encoding into a shared buffer appends and leaves earlier bytes alone")
    func encodeIntoAppends() throws {
        let first: Fields = ["name": .string("Ada")]
        let second: Fields = ["n": .int(42)]
        var buffer: [UInt8] = [0xAA]
        PackedFields.encode(first, into: &buffer)
        let split = buffer.count
        PackedFields.encode(second, into: &buffer)
        #expect(buffer[0] == 0xAA)
        #expect(try PackedFields.decode(Array(buffer[1..<split])) == first)
        #expect(try PackedFields.decode(Array(buffer[split...])) == second)
    }

    @Test("every strict prefix of an encoding throws")
    func everyTruncationThrows() {
        var random = PackedRandom(seed: 77)
        for _ in 0..<60 {
            let bytes = PackedFields.encode(random.fields(depth: 0))
            for length in 0..<bytes.count {
                #expect(throws: PackedFields.DecodingError.self) {
                    try PackedFields.decode(Array(bytes[0..<length]))
                }
            }
        }
    }

    @Test("a trailing byte, an unknown format or an unknown tag throws")
    func malformedThrows() {
        let bytes = PackedFields.encode(["a": .null])
        #expect(throws: PackedFields.DecodingError.self) { try PackedFields.decode(bytes + [0]) }
        #expect(throws: PackedFields.DecodingError.self) { try PackedFields.decode([2, 0]) }
        #expect(throws: PackedFields.DecodingError.self) { try PackedFields.decode([1, 1, 1, 0x61, 10]) }
    }

    @Test("invalid UTF-8, an overlong varint and a count past the end throw")
    func corruptLengthsThrow() {
        let invalidUTF8: [UInt8] = [1, 1, 1, 0x61, 6, 2, 0xC3, 0x28]
        let overlong: [UInt8] = [1, 1, 1, 0x61, 3] + [UInt8](repeating: 0xFF, count: 10) + [0x01]
        let hugeCount: [UInt8] = [1, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]
        let hugeString: [UInt8] = [1, 1, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]
        for bytes in [invalidUTF8, overlong, hugeCount, hugeString] {
            #expect(throws: PackedFields.DecodingError.self) { try PackedFields.decode(bytes) }
        }
    }

    @Test("nesting is accepted up to the maximum depth and refused beyond it")
    func depthLimit() throws {
        func nested(_ levels: Int) -> Fields {
            var value = FieldValue.null
            for level in 0..<levels { value = level.isMultiple(of: 2) ? .array([value]) : .dict(["k": value]) }
            return ["root": value]
        }
        let deepest = nested(PackedFields.maximumDepth)
        #expect(try PackedFields.decode(PackedFields.encode(deepest)) == deepest)
        #expect(throws: PackedFields.DecodingError.self) {
            try PackedFields.decode(PackedFields.encode(nested(PackedFields.maximumDepth + 1)))
        }
    }

    @Test("random byte damage never traps: it throws or decodes to some fields")
    func randomDamageNeverTraps() {
        var random = PackedRandom(seed: 1234)
        var thrown = 0
        for _ in 0..<2000 {
            var bytes = PackedFields.encode(random.fields(depth: 0))
            for _ in 0..<(1 + random.below(3)) {
                bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
            }
            do { _ = try PackedFields.decode(bytes) } catch { thrown += 1 }
        }
        #expect(thrown > 0)
    }
}

/// Random packed fields from a ``SplitMix64``, so random tests repeat exactly.
private struct PackedRandom: RandomNumberGenerator {
    private var base: SplitMix64
    init(seed: UInt64) { base = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { base.next() }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func text() -> String {
        let pieces = ["", "a", "name", "Zoë", "🌍", "中文", "\u{0}", " ", "long text with several words", "é"]
        return (0..<below(4)).map { _ in pieces[below(pieces.count)] }.joined()
    }

    mutating func fields(depth: Int) -> Fields {
        var fields = Fields()
        for _ in 0..<below(depth == 0 ? 8 : 4) {
            let key = below(5) == 0 ? "dup" : text()
            fields.append(Field(key, value(depth: depth)))
        }
        return fields
    }

    mutating func value(depth: Int) -> FieldValue {
        let choice = below(depth >= 3 ? 8 : 10)
        switch choice {
        case 0: return .null
        case 1: return .bool(below(2) == 0)
        case 2: return .int(Int64(bitPattern: next()) >> Int64(below(64)))
        case 3: return .real(Double(bitPattern: next() & 0x7FEF_FFFF_FFFF_FFFF) * (below(2) == 0 ? 1 : -1))
        case 4: return .date(Date(timeIntervalSince1970: Double(Int64(bitPattern: next()) >> 30) / 1000))
        case 5: return .string(text())
        case 6: return .data((0..<below(6)).map { _ in UInt8(truncatingIfNeeded: next()) })
        case 7: return .int(Int64(below(300)) - 150)
        case 8: return .array((0..<below(4)).map { _ in value(depth: depth + 1) })
        default: return .dict(fields(depth: depth + 1))
        }
    }
}
