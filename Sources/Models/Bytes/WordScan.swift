// Models — bytes scanned 8 at a time for a word a test picks

/// Bytes scanned 8 at a time: how the JSON and HTML writers ask whether a text needs an escape.
public enum WordScan {
    /// Whether `test` holds for any 8-byte word of `bytes`, read in order, the last one overlapping the
    /// word before it, so that every byte is in a word.
    /// - Precondition: `bytes` holds 8 bytes or more.
    /// - Complexity: O(`bytes.count`).
    @inlinable @inline(__always)
    public static func anyWord(of bytes: UnsafeRawBufferPointer, _ test: (UInt64) -> Bool) -> Bool {
        let count = bytes.count
        assert(count >= 8, "a word scan needs 8 bytes")
        var offset = 0
        while offset &+ 8 < count {
            if test(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
            offset &+= 8
        }
        return test(bytes.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
    }
}
