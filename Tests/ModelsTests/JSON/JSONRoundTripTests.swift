// ModelsTests — JSON round trips
import TestSupport
import Testing

@testable import Models

/// Random JSON values from a ``SplitMix64``, so random tests repeat exactly.
struct JSONTestRandom: RandomNumberGenerator {
    private var base: SplitMix64

    init(seed: UInt64) { base = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { base.next() }

    /// A random string mixing ASCII, characters the writer escapes, and non-ASCII scalars.
    mutating func string(maximumLength: Int = 12) -> String {
        let pool: [Unicode.Scalar] = [
            "a", "Z", "0", " ", "\"", "\\", "/", "<", ">", "&", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}",
            "é", "ß", "中", "\u{2028}", "\u{2029}", "\u{2027}", "\u{FEFF}", "\u{FFFF}", "😀", "\u{10FFFF}",
        ]
        var text = ""
        for _ in 0..<Int.random(in: 0...maximumLength, using: &self) {
            if Bool.random(using: &self) {
                text.unicodeScalars.append(pool.randomElement(using: &self)!)
            } else {
                var value = UInt32.random(in: 0...0x10FFFF, using: &self)
                if (0xD800...0xDFFF).contains(value) { value = 0x41 }
                text.unicodeScalars.append(Unicode.Scalar(value)!)
            }
        }
        return text
    }

    /// A random finite real: integral, small, huge, tiny or any bit pattern.
    mutating func real() -> Double {
        switch Int.random(in: 0..<5, using: &self) {
        case 0: return Double(Int.random(in: -1_000_000...1_000_000, using: &self))
        case 1: return Double.random(in: -1...1, using: &self)
        case 2: return Double.random(in: -1e300...1e300, using: &self)
        case 3: return Double.random(in: -1e-300...1e-300, using: &self)
        default:
            let value = Double(bitPattern: next())
            return value.isFinite ? value : 0.5
        }
    }

    /// A random tree of the values JSON carries (no dates, no data), with unique keys.
    mutating func value(depth: Int) -> FieldValue {
        let kind = Int.random(in: 0..<(depth > 0 ? 8 : 6), using: &self)
        switch kind {
        case 0: return .string(string())
        case 1: return .int(Int64(bitPattern: next()) >> UInt64.random(in: 0...63, using: &self))
        case 2: return .real(real())
        case 3: return .bool(Bool.random(using: &self))
        case 4: return .null
        case 5: return .string("")
        case 6:
            return .array((0..<Int.random(in: 0...5, using: &self)).map { _ in value(depth: depth - 1) })
        default:
            var fields = Fields()
            for _ in 0..<Int.random(in: 0...5, using: &self) {
                let key = string(maximumLength: 6)
                if fields[key] == nil { fields.append(Field(key, value(depth: depth - 1))) }
            }
            return .dict(fields)
        }
    }
}

@Suite("JSON round trips")
struct JSONRoundTripTests {
    @Test("random trees written compact or pretty read back equal", arguments: [1, 2, 3, 4])
    func randomTreesRoundTrip(seed: UInt64) throws {
        var random = JSONTestRandom(seed: seed)
        for _ in 0..<300 {
            let value = random.value(depth: 5)
            let compact = JSONWriter.write(value)
            let pretty = JSONWriter.write(value, pretty: true)
            #expect(try JSONReader.read(compact) == value)
            #expect(try JSONReader.read(pretty) == value)
            #expect(JSONWriter.write(try JSONReader.read(compact)) == compact)
        }
    }

    @Test("integral reals read back as reals, integers as integers")
    func integralRealsStayReal() throws {
        let value: FieldValue = .array([.real(3), .int(3), .real(-0.0), .real(1e16), .real(Double(Int64.max))])
        let back = try JSONReader.read(JSONWriter.write(value))
        #expect(back == value)
        guard case .array(let items) = back else {
            Issue.record("not an array")
            return
        }
        #expect(items[0] == .real(3))
        #expect(items[1] == .int(3))
        #expect(items[2].doubleValue?.sign == .minus)
    }

    @Test("every finite double survives writing and reading bit for bit")
    func doublesRoundTripExactly() throws {
        var random = JSONTestRandom(seed: 7)
        var mismatches: [Double] = []
        for _ in 0..<20_000 {
            let value = random.real()
            let back = try JSONReader.read(JSONWriter.write(.real(value)))
            if back != .real(value) || back.doubleValue?.bitPattern != value.bitPattern { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test("strings of every BMP scalar and some astral ones round trip")
    func allScalarsRoundTrip() throws {
        var text = ""
        for value in UInt32(0)...0xFFFF where !(0xD800...0xDFFF).contains(value) {
            text.unicodeScalars.append(Unicode.Scalar(value)!)
        }
        text += "😀𝄞\u{10FFFF}"
        let written = JSONWriter.write(.string(text))
        #expect(try JSONReader.read(written) == .string(text))
    }

    @Test("numbers too large for Int64 become reals that round trip")
    func bigIntegersRoundTrip() throws {
        let value = try JSONReader.read("[12345678901234567890, -98765432109876543210]")
        #expect(value == .array([.real(Double("12345678901234567890")!), .real(Double("-98765432109876543210")!)]))
        #expect(try JSONReader.read(JSONWriter.write(value)) == value)
    }

    @Test("a document with duplicate keys round trips to its merged form")
    func duplicateKeysRoundTrip() throws {
        let value = try JSONReader.read(#"{"a":1,"b":2,"a":3}"#)
        let text = String(decoding: JSONWriter.write(value), as: UTF8.self)
        #expect(text == #"{"a":3,"b":2}"#)
        #expect(try JSONReader.read(text) == value)
    }
}
