// ListRender — A growing UTF-8 byte buffer for HTML
import Bytes
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

    /// The language of the interface's own words written into the buffer.
    public var language = UILanguage.english
    /// The reader's language when the interface does not speak it (`de`): a dataset's own texts in it come
    /// first (``FragmentRenderer/localizedText(_:_:language:reader:)``); nil when it is ``language``.
    public var reader: String?

    /// The language a link to another page of the list names (`lang=`), so that without the script too the
    /// next page reads as this one: the reader's when the interface does not speak it, else the interface's;
    /// nil for English, which a page falls back to anyway (the rule the page's script keeps in its address).
    public var linkLanguage: String? { Self.linkLanguage(language, reader: reader) }

    /// ``linkLanguage`` for a page in `language` read in `reader`'s.
    public static func linkLanguage(_ language: UILanguage, reader: String?) -> String? {
        reader ?? (language == .english ? nil : language.tag.description)
    }

    /// Where the built-in icons' URLs point (see ``url(of:)``).
    public var iconDirectory = IconDirectory.plain

    /// Creates an empty buffer.
    /// - Parameters:
    ///   - capacity: the number of bytes to reserve.
    ///   - language: the language of the interface's own words written into it.
    public init(capacity: Int = 0, language: UILanguage = .english) {
        storage = ByteStorage(capacity: capacity)
        self.language = language
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

    /// Lets `write` write at the end of `storage` (a response writer's body), as a buffer appending to it:
    /// nothing else writes to `storage` during the call, and `write` may not keep the buffer.
    /// - Complexity: O(bytes written).
    package static func write(to storage: ByteStorage, _ write: (inout HTMLBuffer) -> Void) {
        var html = HTMLBuffer(storage: storage)
        write(&html)
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

    /// Appends trusted markup made earlier (``FragmentRenderer/actionMarkup(_:language:)``) as it is.
    /// - Complexity: O(n) in the length of `markup`.
    @usableFromInline
    package mutating func raw(bytes markup: UnsafeRawBufferPointer) {
        append(markup)
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
    @usableFromInline @inline(__always)
    package mutating func text(utf8 bytes: UnsafeRawBufferPointer) {
        guard Self.needsEntity(bytes) else { return append(bytes) }
        escapedText(utf8: bytes)
    }

    /// Whether any byte of `bytes` is `&`, `<`, `>`, `"` or `'`, or a control byte other than tab, line
    /// feed and carriage return, 16 bytes at a time (``BlockScan``).
    @inlinable @inline(__always)
    static func needsEntity(_ bytes: UnsafeRawBufferPointer) -> Bool {
        BlockScan.anyBlock(of: bytes, hasSpecialByte)
    }

    /// ``text(utf8:)`` for text with a byte that needs an entity (see ``HTMLCursor/text(utf8:)``).
    @inline(never)
    private mutating func escapedText(utf8 bytes: UnsafeRawBufferPointer) {
        withRoom(HTMLCursor.escapedRoom(bytes.count)) { $0.escapedText(utf8: bytes) }
    }

    /// Lets `write` write through a cursor into room for `maximum` bytes, reserved at once: a run of
    /// markup and numbers whose length has a known bound is written with no capacity check a piece.
    /// - Parameters:
    ///   - maximum: the most bytes `write` writes; a cursor that goes past it stops the program.
    ///   - write: writes the bytes.
    /// - Complexity: O(bytes written) amortized.
    @usableFromInline @inline(__always)
    package mutating func withRoom(_ maximum: Int, _ write: (inout HTMLCursor) -> Void) {
        storage.append(upTo: maximum) { start in
            var cursor = HTMLCursor(start: start, count: maximum)
            write(&cursor)
            return cursor.next - start
        }
    }

    /// Whether any of the 16 bytes in `bytes` is `&`, `<`, `>`, `"` or `'`, or a control byte (C0 or DEL)
    /// other than tab, line feed and carriage return. Three comparisons a byte cover the five markup
    /// characters: `&` (0x26) and `'` (0x27) are the bytes that are 0x27 with their lowest bit set, `<`
    /// (0x3C) and `>` (0x3E) the ones that are 0x3E with their second bit set; two more find the controls,
    /// and the three whitespace ones are told apart only in a block that has a control.
    @inlinable @inline(__always)
    static func hasSpecialByte(_ bytes: SIMD16<UInt8>) -> Bool {
        let quote: SIMDMask<SIMD16<Int8>> = bytes .== SIMD16(repeating: 0x22)
        let ampersandOrApostrophe: SIMDMask<SIMD16<Int8>> =
            (bytes | SIMD16(repeating: 0x01)) .== SIMD16(repeating: 0x27)
        let angle: SIMDMask<SIMD16<Int8>> = (bytes | SIMD16(repeating: 0x02)) .== SIMD16(repeating: 0x3E)
        let control: SIMDMask<SIMD16<Int8>> =
            (bytes .< SIMD16(repeating: 0x20)) .| (bytes .== SIMD16(repeating: 0x7F))
        guard BlockScan.anyLane(quote .| ampersandOrApostrophe .| angle .| control) else { return false }
        if BlockScan.anyLane(quote .| ampersandOrApostrophe .| angle) { return true }
        let whitespace: SIMDMask<SIMD16<Int8>> =
            (bytes .== SIMD16(repeating: 0x09)) .| (bytes .== SIMD16(repeating: 0x0A))
            .| (bytes .== SIMD16(repeating: 0x0D))
        return BlockScan.anyLane(control .& .!whitespace)
    }

    /// Whether `byte` is written as U+FFFD in HTML text: a control byte (C0 or DEL) other than tab, line
    /// feed and carriage return.
    @inlinable @inline(__always)
    static func isForbiddenControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
    }

    /// The test above for the 8 bytes of `word`.
    @inlinable @inline(__always)
    static func hasSpecialByte(_ word: UInt64) -> Bool {
        hasSpecialByte(unsafeBitCast(SIMD2(repeating: word), to: SIMD16<UInt8>.self))
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
        // Through a signed integer, which converts both ways in one instruction each (an unsigned one
        // does not); a value in range fits it.
        if value >= 0 && value < 1e15, case let whole = Int64(value), Double(whole) == value {
            storage.appendDecimal(UInt64(whole))
        } else {
            fractionalPixels(value)
        }
    }

    /// ``pixels(_:)`` for a value that is not a whole number of pixels, or not finite.
    @inline(never)
    private mutating func fractionalPixels(_ value: Double) {
        withRoom(HTMLCursor.longestPixels) { $0.fractionalPixels(value) }
    }
}
