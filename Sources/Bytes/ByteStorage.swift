// Bytes — A growing byte allocation written with plain stores and copies

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
@usableFromInline package final class ByteStorage: @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var base: UnsafeMutablePointer<UInt8>
    @usableFromInline @exclusivity(unchecked) var written = 0
    @usableFromInline @exclusivity(unchecked) var capacity: Int
    /// Whether `base` is this storage's own allocation, rather than memory lent by ``array(capacity:_:)``.
    @usableFromInline @exclusivity(unchecked) var ownsBase = true

    /// Creates empty storage.
    /// - Parameter capacity: The number of bytes to reserve; at least 64 are.
    @usableFromInline
    package init(capacity: Int) {
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
    package static func array(capacity: Int, _ write: (ByteStorage) -> Void) -> [UInt8] {
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

    /// The number of bytes written so far.
    @inlinable package var count: Int { written }

    /// The bytes written so far, copied.
    /// - Complexity: O(count).
    @inlinable package var bytes: [UInt8] {
        // One memcpy into an array made by code specialized for bytes.
        [UInt8](UnsafeRawBufferPointer(start: base, count: written))
    }

    /// Forgets the bytes written, keeping the capacity: for a writer that hands its output on in pieces.
    /// - Complexity: O(1).
    package func removeAll() {
        written = 0
    }

    /// Forgets the bytes written after the first `count`, keeping the capacity.
    /// - Complexity: O(1).
    package func truncate(to count: Int) {
        precondition(count >= 0 && count <= written, "a count past the bytes written")
        written = count
    }

    /// Calls `body` with the bytes written so far, read in place; `body` may not append to the storage
    /// nor keep the bytes.
    @inlinable
    package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: written))
    }

    /// The most bytes ``array(capacity:_:)`` writes on the stack first (the stack takes up to 1 KiB with
    /// no check of its bounds).
    @inlinable package static var shortArrayCapacity: Int { 512 }

    /// New storage with the same bytes and capacity, for a buffer that is about to write to storage it
    /// shares.
    /// - Returns: The copy; this storage is left as it is.
    /// - Complexity: O(count).
    @usableFromInline
    package func copy() -> ByteStorage {
        let copy = ByteStorage(capacity: capacity)
        copy.base.update(from: base, count: written)
        copy.written = written
        return copy
    }

    /// Appends one byte.
    /// - Complexity: O(1) amortized.
    @inlinable @inline(__always)
    package func append(_ byte: UInt8) {
        if written == capacity { grow(toFit: 1) }
        assert(written < capacity, "no room for the byte")
        base[written] = byte
        written &+= 1
    }

    /// Appends `bytes` as they are (see ``copy(_:_:to:)``).
    /// - Parameter bytes: The bytes to copy; they may not overlap this storage.
    /// - Complexity: O(bytes.count) amortized.
    @inlinable @inline(__always)
    package func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let length = bytes.count
        if length > capacity &- written { grow(toFit: length) }
        assert(length <= capacity &- written, "no room for the bytes")
        Self.copy(source, length, to: UnsafeMutableRawPointer(base + written))
        written &+= length
    }

    /// Appends `bytes` between two `quote` bytes, and `suffix` after them when there is one (a JSON
    /// string, or a key and its colon), with one capacity check.
    /// - Complexity: O(bytes.count) amortized.
    @inlinable @inline(__always)
    package func appendQuoted(_ bytes: UnsafeRawBufferPointer, quote: UInt8, suffix: UInt8? = nil) {
        let length = bytes.count
        let total = length &+ (suffix == nil ? 2 : 3)
        if total > capacity &- written { grow(toFit: total) }
        assert(total <= capacity &- written, "no room for the quoted bytes")
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
    package static func copy(_ source: UnsafeRawPointer, _ length: Int, to target: UnsafeMutableRawPointer) {
        // Word stores are safe only over disjoint ranges, which every caller copies between.
        assert(
            length > 0 && (source + length <= UnsafeRawPointer(target) || UnsafeRawPointer(target) + length <= source),
            "copy of \(length) bytes between overlapping ranges")
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
    package func append(_ literal: StaticString) {
        append(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Lets `write` write up to `maximum` bytes at the end, from the address it is given, and counts the
    /// bytes it says it wrote: one capacity check for many pieces.
    /// - Parameters:
    ///   - maximum: the most bytes `write` may write.
    ///   - write: writes from its argument on and returns how many bytes it wrote (at most `maximum`).
    /// - Complexity: O(bytes written) amortized.
    @inlinable @inline(__always)
    package func append(upTo maximum: Int, _ write: (UnsafeMutableRawPointer) -> Int) {
        if maximum > capacity &- written { grow(toFit: maximum) }
        assert(maximum <= capacity &- written, "no room for the bytes asked for")
        let count = write(UnsafeMutableRawPointer(base + written))
        precondition(count >= 0 && count <= maximum, "wrote past the room asked for")
        written &+= count
    }

    /// Appends the bytes of an array.
    /// - Complexity: O(bytes.count) amortized.
    @inlinable
    package func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Appends the bytes written so far to `buffer`.
    /// - Complexity: O(count).
    @inlinable
    package func copy(into buffer: inout [UInt8]) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: base, count: written))
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
