// Bytes — the address of one element of a buffer, to read it in place

extension UnsafeBufferPointer {
    /// The address of the element at `index`, to read it in place: a copy of an element that holds
    /// references would retain and release each of them.
    /// - Parameter index: An index the caller knows to be within the buffer.
    /// - Returns: The element's address, valid while the buffer is.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package func address(at index: Int) -> UnsafePointer<Element> {
        // In bounds: the caller's index is below `count`, asserted in debug builds, so the buffer has a base.
        assert(index >= 0 && index < count, "an element past the buffer")
        return baseAddress.unsafelyUnwrapped + index
    }
}
