// BytesTests — ByteComparison
import Bytes
import Testing

@Suite("ByteComparison")
struct ByteComparisonTests {
    @Test("two runs are the same exactly when their bytes are, for every length up to 20 and each byte changed")
    func agreesWithArrayEquality() {
        for count in 0...20 {
            let left = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(left.withUnsafeBytes { l in left.withUnsafeBytes { ByteComparison.same(l, $0) } })
            for changed in 0..<count {
                var right = left
                right[changed] ^= 0x20
                #expect(!left.withUnsafeBytes { l in right.withUnsafeBytes { ByteComparison.same(l, $0) } })
            }
            let longer = left + [0]
            #expect(!left.withUnsafeBytes { l in longer.withUnsafeBytes { ByteComparison.same(l, $0) } })
        }
    }

    @Test("a run is the same as a literal key with the same UTF-8 bytes")
    func comparesWithLiteralKeys() {
        #expect(Array("expanded".utf8).withUnsafeBytes { ByteComparison.same($0, "expanded") })
        #expect(!Array("expande".utf8).withUnsafeBytes { ByteComparison.same($0, "expanded") })
        #expect(Array("é".utf8).withUnsafeBytes { ByteComparison.same($0, "é") })
        #expect([UInt8]().withUnsafeBytes { ByteComparison.same($0, "") })
    }
}
