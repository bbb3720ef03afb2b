// Bytes — hexadecimal digits written straight into a byte allocation

extension ByteStorage {
    /// Appends `value` as 16 lower-case hexadecimal digits, most significant first: the digest in an
    /// entity tag, written into room reserved once instead of one capacity check a digit.
    @inlinable
    package func appendHexadecimal(_ value: UInt64) {
        append(upTo: 16) { target in
            let digits = UnsafeRawPointer(Self.hexadecimalDigits.utf8Start)
            var shift: UInt64 = 60
            for index in 0..<16 {
                let nibble = Int(truncatingIfNeeded: value &>> shift) & 0xF
                target.storeBytes(
                    of: digits.load(fromByteOffset: nibble, as: UInt8.self), toByteOffset: index, as: UInt8.self)
                shift &-= 4
            }
            return 16
        }
    }

    /// The hexadecimal digits, by value.
    @inlinable package static var hexadecimalDigits: StaticString { "0123456789abcdef" }
}
