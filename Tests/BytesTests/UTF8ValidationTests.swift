// BytesTests — UTF8Validation
import Bytes
import Testing

@Suite("UTF8Validation")
struct UTF8ValidationTests {
    @Test("validation agrees with the standard library on seeded random byte strings")
    func agreesWithStandardLibrary() {
        var state: UInt64 = 0xC0FFEE
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        // Bytes drawn mostly from the interesting ranges: ASCII, continuation bytes and leads.
        let alphabet: [UInt8] = [
            0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
            0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        for _ in 0..<50_000 {
            let length = Int(next() % 12)
            let bytes = (0..<length).map { _ in
                next() % 3 == 0 ? UInt8(truncatingIfNeeded: next()) : alphabet[Int(next()) % alphabet.count]
            }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            let actual = bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
            #expect(actual == expected, "bytes \(bytes)")
        }
    }

    @Test("long ASCII runs with one bad byte anywhere are refused")
    func badByteInLongRun() {
        for position in 0..<40 {
            var bytes = [UInt8](repeating: 0x61, count: 40)
            bytes[position] = 0xFF
            #expect(!bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) })
        }
        let valid = Array("a longer text with 中文 and 🌍 inside it, past eight bytes".utf8)
        #expect(valid.withUnsafeBufferPointer { UTF8Validation.isValid($0) })
    }
}
