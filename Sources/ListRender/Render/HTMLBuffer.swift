// ListRender — A growing UTF-8 byte buffer for HTML
import Models

/// A growing UTF-8 byte buffer for HTML, with escaping for text and attribute values.
///
/// Markup written with `raw` is trusted (it comes from the renderer's own literals); everything that
/// comes from a dataset goes through `text`, which escapes `& < > " '` so that it is safe both as element
/// content and inside a double- or single-quoted attribute.
///
/// A buffer cannot be copied: it is the one owner of its ``ByteStorage``, so an append is a capacity
/// check and a store, with no check that the storage is shared first. Writers take it `inout`.
public struct HTMLBuffer: ~Copyable, Sendable {
    /// The bytes written so far.
    /// - Complexity: O(n): a copy of the buffer.
    public var bytes: [UInt8] { storage.bytes }

    /// The bytes live in a ``ByteStorage`` that only this buffer holds, so that appending a piece of
    /// markup is a capacity check and a copy rather than a generic array append.
    private let storage: ByteStorage

    /// The search whose matches ``cellText(_:)`` wraps in `<mark>`; nil outside a search.
    public var marking: SearchQuery?

    /// Creates an empty buffer.
    /// - Parameter capacity: the number of bytes to reserve.
    public init(capacity: Int = 0) {
        storage = ByteStorage(capacity: capacity)
    }

    private init(storage: ByteStorage) {
        self.storage = storage
    }

    /// What `write` writes into a new buffer, as an array made with room for `capacity` bytes: when it
    /// fits, it is written in the array's own memory and not copied (see ``ByteStorage/array(capacity:_:)``).
    /// - Complexity: O(bytes written), plus a copy of them when they outgrow `capacity`.
    public static func bytes(capacity: Int, _ write: (inout HTMLBuffer) -> Void) -> [UInt8] {
        ByteStorage.array(capacity: capacity) { storage in
            var html = HTMLBuffer(storage: storage)
            write(&html)
        }
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        storage.append(byte)
    }

