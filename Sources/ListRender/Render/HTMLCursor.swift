// ListRender — writes markup into room an HTML buffer reserved for it
import Bytes
import Models

/// Writes markup into room an ``HTMLBuffer`` reserved ahead (``HTMLBuffer/withRoom(_:_:)``), with the
/// same pieces as the buffer: trusted markup, escaped text, numbers and pixel values.
///
/// A piece written through the cursor is a check against the room's end and stores through an address
/// the compiler keeps in a register; a piece appended to the buffer loads its storage's count and
/// capacity, checks them and stores the count back. A piece that does not fit stops the program: the
/// room asked for is a bound the writer states, and going past it is a mistake in the writer.
@usableFromInline package struct HTMLCursor: ~Copyable {
    /// Where the next byte goes.
    @usableFromInline var next: UnsafeMutableRawPointer
    /// The end of the room.
    @usableFromInline let end: UnsafeMutableRawPointer

    @inlinable
    init(start: UnsafeMutableRawPointer, count: Int) {
        assert(count >= 0, "an HTML cursor over negative room")
        next = start
        end = start + count
    }

    /// Stops the program unless `count` more bytes fit.
    @inlinable @inline(__always)
    func needs(_ count: Int) {
        precondition(end - next >= count, "an HTML cursor ran past the room reserved for it")
    }

    /// Writes trusted markup as it is.
    /// - Complexity: O(n) in the length of `markup`.
    @inlinable @inline(__always)
    package mutating func raw(_ markup: StaticString) {
        copy(UnsafeRawBufferPointer(start: markup.utf8Start, count: markup.utf8CodeUnitCount))
    }

    @inlinable @inline(__always)
    mutating func copy(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        needs(count)
        guard let source = bytes.baseAddress, count > 0 else { return }
        ByteStorage.copy(source, count, to: next)
        next += count
    }

    /// Writes UTF-8 text escaped as ``HTMLBuffer/text(utf8:)`` escapes it: markup characters as entities,
    /// control bytes other than tab, line feed and carriage return as U+FFFD (HTML has no place for them);
    /// it takes up to six bytes a byte of text (`"` is `&quot;`).
    @inlinable @inline(__always)
    package mutating func text(utf8 bytes: UnsafeRawBufferPointer) {
        guard HTMLBuffer.needsEntity(bytes) else { return copy(bytes) }
        escapedText(utf8: bytes)
    }

    /// ``text(utf8:)`` for text with a byte that needs an entity: runs without one are copied whole.
    @usableFromInline @inline(never)
    mutating func escapedText(utf8 bytes: UnsafeRawBufferPointer) {
        var start = 0
        var index = 0
        while index < bytes.count {
            if index &+ 8 <= bytes.count
                && !HTMLBuffer.hasSpecialByte(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            {
                index &+= 8
                continue
            }
            let entity: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            case let byte where HTMLBuffer.isForbiddenControl(byte): entity = "\u{FFFD}"
            default:
                index &+= 1
                continue
            }
            copy(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
            raw(entity)
            index &+= 1
            start = index
        }
        copy(UnsafeRawBufferPointer(rebasing: bytes[start..<bytes.count]))
    }

    /// The most room escaped text of `count` bytes takes.
    @inlinable @inline(__always)
    package static func escapedRoom(_ count: Int) -> Int { count &* 6 }

    /// Writes a decimal integer (up to 20 bytes, 21 with a sign).
    @inlinable @inline(__always)
    package mutating func int(_ value: Int64) {
        needs(ByteStorage.longestDecimal &+ 1)
        if value < 0 {
            next.storeBytes(of: UInt8(ascii: "-"), as: UInt8.self)
            next += 1
        }
        next += ByteStorage.writeDecimal(value.magnitude, to: next)
    }

    /// Writes a decimal integer: ``int(_:)-(Int64)`` for an `Int`.
    @inlinable @inline(__always)
    package mutating func int(_ value: Int) {
        int(Int64(value))
    }

    /// The most bytes ``pixels(_:)`` writes: a sign, 15 digits, a point and two decimals.
    @inlinable package static var longestPixels: Int { 24 }

    /// Writes a pixel value as ``HTMLBuffer/pixels(_:)`` writes it: an integer when it is whole, else
    /// rounded to two decimals; `0` for a value that is not finite.
    @inlinable @inline(__always)
    package mutating func pixels(_ value: Double) {
        // Most frames are whole pixels: their digits, with no rounding (and no call to the general case).
        // Through a signed integer, as ``HTMLBuffer/pixels(_:)`` converts it.
        if value >= 0 && value < 1e15, case let whole = Int64(value), Double(whole) == value {
            needs(ByteStorage.longestDecimal)
            next += ByteStorage.writeDecimal(UInt64(whole), to: next)
        } else {
            fractionalPixels(value)
        }
    }

    /// ``pixels(_:)`` for a value that is not a whole number of pixels, or not finite.
    @usableFromInline @inline(never)
    mutating func fractionalPixels(_ value: Double) {
        needs(Self.longestPixels)
        guard value.isFinite, abs(value) < 1e15 else {
            return byte(UInt8(ascii: "0"))
        }
        // Rounded half away from zero, as `rounded()` does, without the library call: below 2^52 the
        // difference between a double and its truncation is exact.
        let scaled = value * 100
        var hundredths = Int64(scaled)
        let remainder = scaled - Double(hundredths)
        if remainder >= 0.5 { hundredths += 1 } else if remainder <= -0.5 { hundredths -= 1 }
        if hundredths < 0 { byte(UInt8(ascii: "-")) }
        let magnitude = hundredths.magnitude
        next += ByteStorage.writeDecimal(magnitude / 100, to: next)
        let fraction = magnitude % 100
        guard fraction != 0 else { return }
        byte(UInt8(ascii: "."))
        byte(UInt8(ascii: "0") + UInt8(fraction / 10))
        if fraction % 10 != 0 { byte(UInt8(ascii: "0") + UInt8(fraction % 10)) }
    }

    @inlinable @inline(__always)
    mutating func byte(_ value: UInt8) {
        needs(1)
        next.storeBytes(of: value, as: UInt8.self)
        next += 1
    }
}
