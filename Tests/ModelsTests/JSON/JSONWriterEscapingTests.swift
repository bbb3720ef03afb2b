// ModelsTests — JSONWriter escaping scan
import Models
import Testing

@Suite("JSONWriter escaping scan")
struct JSONWriterEscapingTests {
    /// The bytes the scan looks for.
    static func isSpecial(_ byte: UInt8) -> Bool {
        byte < 0x20 || [0x22, 0x5C, 0x3C, 0x3E, 0x26, 0xE2].contains(byte)
    }

    /// The scan done one byte at a time.
    static func naiveFirstSpecial(_ bytes: [UInt8], from start: Int) -> Int {
        bytes[start...].firstIndex(where: isSpecial) ?? bytes.count
    }

    @Test("every byte value at every position of strings up to 20 bytes is found where a linear scan finds it")
    func everyByteEveryPosition() {
        for length in 1...20 {
            for position in 0..<length {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = UInt8(value)
                    for start in [0, position, Swift.min(position + 1, length)] {
                        let found = bytes.withUnsafeBufferPointer { JSONWriter.firstSpecial(in: $0, from: start) }
                        #expect(found == Self.naiveFirstSpecial(bytes, from: start), "\(bytes) from \(start)")
                    }
                }
            }
        }
    }

    @Test("seeded random strings with several special bytes agree with a linear scan from every start")
    func randomStrings() {
        var random = JSONTestRandom(seed: 2029)
        let alphabet: [UInt8] = [
            0x00, 0x1F, 0x20, 0x21, 0x22, 0x26, 0x3C, 0x3E, 0x5C, 0x61, 0x7F, 0x80, 0xA8, 0xE1, 0xE2, 0xE3,
        ]
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...40, using: &random)
            let bytes = (0..<length).map { _ in
                Bool.random(using: &random)
                    ? UInt8(ascii: "x") : alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
            }
            for start in 0...length {
                let found = bytes.withUnsafeBufferPointer { JSONWriter.firstSpecial(in: $0, from: start) }
                #expect(found == Self.naiveFirstSpecial(bytes, from: start), "\(bytes) from \(start)")
            }
        }
    }

    @Test("needsEscape says whether any byte is special, for every byte value at every position up to 20 bytes and around 32")
    func needsEscapeEveryByteEveryPosition() {
        // The short gatherings, one block of 16 and two overlapping, then two, two overlapping and three.
        for length in Array(1...20) + [31, 32, 33] {
            for position in 0..<length {
                for value in 0...255 {
                    // The rest of the string is a byte that is not special, then one that is next to it.
                    for filler: UInt8 in [UInt8(ascii: "a"), 0xE3, 0x21, 0x3D, 0x3F] {
                        var bytes = [UInt8](repeating: filler, count: length)
                        bytes[position] = UInt8(value)
                        let needs = bytes.withUnsafeBufferPointer { JSONWriter.needsEscape($0) }
                        #expect(needs == bytes.contains(where: Self.isSpecial), "\(bytes)")
                    }
                }
            }
        }
    }

    @Test("needsEscape agrees with a linear scan on seeded random strings")
    func needsEscapeRandomStrings() {
        var random = JSONTestRandom(seed: 2031)
        let alphabet: [UInt8] = [0x00, 0x1F, 0x20, 0x22, 0x26, 0x3C, 0x3E, 0x5C, 0x61, 0x7F, 0x80, 0xE2, 0xE3, 0xFF]
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...40, using: &random)
            let bytes = (0..<length).map { _ in
                Int.random(in: 0..<8, using: &random) > 0
                    ? UInt8(ascii: "x") : alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
            }
            let needs = bytes.withUnsafeBufferPointer { JSONWriter.needsEscape($0) }
            #expect(needs == bytes.contains(where: Self.isSpecial), "\(bytes)")
        }
    }

    @Test("an empty string has no special byte")
    func empty() {
        let found = [UInt8]().withUnsafeBufferPointer { JSONWriter.firstSpecial(in: $0, from: 0) }
        #expect(found == 0)
        #expect([UInt8]().withUnsafeBufferPointer { JSONWriter.needsEscape($0) } == false)
    }
}
