// ListServer — ListRender

/// The bytes of an ``HTMLBuffer``: a growing allocation written with plain copies. Only a buffer that
/// holds the sole reference writes to it (copy on write), so it is safe to send with the buffer.
final class HTMLStorage: @unchecked Sendable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    var bytes: [UInt8] { [UInt8](UnsafeBufferPointer(start: base, count: count)) }

    func copy() -> HTMLStorage {
        let copy = HTMLStorage(capacity: capacity)
        copy.base.update(from: base, count: count)
        copy.count = count
        return copy
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(toFit: 1) }
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let length = bytes.count
        if length > capacity &- count { grow(toFit: length) }
        let target = UnsafeMutableRawPointer(base + count)
        if length <= 64 {
            // Short pieces (most markup and text) are copied 8 bytes at a time here rather than through a
            // call to memmove; the last word may overlap the one before it.
            if length >= 8 {
                var offset = 0
                while offset &+ 8 < length {
                    target.storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
                        toByteOffset: offset, as: UInt64.self)
                    offset &+= 8
                }
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self),
                    toByteOffset: length &- 8, as: UInt64.self)
            } else {
                for offset in 0..<length {
                    target.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self),
                        toByteOffset: offset, as: UInt8.self)
                }
            }
        } else {
            target.copyMemory(from: source, byteCount: length)
        }
        count &+= length
    }

    /// Grows the allocation, at least doubling it, so that `extra` more bytes fit.
    private func grow(toFit extra: Int) {
        let newCapacity = Swift.max(capacity * 2, count + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
