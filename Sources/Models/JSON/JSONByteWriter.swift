// Models — A growable buffer of JSON bytes that ``JSONWriter`` writes into with

/// A growable buffer of JSON bytes that ``JSONWriter`` writes into with plain stores,
/// then hands over to the caller's array in one copy.
///
/// Appending to a Swift array byte by byte checks the array's uniqueness and capacity
/// through calls on every append; this buffer checks only its capacity, inline.
struct JSONByteWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes written so far.
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Appends the bytes written so far to `buffer`.
    /// - Complexity: O(count).
    func copy(into buffer: inout [UInt8]) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes written so far, as a new array.
    var bytes: [UInt8] {
        [UInt8](UnsafeBufferPointer(start: base, count: count))
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toFit: 1) }
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if bytes.count > capacity &- count { grow(toFit: bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count &+= bytes.count
    }

    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(repeating byte: UInt8, count repeated: Int) {
        precondition(repeated >= 0, "JSONByteWriter: negative count")
        if repeated > capacity &- count { grow(toFit: repeated) }
        (base + count).update(repeating: byte, count: repeated)
        count &+= repeated
    }

    /// Grows the buffer, at least doubling it, so that `extra` more bytes fit.
    private mutating func grow(toFit extra: Int) {
        let newCapacity = Swift.max(capacity * 2, count + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
