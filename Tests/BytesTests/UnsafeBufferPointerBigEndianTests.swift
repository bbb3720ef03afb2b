// BytesTests — UnsafeBufferPointer+BigEndian
import Bytes
import SeededRandom
import Testing

@Suite("Big-endian integers read in place")
struct UnsafeBufferPointerBigEndianTests {
    @Test("every width from 1 to 8 at every offset reads as the bytes folded most significant first, seed 52")
    func agreesWithFoldingTheBytes() {
        var random = SplitMix64(seed: 52)
        let bytes = (0..<24).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        bytes.withUnsafeBufferPointer { buffer in
            for size in 1...8 {
                for offset in 0...(bytes.count - size) {
                    let folded = bytes[offset..<offset + size].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                    #expect(buffer.bigEndianInteger(at: offset, size: size) == folded, "size \(size) at \(offset)")
                }
            }
        }
    }

    @Test("the widths a binary property list uses read its examples")
    func readsKnownValues() {
        let bytes: [UInt8] = [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0xFF]
        bytes.withUnsafeBufferPointer { buffer in
            #expect(buffer.bigEndianInteger(at: 8, size: 1) == 0xFF)
            #expect(buffer.bigEndianInteger(at: 1, size: 2) == 0x0102)
            #expect(buffer.bigEndianInteger(at: 1, size: 3) == 0x01_0203)
            #expect(buffer.bigEndianInteger(at: 4, size: 4) == 0x0405_0607)
            #expect(buffer.bigEndianInteger(at: 1, size: 8) == 0x0102_0304_0506_07FF)
        }
    }
}
