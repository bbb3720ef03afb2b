// ModelsTests — binary property-list reader
import Foundation
import Testing

@testable import Models

/// A binary plist assembled from raw object encodings, with a trailer that can be falsified.
func assembleBinaryPlist(
    _ objects: [[UInt8]], top: UInt64 = 0, referenceSize: UInt8 = 1, offsetSize: UInt8 = 1,
    objectCount: UInt64? = nil, tableOffset: UInt64? = nil
) -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
        offsets.append(bytes.count)
        bytes += object
    }
    let table = bytes.count
    for offset in offsets {
        bytes += bigEndian(UInt64(offset), size: Int(offsetSize))
    }
    bytes += [0, 0, 0, 0, 0, 0, offsetSize, referenceSize]
    bytes += bigEndian(objectCount ?? UInt64(objects.count), size: 8)
    bytes += bigEndian(top, size: 8)
    bytes += bigEndian(tableOffset ?? UInt64(table), size: 8)
    return bytes
}

func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
    (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
}

private func read(_ bytes: [UInt8]) throws -> FieldValue {
    try BinaryPropertyListReader.read(bytes)
}

/// Expects `bytes` to fail at `location` with a message containing `message`.
private func expectFailure(
    _ bytes: [UInt8], at location: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let failure = syntaxError(sourceLocation: sourceLocation, { try read(bytes) }) else { return }
    #expect(failure.location == location, "\(failure)", sourceLocation: sourceLocation)
    #expect(failure.message.contains(message), "\(failure)", sourceLocation: sourceLocation)
}

@Suite("Binary property-list reader") struct PropertyListBinaryReaderTests {
    @Test("integers of 1, 2 and 4 bytes are unsigned, of 8 bytes signed")
    func integers() throws {
        let cases: [([UInt8], Int64)] = [
            ([0x10, 0xFF], 255), ([0x11, 0xFF, 0xFE], 65_534), ([0x12, 0xFF, 0xFF, 0xFF, 0xFF], 4_294_967_295),
            ([0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE], -2),
            ([0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], .max),
            ([0x13, 0x80, 0, 0, 0, 0, 0, 0, 0], .min),
        ]
        for (object, expected) in cases {
            expectIdentical(try read(assembleBinaryPlist([object])), .int(expected), "\(object)")
        }
    }

    @Test("16-byte integers: plistlib's big unsigned values become reals, sign-extended ones integers")
    func sixteenByteIntegers() throws {
        let unsignedMax = [0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8)
        expectIdentical(try read(assembleBinaryPlist([unsignedMax])), .real(Double(UInt64.max)))
        let small = [0x14] + [UInt8](repeating: 0, count: 15) + [5]
        expectIdentical(try read(assembleBinaryPlist([small])), .int(5))
        let negative = [0x14] + [UInt8](repeating: 0xFF, count: 16)
        expectIdentical(try read(assembleBinaryPlist([negative])), .int(-1))
        let huge = [0x14, 1] + [UInt8](repeating: 0, count: 15)
        expectFailure(assembleBinaryPlist([huge]), at: "object 0", "128-bit integer out of the 64-bit range")
        expectFailure(assembleBinaryPlist([[0x15] + [UInt8](repeating: 0, count: 32)]), at: "object 0", "2^5 bytes")
    }

    @Test("reals of 4 and 8 bytes, and dates kept to the exact Double since 2001")
    func realsAndDates() throws {
        expectIdentical(try read(assembleBinaryPlist([[0x22, 0x3F, 0xC0, 0, 0]])), .real(1.5))
        expectIdentical(try read(assembleBinaryPlist([[0x23] + bigEndian((-0.0).bitPattern, size: 8)])), .real(-0.0))
        let date = [0x33] + bigEndian(Double(737_755_200.25).bitPattern, size: 8)
        expectIdentical(
            try read(assembleBinaryPlist([date])), .date(Date(timeIntervalSinceReferenceDate: 737_755_200.25)))
        expectFailure(assembleBinaryPlist([[0x21, 0, 0]]), at: "object 0", "a real of 2 bytes")
        expectFailure(
            assembleBinaryPlist([[0x34] + [UInt8](repeating: 0, count: 8)]), at: "object 0",
            "unknown object marker 0x34")
    }

    @Test("ASCII, UTF-16BE and UTF-8 strings, with inline and extended lengths")
    func strings() throws {
        expectIdentical(try read(assembleBinaryPlist([[0x53] + Array("abc".utf8)])), .string("abc"))
        expectIdentical(try read(assembleBinaryPlist([[0x50]])), .string(""))
        let long = String(repeating: "x", count: 300)
        expectIdentical(try read(assembleBinaryPlist([[0x5F, 0x11, 0x01, 0x2C] + Array(long.utf8)])), .string(long))
        let utf16 = Array("é😀".utf16).flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        expectIdentical(try read(assembleBinaryPlist([[0x63] + utf16])), .string("é😀"))
        expectIdentical(try read(assembleBinaryPlist([[0x76] + Array("é😀".utf8)])), .string("é😀"))
        let sixteen = String(repeating: "é", count: 16)
        let sixteenUnits = Array(sixteen.utf16).flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        expectIdentical(try read(assembleBinaryPlist([[0x6F, 0x10, 16] + sixteenUnits])), .string(sixteen))
    }

