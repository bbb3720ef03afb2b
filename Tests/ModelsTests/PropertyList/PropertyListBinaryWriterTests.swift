// ModelsTests — binary property-list writer
import Foundation
import Testing

@testable import Models

/// The trailer fields of a binary plist.
private func trailer(_ bytes: [UInt8]) -> (offsetSize: Int, referenceSize: Int, objects: Int, top: Int, table: Int) {
    let start = bytes.count - 32
    func field(_ offset: Int) -> Int {
        Int(bytes[(start + offset)..<(start + offset + 8)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }
    return (Int(bytes[start + 6]), Int(bytes[start + 7]), field(8), field(16), field(24))
}

/// The encoding of the object numbered `object`.
private func objectBytes(_ bytes: [UInt8], _ object: Int, count: Int) -> [UInt8] {
    let layout = trailer(bytes)
    let entry = layout.table + object * layout.offsetSize
    let offset = bytes[entry..<(entry + layout.offsetSize)].reduce(0) { $0 << 8 | Int($1) }
    return Array(bytes[offset..<(offset + count)])
}

@Suite("Binary property-list writer") struct PropertyListBinaryWriterTests {
    @Test("a small array is laid out parents first as plistlib does, with shared scalars and a 32-byte trailer")
    func exactLayout() {
        let bytes = BinaryPropertyListWriter.write(.array([.string("a"), .int(1), .string("a")]))
        let expected: [UInt8] =
            Array("bplist00".utf8) + [0xA3, 0x01, 0x02, 0x01, 0x51, 0x61, 0x10, 0x01] + [8, 12, 14]
            + [0, 0, 0, 0, 0, 0, 1, 1] + bigEndian(3, size: 8) + bigEndian(0, size: 8) + bigEndian(16, size: 8)
        #expect(bytes == expected)
    }

    @Test("integers use the smallest of 1, 2, 4 bytes when non-negative, 8 bytes when negative")
    func integerSizes() throws {
        let cases: [(Int64, [UInt8])] = [
            (0, [0x10, 0]), (255, [0x10, 0xFF]), (256, [0x11, 1, 0]), (65_536, [0x12, 0, 1, 0, 0]),
            (4_294_967_296, [0x13, 0, 0, 0, 1, 0, 0, 0, 0]), (-1, [0x13] + [UInt8](repeating: 0xFF, count: 8)),
        ]
        for (number, encoding) in cases {
            let bytes = BinaryPropertyListWriter.write(.int(number))
            #expect(objectBytes(bytes, 0, count: encoding.count) == encoding, "\(number)")
            expectIdentical(try BinaryPropertyListReader.read(bytes), .int(number))
        }
    }

    @Test("ASCII strings are written as bytes, others as UTF-16BE, reals and dates as 8 bytes")
    func scalarEncodings() {
        #expect(objectBytes(BinaryPropertyListWriter.write(.string("ab")), 0, count: 3) == [0x52, 0x61, 0x62])
        #expect(
            objectBytes(BinaryPropertyListWriter.write(.string("é😀")), 0, count: 7) == [
                0x63, 0x00, 0xE9, 0xD8, 0x3D, 0xDE, 0x00,
            ])
        #expect(
            objectBytes(BinaryPropertyListWriter.write(.real(1.5)), 0, count: 9) == [0x23]
                + bigEndian(1.5.bitPattern, size: 8))
        let date = Date(timeIntervalSinceReferenceDate: 12.5)
        #expect(
            objectBytes(BinaryPropertyListWriter.write(.date(date)), 0, count: 9) == [0x33]
                + bigEndian(12.5.bitPattern, size: 8))
        #expect(objectBytes(BinaryPropertyListWriter.write(.bool(true)), 0, count: 1) == [0x09])
        #expect(objectBytes(BinaryPropertyListWriter.write(.data([7])), 0, count: 2) == [0x41, 7])
    }

    @Test("lengths of 15 and more use the extended form and read back")
    func extendedLengths() throws {
        let value: FieldValue = .dict(
            Fields(
                (0..<20).map { Field("key\($0)", .array((0..<$0).map { .int(Int64($0)) })) }
                    + [
                        Field("s", .string(String(repeating: "é", count: 300))),
                        Field("d", .data(Array(repeating: 9, count: 70_000))),
                    ]))
        let bytes = BinaryPropertyListWriter.write(value)
        expectIdentical(try BinaryPropertyListReader.read(bytes), value)
        let top = trailer(bytes).top
        #expect(objectBytes(bytes, top, count: 3) == [0xDF, 0x10, 22])
    }

    @Test("equal scalars of one type are written once; é and e\\u{301}, 0 and -0.0, 1 and 1.0 stay apart")
    func sharing() throws {
        let repeated: FieldValue = .array(
            Array(repeating: .dict(["name": .string("same"), "n": .int(5), "ok": .bool(true)]), count: 1_000))
        let bytes = BinaryPropertyListWriter.write(repeated)
        #expect(trailer(bytes).objects == 1 + 1_000 + 6)
        expectIdentical(try BinaryPropertyListReader.read(bytes), repeated)

        let distinct: FieldValue = .array([
            .real(0), .real(-0.0), .string("é"), .string("e\u{301}"), .int(1), .real(1), .bool(true),
            .date(Date(timeIntervalSinceReferenceDate: 0)), .data([]), .string(""),
        ])
        let distinctBytes = BinaryPropertyListWriter.write(distinct)
        #expect(trailer(distinctBytes).objects == 11)
        let strings = BinaryPropertyListWriter.write(.array([.string("x"), .string("x"), .string("é"), .string("é")]))
        #expect(trailer(strings).objects == 3)
        expectIdentical(try BinaryPropertyListReader.read(distinctBytes), distinct)
    }

    @Test("references and offsets widen to 2 and 4 bytes as the file grows")
    func widths() throws {
        let small = BinaryPropertyListWriter.write(.array((0..<10).map { .int($0) }))
        #expect(trailer(small).referenceSize == 1)
        #expect(trailer(small).offsetSize == 1)
        let medium: FieldValue = .array((0..<300).map { .int($0) })
        let mediumBytes = BinaryPropertyListWriter.write(medium)
        #expect(trailer(mediumBytes).referenceSize == 2)
        #expect(trailer(mediumBytes).offsetSize == 2)
        expectIdentical(try BinaryPropertyListReader.read(mediumBytes), medium)
        let large: FieldValue = .array((0..<70_000).map { .int($0) })
        let largeBytes = BinaryPropertyListWriter.write(large)
        #expect(trailer(largeBytes).referenceSize == 4)
        #expect(trailer(largeBytes).offsetSize == 4)
        expectIdentical(try BinaryPropertyListReader.read(largeBytes), large)
    }
}
