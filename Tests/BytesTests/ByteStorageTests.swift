// BytesTests — ByteStorage
import Bytes
import SeededRandom
import Testing

@Suite("ByteStorage")
struct ByteStorageTests {
    /// `count` bytes that differ from their neighbours, starting at `seed`.
    static func piece(_ count: Int, seed: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: seed &* 31 &+ $0 &* 7 &+ 1) }
    }

    @Test("new storage is empty, whatever capacity it was asked for")
    func startsEmpty() {
        for capacity in [-1, 0, 1, 64, 1_000] {
            let storage = ByteStorage(capacity: capacity)
            #expect(storage.count == 0)
            #expect(storage.bytes.isEmpty)
        }
    }

    @Test("pieces of every length from 0 to 130, after prefixes of 0 to 9 bytes, are copied byte for byte")
    func shortAndLongPieces() {
        // The lengths cover the byte loop (< 8), the word loop with an overlapping last word (8…64),
        // the memmove path (> 64), and the prefixes every alignment of the target.
        for prefix in 0...9 {
            for length in 0...130 {
                let storage = ByteStorage(capacity: 0)
                let head = Self.piece(prefix, seed: length)
                let body = Self.piece(length, seed: prefix &+ 100)
                head.withUnsafeBytes { storage.append($0) }
                body.withUnsafeBytes { storage.append($0) }
                storage.append(0xEE)
                #expect(storage.bytes == head + body + [0xEE], "prefix \(prefix), length \(length)")
                #expect(storage.count == prefix + length + 1)
            }
        }
    }

    @Test("a piece read from an unaligned address is copied byte for byte")
    func unalignedSource() {
        let source = Self.piece(200, seed: 3)
        for offset in 0..<8 {
            for length in [1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 120] {
                let storage = ByteStorage(capacity: 0)
                source.withUnsafeBytes { all in
                    storage.append(UnsafeRawBufferPointer(rebasing: all[offset..<(offset + length)]))
                }
                let expected = Array(source[offset..<(offset + length)])
                #expect(storage.bytes == expected, "offset \(offset), length \(length)")
            }
        }
    }

    @Test("a word is written as 16 lower-case hexadecimal digits, after any bytes and across a growth")
    func hexadecimal() {
        var random = SplitMix64(seed: 5)
        let edges: [UInt64] = [0, 1, 0xF, 0x10, 0xDEAD_BEEF, UInt64.max, 1 << 63]
        let values = edges + (0..<200).map { _ in random.next() }
        for (index, value) in values.enumerated() {
            let storage = ByteStorage(capacity: index % 20)
            let prefix = Self.piece(index % 7, seed: index)
            storage.append(prefix)
            storage.appendHexadecimal(value)
            let digits = String(value, radix: 16)
            let expected = prefix + Array((String(repeating: "0", count: 16 - digits.count) + digits).utf8)
            #expect(storage.bytes == expected, "\(value)")
        }
    }

    @Test("storage grows past its capacity many times and keeps every byte in order")
    func growsAcrossCapacity() {
        var random = SplitMix64(seed: 11)
        let storage = ByteStorage(capacity: 1)
        var expected: [UInt8] = []
        for step in 0..<3_000 {
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                let byte = UInt8.random(in: 0...255, using: &random)
                storage.append(byte)
                expected.append(byte)
            case 1:
                let bytes = Self.piece(Int.random(in: 0...70, using: &random), seed: step)
                storage.append(bytes)
                expected += bytes
            case 2:
                let bytes = Self.piece(Int.random(in: 0...300, using: &random), seed: step)
                bytes.withUnsafeBytes { storage.append($0) }
                expected += bytes
            default:
                storage.append("<li class=\"row\">")
                expected += Array("<li class=\"row\">".utf8)
            }
            #expect(storage.count == expected.count)
        }
        #expect(expected.count > 64 * 16)
        #expect(storage.bytes == expected)
    }

    @Test("a piece larger than double the capacity fits in one append")
    func oneLargePiece() {
        let storage = ByteStorage(capacity: 64)
        storage.append(Self.piece(60, seed: 1))
        let large = Self.piece(1_000, seed: 2)
        storage.append(large)
        #expect(storage.bytes == Self.piece(60, seed: 1) + large)
    }

    @Test("a copy is independent: writing to either leaves the other as it was")
    func copiesAreIndependent() {
        let original = ByteStorage(capacity: 4)
        original.append("[1,2")
        let copy = original.copy()
        #expect(copy.bytes == original.bytes)
        copy.append(",3]")
        original.append(Self.piece(500, seed: 9))
        #expect(copy.bytes == Array("[1,2,3]".utf8))
        #expect(original.bytes == Array("[1,2".utf8) + Self.piece(500, seed: 9))
        let emptyCopy = ByteStorage(capacity: 0).copy()
        emptyCopy.append(0x41)
        #expect(emptyCopy.bytes == [0x41])
    }

    @Test("an array written in place holds what was written, whether it fitted its room or outgrew it")
    func arraysWrittenInPlace() {
        for capacity in [0, 1, 63, 64, 65, 200, 512, 513, 600, 4_096] {
            for total in [0, 1, 63, 64, 65, 199, 200, 201, 512, 513, 600, 601, 1_000, 5_000] {
                let wanted = Self.piece(total, seed: capacity &+ total)
                let bytes = ByteStorage.array(capacity: capacity) { storage in
                    // Pieces of several lengths, so that an append can cross the room's end.
                    var offset = 0
                    var length = 1
                    while offset < wanted.count {
                        let end = min(wanted.count, offset + length)
                        wanted[offset..<end].withUnsafeBytes { storage.append($0) }
                        offset = end
                        length = length % 37 + 5
                    }
                    #expect(storage.count == total)
                }
                #expect(bytes == wanted, "capacity \(capacity), \(total) bytes")
                if capacity > ByteStorage.shortArrayCapacity {
                    // Written in place, the array is the memory written into: room for at least `capacity`.
                    if total <= capacity { #expect(bytes.capacity >= capacity) }
                } else if total <= ByteStorage.shortArrayCapacity {
                    // Written on the stack, then copied into an array of its length, not of the room asked for.
                    #expect(bytes.capacity - total < 32, "capacity \(capacity), \(total) bytes")
                }
            }
        }
    }
}