    @Test("data, null, booleans, arrays, sets and dictionaries")
    func containers() throws {
        let objects: [[UInt8]] = [
            [0xD4, 1, 2, 3, 4, 5, 6, 7, 8],
            [0x51, UInt8(ascii: "a")], [0x51, UInt8(ascii: "b")], [0x51, UInt8(ascii: "c")], [0x51, UInt8(ascii: "d")],
            [0xA3, 9, 10, 11], [0xC2, 9, 9], [0x43, 1, 2, 3], [0x00],
            [0x09], [0x08], [0x40],
        ]
        expectIdentical(
            try read(assembleBinaryPlist(objects)),
            .dict([
                "a": .array([.bool(true), .bool(false), .data([])]), "b": .array([.bool(true), .bool(true)]),
                "c": .data([1, 2, 3]), "d": .null,
            ]))
    }

    @Test("shared objects are read at every place that refers to them; repeated keys keep the first position")
    func sharedObjectsAndRepeatedKeys() throws {
        let objects: [[UInt8]] = [
            [0xA3, 1, 1, 2], [0xD3, 3, 4, 3, 5, 6, 5], [0xA0], [0x51, UInt8(ascii: "k")],
            [0x51, UInt8(ascii: "j")], [0x10, 1], [0x10, 2],
        ]
        let inner: FieldValue = .dict(["k": .int(1), "j": .int(2)])
        expectIdentical(try read(assembleBinaryPlist(objects)), .array([inner, inner, .array([])]))
    }