    @inline(__always)
    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        storage.append(bytes)
    }

    /// Appends trusted markup as it is.
    ///
    /// Always inlined: the renderer's pieces are literals, so the copy is a few word stores of a
    /// length known at compile time.
    /// - Complexity: O(n) in the length of `markup`.
    @inline(__always)
    public mutating func raw(_ markup: StaticString) {
        append(UnsafeRawBufferPointer(start: markup.utf8Start, count: markup.utf8CodeUnitCount))
    }

    /// Appends dataset text, escaping `&`, `<`, `>`, `"` and `'`.
    ///
    /// The text is scanned 8 bytes at a time for a byte that needs an entity; runs without one
    /// (nearly all dataset text) are copied whole.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    public mutating func text(_ text: String) {
        // A native string lends its bytes where they are; any other is made contiguous first.
        let lent: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            self.text(utf8: UnsafeRawBufferPointer(utf8))
        }
        guard lent == nil else { return }
        var text = text
        text.withUTF8 { utf8 in self.text(utf8: UnsafeRawBufferPointer(utf8)) }
    }

    /// Appends UTF-8 text, escaped as ``text(_:)`` does, from bytes lent by their owner (a row's packed
    /// fields), so no `String` is made.
    @inline(__always)
    public mutating func text(utf8 bytes: UnsafeRawBufferPointer) {
        guard Self.needsEntity(bytes) else { return append(bytes) }
        escapedText(utf8: bytes)
    }

    /// Whether any byte of `bytes` is `&`, `<`, `>`, `"` or `'`: 8 bytes at a time, the last word
    /// overlapping the one before it, and a string under 8 bytes gathered into one word (its first and
    /// last 4 bytes, or its first, middle and last byte beside bytes that are never special).
    @inline(__always)
    static func needsEntity(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        if count >= 8 { return WordScan.anyWord(of: bytes, hasSpecialByte) }
        guard count > 0 else { return false }
        let word: UInt64
        if count >= 4 {
            let head = UInt64(bytes.loadUnaligned(as: UInt32.self))
            let tail = UInt64(bytes.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            word = head | tail << 32
        } else {
            word = UInt64(bytes[0]) | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count &- 1]) << 16
                | 0x4141_4141_4100_0000
        }
        return hasSpecialByte(word)
    }

    /// ``text(utf8:)`` for text with a byte that needs an entity: runs without one are copied whole.
    @inline(never)
    private mutating func escapedText(utf8 bytes: UnsafeRawBufferPointer) {
        var start = 0
        var index = 0
        while index < bytes.count {
            if index &+ 8 <= bytes.count
                && !Self.hasSpecialByte(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
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
            default:
                index &+= 1
                continue
            }
            append(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
            raw(entity)
            index &+= 1
            start = index
        }
        append(UnsafeRawBufferPointer(rebasing: bytes[start..<bytes.count]))
    }

    /// Whether any of the 8 bytes in `word` is `&`, `<`, `>`, `"` or `'` (SWAR: a byte equal to
    /// `c` is a zero byte of `word ^ c`, found with the usual has-zero-byte test; a false positive
    /// only sends the scan through the bytes one by one).
    @inline(__always)
    static func hasSpecialByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let found = hasZero(word ^ (ones &* 0x26)) | hasZero(word ^ (ones &* 0x3C)) | hasZero(word ^ (ones &* 0x3E))
            | hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x27))
        return found != 0
    }

    /// Appends a decimal integer.
    /// - Complexity: O(number of digits).
    @inline(__always)
    public mutating func int<Value: BinaryInteger>(_ value: Value) {
        if value < 0 {
            append(UInt8(ascii: "-"))
            storage.appendDecimal(UInt64(value.magnitude))
        } else {
            storage.appendDecimal(UInt64(value))
        }
    }

    /// Appends a decimal integer: ``int(_:)`` for an `Int64`, which another module calls as it is, rather
    /// than through the generic entry point of a function it cannot inline.
    /// - Complexity: O(number of digits).
    @inline(__always)
    public mutating func int(_ value: Int64) {
        if value < 0 {
            append(UInt8(ascii: "-"))
            storage.appendDecimal(value.magnitude)
        } else {
            storage.appendDecimal(UInt64(value))
        }
    }

    /// Appends a pixel value: an integer when it is whole, else rounded to two decimals
    /// (`120`, `43.5`, `12.25`). Values that are not finite are written as `0`.
    @inline(__always)
    public mutating func pixels(_ value: Double) {
        // Most frames are whole pixels: their digits, with no rounding (and no call to the general case).
        if value >= 0 && value < 1e15, Double(UInt64(value)) == value {
            storage.appendDecimal(UInt64(value))
        } else {
            fractionalPixels(value)
        }
    }

    /// ``pixels(_:)`` for a value that is not a whole number of pixels, or not finite.
    @inline(never)
    private mutating func fractionalPixels(_ value: Double) {
        guard value.isFinite, abs(value) < 1e15 else {
            append(UInt8(ascii: "0"))
            return
        }
        // Rounded half away from zero, as `rounded()` does, without the library call: below 2^52 the
        // difference between a double and its truncation is exact.
        let scaled = value * 100
        var hundredths = Int64(scaled)
        let remainder = scaled - Double(hundredths)
        if remainder >= 0.5 { hundredths += 1 } else if remainder <= -0.5 { hundredths -= 1 }
        if hundredths < 0 { append(UInt8(ascii: "-")) }
        let magnitude = hundredths.magnitude
        storage.appendDecimal(magnitude / 100)
        let fraction = magnitude % 100
        guard fraction != 0 else { return }
        append(UInt8(ascii: "."))
        append(UInt8(ascii: "0") + UInt8(fraction / 10))
        if fraction % 10 != 0 { append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
    }
}
