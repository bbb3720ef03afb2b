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

    @Test("a run at an offset is the same exactly when its bytes are, for every offset and length in 12 bytes")
    func comparesRunsAtEveryOffset() {
        let bytes = (0..<12).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 3) }
        for offset in 0...bytes.count {
            for count in 0...(bytes.count - offset) {
                let run = Array(bytes[offset..<offset + count])
                #expect(sameAt(bytes, offset, run))
                for changed in 0..<count {
                    var other = run
                    other[changed] ^= 0x01
                    #expect(!sameAt(bytes, offset, other))
                }
            }
        }
    }

    @Test("a run at an offset is the same as a literal key with the same UTF-8 bytes, raw or typed")
    func comparesRunsAtAnOffsetWithLiteralKeys() {
        let query = Array("top=40&expanded=all".utf8)
        #expect(query.withUnsafeBytes { ByteComparison.same($0, at: 7, "expanded") })
        #expect(query.withUnsafeBufferPointer { ByteComparison.same($0, at: 7, "expanded") })
        #expect(!query.withUnsafeBytes { ByteComparison.same($0, at: 6, "expanded") })
        #expect(!query.withUnsafeBufferPointer { ByteComparison.same($0, at: 8, "expanded") })
        #expect(query.withUnsafeBytes { ByteComparison.same($0, at: query.count, "") })
        #expect([UInt8]().withUnsafeBufferPointer { ByteComparison.same($0, at: 0, "") })
    }

    /// Whether `other` is at `offset` in `bytes`, asked both raw and typed; the two must agree.
    private func sameAt(
        _ bytes: [UInt8], _ offset: Int, _ other: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let raw = bytes.withUnsafeBytes { b in other.withUnsafeBytes { ByteComparison.same(b, at: offset, $0) } }
        let typed = bytes.withUnsafeBufferPointer { b in
            other.withUnsafeBufferPointer { ByteComparison.same(b, at: offset, $0) }
        }
        #expect(raw == typed, "raw and typed answers differ", sourceLocation: sourceLocation)
        return raw
    }
}
