// BytesTests — UnsafeRawBufferPointer+Runs
import Bytes
import Testing

@Suite("Runs of bytes at an offset")
struct UnsafeRawBufferPointerRunsTests {
    static let bytes = (0..<10).map { UInt8(truncatingIfNeeded: $0 &* 41 &+ 7) }

    @Test("a run read at an offset is those bytes in place, for every offset and length in 10 bytes")
    func readsEveryRun() {
        let bytes = Self.bytes
        bytes.withUnsafeBytes { raw in
            for offset in 0...bytes.count {
                for count in 0...(bytes.count - offset) {
                    let run = raw.run(at: offset, count: count)
                    #expect(Array(run) == Array(bytes[offset..<offset + count]))
                    #expect(count == 0 || run.baseAddress == raw.baseAddress! + offset)
                }
            }
        }
    }

    @Test("a mutable buffer reads the same runs as its raw view")
    func readsRunsOfMutableBytes() {
        var bytes = Self.bytes
        bytes.withUnsafeMutableBytes { raw in
            for offset in 0...raw.count {
                for count in 0...(raw.count - offset) {
                    #expect(Array(raw.run(at: offset, count: count)) == Array(Self.bytes[offset..<offset + count]))
                }
            }
        }
    }

    @Test("a copy to an offset writes its bytes there and leaves the others, for every offset and length in 10 bytes")
    func copiesToEveryOffset() {
        for offset in 0...Self.bytes.count {
            for count in 0...(Self.bytes.count - offset) {
                let source = (0..<count).map { UInt8(200 + $0) }
                var target = Self.bytes
                target.withUnsafeMutableBytes { raw in source.withUnsafeBytes { raw.copy($0, toByteOffset: offset) } }
                var expected = Self.bytes
                expected.replaceSubrange(offset..<offset + count, with: source)
                #expect(target == expected)
            }
        }
    }
}