    @Test("wide references and offsets, and a top object that is not the first")
    func wideLayout() throws {
        let objects: [[UInt8]] = [[0x10, 7], [0xA2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]
        let bytes = assembleBinaryPlist(objects, top: 1, referenceSize: 8, offsetSize: 4)
        expectIdentical(try read(bytes), .array([.int(7), .int(7)]))
    }

    @Test("a file that is empty, too short, or not bplist00 is refused at its first bytes")
    func badHeader() {
        expectFailure([], at: "byte 0", "the file is empty")
        expectFailure(Array("<?xml".utf8), at: "byte 0", "not a binary property list")
        expectFailure(
            Array("bplist01".utf8) + [UInt8](repeating: 0, count: 40), at: "byte 6",
            "unsupported binary property list version \"01\"")
        expectFailure(Array("bplist00".utf8) + [0x09], at: "byte 9", "the file ends before its trailer")
    }

    @Test("a trailer describing an impossible layout is refused")
    func badTrailer() {
        let one = [[UInt8(0x09)]]
        expectFailure(assembleBinaryPlist(one, referenceSize: 0), at: "byte 17", "object reference size 0")
        expectFailure(assembleBinaryPlist(one, offsetSize: 9), at: "byte 24", "offset size 9")
        expectFailure(assembleBinaryPlist(one, objectCount: 0), at: "byte 18", "the trailer counts no objects")
        expectFailure(
            assembleBinaryPlist(one, objectCount: UInt64.max), at: "byte 18",
            "object count 18446744073709551615 is more than")
        let four = [[UInt8]](repeating: [0x09], count: 4)
        expectFailure(
            assembleBinaryPlist(four, objectCount: 6), at: "byte 12",
            "the offset table (6 entries of 1 bytes) runs into the trailer")
        expectFailure(assembleBinaryPlist(one, top: 1), at: "byte 26", "top object 1 is out of range (1 objects)")
        expectFailure(
            assembleBinaryPlist(one, tableOffset: 2), at: "byte 34", "offset table position 2 is outside the file")
        expectFailure(assembleBinaryPlist(one, tableOffset: UInt64.max), at: "byte 34", "is outside the file")
    }

    @Test("offsets, references and lengths past the end are refused, never read")
    func outOfRange() {
        var bytes = assembleBinaryPlist([[0x09]])
        bytes[9] = 200
        expectFailure(bytes, at: "object 0", "offset 200 is outside the object area")
        bytes[9] = 3
        expectFailure(bytes, at: "object 0", "offset 3 is outside the object area")
        expectFailure(
            assembleBinaryPlist([[0xA1, 5]]), at: "object 0", "reference to object 5 is out of range (1 objects)")
        expectFailure(
            assembleBinaryPlist([[0xA1, 1], [0xAF, 0x10, 100, 0]]), at: "object 1", "100 entries run past the end")
        expectFailure(
            assembleBinaryPlist([[0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]), at: "object 0",
            "run past the end of the object area")
        expectFailure(
            assembleBinaryPlist([[0x4F, 0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]), at: "object 0",
            "negative length")
        expectFailure(
            assembleBinaryPlist([[0x6F, 0x12, 0x7F, 0xFF, 0xFF, 0xFF]]), at: "object 0", "UTF-16 units run past the end"
        )
        expectFailure(
            assembleBinaryPlist([[0xDF, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0]]), at: "object 0", "entries run past the end")
        expectFailure(
            assembleBinaryPlist([[0x4F, 0x22, 0, 0, 0, 0]]), at: "object 0",
            "extended length marker 0x22 is not an integer")
        expectFailure(assembleBinaryPlist([[0x13, 1, 2]]), at: "object 0", "run past the end of the object area")
    }

    @Test("an array or dictionary that contains itself, directly or not, is refused")
    func cycles() {
        expectFailure(assembleBinaryPlist([[0xA1, 0]]), at: "object 0", "the object contains itself")
        expectFailure(
            assembleBinaryPlist([[0xA1, 1], [0xA2, 2, 0], [0x09]]), at: "object 0", "the object contains itself")
        expectFailure(
            assembleBinaryPlist([[0xD1, 1, 0], [0x51, 0x61]]), at: "object 0", "the object contains itself")
        expectFailure(
            assembleBinaryPlist([[0xC1, 1], [0xD1, 2, 0], [0x51, 0x61]]), at: "object 0", "the object contains itself")
    }

    @Test("nesting of 512 arrays is read, 513 is refused")
    func depthLimit() throws {
        func chain(_ count: Int) -> [UInt8] {
            var objects: [[UInt8]] = (0..<(count - 1)).map { [0xA1] + bigEndian(UInt64($0 + 1), size: 2) }
            objects.append([0xA0])
            return assembleBinaryPlist(objects, referenceSize: 2, offsetSize: 2)
        }
        var value = try read(chain(512))
        var levels = 1
        while case .array(let items) = value, let first = items.first {
            value = first
            levels += 1
        }
        #expect(levels == 512)
        expectFailure(chain(513), at: "object 512", "nesting deeper than 512 levels")
    }

    @Test("shared arrays that would expand exponentially are refused quickly")
    func exponentialSharing() {
        var objects: [[UInt8]] = (0..<60).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        objects.append([0x09])
        expectFailure(
            assembleBinaryPlist(objects), at: "object 60", "shared objects expand to more than 1048576 values")
    }

    @Test("UIDs, fill bytes, unknown markers, non-string keys and bad text are refused")
    func unsupportedObjects() {
        expectFailure(
            assembleBinaryPlist([[0x80, 1]]), at: "object 0", "UID objects (keyed archives) are not supported")
        expectFailure(assembleBinaryPlist([[0x0F]]), at: "object 0", "a fill byte is not a value")
        for marker: UInt8 in [0x01, 0x0E, 0x90, 0xB0, 0xE0, 0xF0] {
            expectFailure(assembleBinaryPlist([[marker, 0]]), at: "object 0", "unknown object marker")
        }
        expectFailure(
            assembleBinaryPlist([[0xD1, 1, 1], [0x10, 1]]), at: "object 0", "dictionary key (object 1) is not a string")
        expectFailure(assembleBinaryPlist([[0x52, 0x61, 0xE9]]), at: "object 0", "ASCII string holds byte 0xE9")
        expectFailure(assembleBinaryPlist([[0x61, 0xD8, 0x00]]), at: "object 0", "unpaired surrogate")
        expectFailure(assembleBinaryPlist([[0x72, 0xC3, 0x28]]), at: "object 0", "the UTF-8 string is not valid")
        expectFailure(
            assembleBinaryPlist([[0xD1, 1, 2], [0x61, 0xDC, 0x00], [0x09]]), at: "object 1", "unpaired surrogate")
    }

    @Test("every strict prefix of a valid binary plist is an error, never a crash")
    func everyPrefixFails() {
        let document = BinaryPropertyListWriter.write(
            .dict([
                "name": .string("é😀 and more than fifteen characters"), "n": .int(-7), "big": .int(1 << 40),
                "r": .real(0.25), "d": .date(Date(timeIntervalSince1970: 0)), "blob": .data(Array(0..<20)),
                "list": .array([.bool(true), .array([]), .dict([:])]),
            ]))
        for cut in 0..<document.count {
            #expect(throws: DocumentSyntaxError.self, "prefix of \(cut) bytes") {
                try read(Array(document[0..<cut]))
            }
        }
    }

    @Test("every single-byte change of a small binary plist gives a value or an error, never a crash")
    func everyByteMutationIsSafe() {
        let document = BinaryPropertyListWriter.write(
            .array([.dict(["k": .string("v"), "n": .int(300)]), .data([1, 2]), .real(1), .string("é")]))
        var outcomes = (values: 0, errors: 0)
        for index in 0..<document.count {
            for replacement: UInt8 in [0x00, 0x01, 0x0F, 0x10, 0x7F, 0x80, 0xA1, 0xD1, 0xFE, 0xFF] {
                var mutated = document
                mutated[index] = replacement
                if (try? read(mutated)) != nil { outcomes.values += 1 } else { outcomes.errors += 1 }
            }
        }
        #expect(outcomes.values > 0)
        #expect(outcomes.errors > 0)
    }
}
