// Models — A growing byte allocation written with plain stores and copies

/// A growing byte allocation written with plain stores and copies: the storage behind the HTML and
/// JSON response buffers.
///
/// It is a class so that a buffer can hold it by reference. The response buffers (`HTMLBuffer`,
/// `JSONByteWriter`) cannot be copied, so each is the one holder of its storage and writes to it with no
/// check, which is what makes it safe to send along with its buffer; ``copy()`` makes independent
/// storage with the same bytes.
///
/// The appends are inlinable so that writing a piece of markup from another module is a capacity
/// check and a copy, with no call; growing, the rare case, is a call (inlinable only so that the
/// optimizer sees what it touches, never inlined). The three stored properties are
/// `@exclusivity(unchecked)`: each access is a single load or store that never overlaps another (no
/// `inout` reference to them escapes), and a property that other modules' inlined code may touch
/// would otherwise be checked at run time on every append.
public final class ByteStorage: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var base: UnsafeMutablePointer<UInt8>
    @usableFromInline @exclusivity(unchecked) var written = 0
    @usableFromInline @exclusivity(unchecked) var capacity: Int
    /// Whether `base` is this storage's own allocation, rather than memory lent by ``array(capacity:_:)``.
    @usableFromInline @exclusivity(unchecked) var ownsBase = true

    /// Creates empty storage.
    /// - Parameter capacity: The number of bytes to reserve; at least 64 are.
    public init(capacity: Int) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    /// Storage writing into `memory`, which its owner keeps for longer than this storage is written to,
    /// until it needs more: it then moves to an allocation of its own.
    @usableFromInline
    init(writingInto memory: UnsafeMutableBufferPointer<UInt8>) {
        base = memory.baseAddress.unsafelyUnwrapped
        capacity = memory.count
        ownsBase = false
    }

    deinit { if ownsBase { base.deallocate() } }

    /// The bytes `write` appends to new storage, as an array made with room for `capacity` bytes: as long
    /// as they fit, they are written straight into the array's memory, so the array is made with no copy;
    /// past it, they move to an allocation of the storage's own and are copied into an array at the end.
    /// `write` may not keep the storage.
    ///
    /// A short array (a few header lines) is written on the stack first and then copied into an array of
    /// its length: making an array with uninitialized room goes through the standard library's generic
    /// code, which costs more than the copy of a few hundred bytes.
    /// - Complexity: O(bytes written), plus a copy of them when they outgrow `capacity` or are short.
    @inlinable
    public static func array(capacity: Int, _ write: (ByteStorage) -> Void) -> [UInt8] {
        if capacity <= shortArrayCapacity {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: shortArrayCapacity) { memory in
                let storage = ByteStorage(writingInto: memory)
                write(storage)
                return storage.bytes
            }
        }
        var grown: ByteStorage?
        let bytes = [UInt8](unsafeUninitializedCapacity: Swift.max(capacity, 64)) { memory, count in
            let storage = ByteStorage(writingInto: memory)
            write(storage)
            if storage.ownsBase {
                grown = storage
                count = 0
            } else {
                count = storage.written
            }
        }
        return grown?.bytes ?? bytes
    }

    /// Where ``write(into:capacity:_:)`` left what it wrote.
    public enum Placement {
        /// The first `count` bytes of the memory it was given.
        case lent(count: Int)
        /// An array of their own: the bytes outgrew the memory given (or it had next to no room).
        case array([UInt8])
    }

    /// What `write` appends to new storage, written into `memory`, which the caller lends for the call,
    /// as long as it fits: then nothing is allocated for the bytes. Past it, they move to an allocation of
    /// the storage's own and are returned as an array. `write` may not keep the storage.
    /// - Parameter capacity: the room to start with when `memory` has less than 64 bytes.
    /// - Complexity: O(bytes written), plus a copy of them when they outgrow `memory`.
    @inlinable
    public static func write(
        into memory: UnsafeMutableRawBufferPointer, capacity: Int, _ write: (ByteStorage) -> Void
    ) -> Placement {
        guard memory.count >= 64 else {
            let storage = ByteStorage(capacity: capacity)
            write(storage)
            return .array(storage.bytes)
        }
        let storage = ByteStorage(writingInto: memory.bindMemory(to: UInt8.self))
        write(storage)
        return storage.ownsBase ? .array(storage.bytes) : .lent(count: storage.written)
    }

    /// The number of bytes written so far.
    @inlinable public var count: Int { written }

    /// The bytes written so far, copied.
    /// - Complexity: O(count).
    @inlinable public var bytes: [UInt8] {
        // One memcpy into an array made by code specialized for bytes.
        [UInt8](UnsafeRawBufferPointer(start: base, count: written))
    }

    /// The most bytes ``array(capacity:_:)`` writes on the stack first (the stack takes up to 1 KiB with
    /// no check of its bounds).
    @inlinable public static var shortArrayCapacity: Int { 512 }

    /// New storage with the same bytes and capacity, for a buffer that is about to write to storage it
    /// shares.
    /// - Returns: The copy; this storage is left as it is.
    /// - Complexity: O(count).
    public func copy() -> ByteStorage {
        let copy = ByteStorage(capacity: capacity)
        copy.base.update(from: base, count: written)
        copy.written = written
        return copy
    }

    /// Appends one byte.
    /// - Complexity: O(1) amortized.
    @inlinable @inline(__always)
    public func append(_ byte: UInt8) {
        if written == capacity { grow(toFit: 1) }
        base[written] = byte
        written &+= 1
    }

    /// Appends `bytes` as they are (see ``copy(_:_:to:)``).
    /// - Parameter bytes: The bytes to copy; they may not overlap this storage.
    /// - Complexity: O(bytes.count) amortized.
    @inlinable @inline(__always)
    public func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let length = bytes.count
        if length > capacity &- written { grow(toFit: length) }
        Self.copy(source, length, to: UnsafeMutableRawPointer(base + written))
        written &+= length
    }

    /// Appends `bytes` between two `quote` bytes, and `suffix` after them when there is one (a JSON
    /// string, or a key and its colon), with one capacity check.
    /// - Complexity: O(bytes.count) amortized.
    @inlinable @inline(__always)
    public func appendQuoted(_ bytes: UnsafeRawBufferPointer, quote: UInt8, suffix: UInt8? = nil) {
        let length = bytes.count
        let total = length &+ (suffix == nil ? 2 : 3)
        if total > capacity &- written { grow(toFit: total) }
        let target = base + written
        target[0] = quote
        if let source = bytes.baseAddress, length > 0 {
            Self.copy(source, length, to: UnsafeMutableRawPointer(target + 1))
        }
        target[length &+ 1] = quote
        if let suffix { target[length &+ 2] = suffix }
        written &+= total
    }

    /// Copies `length` (at least 1) bytes from `source` to `target`: short pieces (most markup, text
    /// and JSON members) 8 bytes at a time or, below 8, in two overlapping stores, rather than through
    /// a call to memmove; longer ones with memmove.
    @inlinable @inline(__always)
    public static func copy(_ source: UnsafeRawPointer, _ length: Int, to target: UnsafeMutableRawPointer) {
        if length <= 64 {
            if length >= 8 {
                // Whole words, then the last 8 bytes, which may overlap the word before them.
                var offset = 0
                while offset &+ 8 < length {
                    target.storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
                        toByteOffset: offset, as: UInt64.self)
                    offset &+= 8
                }
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self),
                    toByteOffset: length &- 8, as: UInt64.self)
            } else if length >= 4 {
                // 4 to 7 bytes: the first 4 and the last 4, which may overlap; 2 or 3 bytes likewise.
                Self.copyEnds(UInt32.self, length, from: source, to: target)
            } else if length >= 2 {
                Self.copyEnds(UInt16.self, length, from: source, to: target)
            } else {
                target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
            }
        } else {
            target.copyMemory(from: source, byteCount: length)
        }
    }

    /// Copies `length` bytes (from one to two words of `Word`) as the first word and the last word,
    /// which overlap when `length` is less than two words.
    @inlinable @inline(__always)
    static func copyEnds<Word: FixedWidthInteger>(
        _: Word.Type, _ length: Int, from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer
    ) {
        let last = length &- MemoryLayout<Word>.size
        let head = source.loadUnaligned(as: Word.self)
        let tail = source.loadUnaligned(fromByteOffset: last, as: Word.self)
        target.storeBytes(of: head, as: Word.self)
        target.storeBytes(of: tail, toByteOffset: last, as: Word.self)
    }

    /// Appends the UTF-8 bytes of `literal`.
    /// - Complexity: O(length of `literal`) amortized.
    @inlinable @inline(__always)
    public func append(_ literal: StaticString) {
        append(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends the bytes of an array.
    /// - Complexity: O(bytes.count) amortized.
    /// Appends the decimal digits of `value`, two at a time, straight into the allocation.
    @inlinable @inline(__always)
    public func appendDecimal(_ value: UInt64) {
        // One or two digits (a row's index in its section, most heights) without a call.
        if value < 10 {
            append(UInt8(truncatingIfNeeded: value) &+ 0x30)
        } else if value < 100 {
            if 2 > capacity &- written { grow(toFit: 2) }
            UnsafeMutableRawPointer(base + written).storeBytes(
                of: UnsafeRawPointer(Self.digitPairs.utf8Start).loadUnaligned(
                    fromByteOffset: Int(truncatingIfNeeded: value) &* 2, as: UInt16.self),
                as: UInt16.self)
            written &+= 2
        } else {
            appendLongDecimal(value)
        }
    }

    /// ``appendDecimal(_:)`` for a value of three digits or more.
    @inlinable
    func appendLongDecimal(_ value: UInt64) {
        if Self.longestDecimal > capacity &- written { grow(toFit: Self.longestDecimal) }
        written &+= Self.writeLongDecimal(value, to: UnsafeMutableRawPointer(base + written))
    }

    /// The most bytes ``writeDecimal(_:to:)`` writes: the digits of `UInt64.max`.
    @inlinable public static var longestDecimal: Int { 20 }

    /// Writes the decimal digits of `value` at `target`, which has room for ``longestDecimal`` bytes.
    /// - Returns: the number of digits written.
    @inlinable @inline(__always)
    public static func writeDecimal(_ value: UInt64, to target: UnsafeMutableRawPointer) -> Int {
        if value < 10 {
            target.storeBytes(of: UInt8(truncatingIfNeeded: value) &+ 0x30, as: UInt8.self)
            return 1
        }
        if value < 100 {
            target.storeBytes(
                of: UnsafeRawPointer(digitPairs.utf8Start).loadUnaligned(
                    fromByteOffset: Int(truncatingIfNeeded: value) &* 2, as: UInt16.self),
                as: UInt16.self)
            return 2
        }
        return writeLongDecimal(value, to: target)
    }

    /// ``writeDecimal(_:to:)`` for a value of three digits or more (a call, not inlined).
    @inlinable
    static func writeLongDecimal(_ value: UInt64, to target: UnsafeMutableRawPointer) -> Int {
        if value < 100_000_000 { return writeEightDigits(value, to: target) }
        let length = Self.decimalLength(value)
        let pairs = UnsafeRawPointer(Self.digitPairs.utf8Start)
        var rest = value
        var position = length
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            position &-= 2
            target.storeBytes(
                of: pairs.loadUnaligned(fromByteOffset: pair, as: UInt16.self), toByteOffset: position, as: UInt16.self)
        }
        if rest >= 10 {
            position &-= 2
            target.storeBytes(
                of: pairs.loadUnaligned(fromByteOffset: Int(truncatingIfNeeded: rest) &* 2, as: UInt16.self),
                toByteOffset: position, as: UInt16.self)
        } else {
            target.storeBytes(of: UInt8(truncatingIfNeeded: rest) &+ 0x30, toByteOffset: position &- 1, as: UInt8.self)
        }
        return length
    }

    /// ``writeDecimal(_:to:)`` for a value of three to eight digits (ids, offsets), with no loop and no
    /// table: its eight digits, leading zeros included, are formed in the bytes of one word (the value
    /// split in two halves of four digits, each half in two pairs, each pair in two digits, every split
    /// a multiplication by a reciprocal over all the lanes at once), the leading zeros counted from the
    /// word, and the word stored shifted past them. The store writes 8 bytes; only the digits are
    /// counted as written.
    @inlinable @inline(__always)
    static func writeEightDigits(_ value: UInt64, to target: UnsafeMutableRawPointer) -> Int {
        // Lanes of 32 bits: the first four digits and the last four.
        let halves = value / 10_000 | (value % 10_000) << 32
        // Lanes of 16 bits: each half's hundreds (x / 100 is x × 10,486 >> 20 below 10,000) and the rest.
        let hundreds = ((halves &* 10_486) >> 20) & 0x0000_007F_0000_007F
        let pairs = (halves &- 100 &* hundreds) << 16 | hundreds
        // Lanes of 8 bits: each pair's tens (x / 10 is x × 103 >> 10 below 100) and units; the first digit
        // in the lowest byte, which is memory order once stored little-endian.
        let tens = ((pairs &* 103) >> 10) & 0x000F_000F_000F_000F
        let digits = (pairs &- 10 &* tens) << 8 | tens
        let leadingZeros = digits.trailingZeroBitCount >> 3
        let word = (digits | 0x3030_3030_3030_3030) &>> UInt64(truncatingIfNeeded: leadingZeros &* 8)
        target.storeBytes(of: word.littleEndian, as: UInt64.self)
        return 8 &- leadingZeros
    }

    /// Lets `write` write up to `maximum` bytes at the end, from the address it is given, and counts the
    /// bytes it says it wrote: one capacity check for many pieces.
    /// - Parameters:
    ///   - maximum: the most bytes `write` may write.
    ///   - write: writes from its argument on and returns how many bytes it wrote (at most `maximum`).
    /// - Complexity: O(bytes written) amortized.
    @inlinable @inline(__always)
    public func append(upTo maximum: Int, _ write: (UnsafeMutableRawPointer) -> Int) {
        if maximum > capacity &- written { grow(toFit: maximum) }
        let count = write(UnsafeMutableRawPointer(base + written))
        precondition(count >= 0 && count <= maximum, "wrote past the room asked for")
        written &+= count
    }

    /// The number of decimal digits of `value` (at least 1): the bit length gives it to within one
    /// (`bits × log10 2`), and one comparison with a power of ten settles it.
    @inlinable @inline(__always)
    static func decimalLength(_ value: UInt64) -> Int {
        let bits = 64 &- (value | 1).leadingZeroBitCount
        let guess = (bits &* 1233) >> 12
        return guess &+ (value >= Self.powerOfTen(guess) ? 1 : 0)
    }

    /// 10^`exponent`, for 0...19 (a switch the compiler turns into a table of constants).
    @inlinable @inline(__always)
    static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }

    /// `00`, `01`, … `99`: the digits of every pair, so numbers are written two digits a division.
    @usableFromInline static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    @inlinable
    public func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Grows the allocation, at least doubling it, so that `extra` more bytes fit.
    /// - Complexity: O(count).
    @inlinable @inline(never)
    func grow(toFit extra: Int) {
        let newCapacity = Swift.max(capacity * 2, written + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: written)
        if ownsBase { base.deallocate() }
        base = newBase
        capacity = newCapacity
        ownsBase = true
    }
}
