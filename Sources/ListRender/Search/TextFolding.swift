// ListRender — the case folding that search compares texts with

/// The case folding search compares texts with: every Unicode scalar replaced by its lowercase
/// mapping (`Unicode.Scalar.Properties.lowercaseMapping`, as `String.lowercased()` maps it), scalar by
/// scalar, so that a folded text is the concatenation of its scalars' folds and a match can be mapped
/// back onto the scalars it came from. Scripts without case (CJK, emoji) are left as they are.
///
/// ASCII is folded by arithmetic and the two-byte scalars (Latin-1, Latin Extended, Greek, Cyrillic,
/// …) through a table built once, so folding mostly-Latin text allocates nothing per character.
enum TextFolding {
    /// The lowercase scalar of every two-byte scalar (U+0080…U+07FF) whose lowercase mapping is one
    /// scalar, else 0 (the mapping is read from the scalar's properties).
    private static let twoByteLowercase: [UInt32] = (0..<0x800).map { value in
        guard value >= 0x80, let scalar = Unicode.Scalar(UInt32(value)) else { return UInt32(value) }
        let mapping = scalar.properties.lowercaseMapping.unicodeScalars
        return mapping.count == 1 ? mapping.first!.value : 0
    }

    /// Appends the folded UTF-8 of `text` to `bytes`.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { append(utf8: $0, to: &bytes) }
    }

    /// Appends the folded UTF-8 of the well-formed UTF-8 `utf8` to `bytes`, as ``append(_:to:)`` does.
    /// - Complexity: O(n) in the length of `utf8`.
    static func append(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        // ASCII text (most of it) is appended whole and folded in place.
        if !utf8.contains(where: { $0 >= 0x80 }) {
            let start = bytes.count
            bytes.append(contentsOf: utf8)
            bytes.withUnsafeMutableBufferPointer { folded in
                for index in start..<folded.count {
                    let byte = folded[index]
                    folded[index] = byte &+ (byte &- 0x41 < 26 ? 0x20 : 0)
                }
            }
            return
        }
        var index = 0
        while index < utf8.count {
            index = appendFolded(utf8, at: index, to: &bytes)
        }
    }

    /// The folded UTF-8 of `text`.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    static func folded(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        append(text, to: &bytes)
        return bytes
    }

    /// The folded UTF-8 of `text` and, for each folded byte, the UTF-8 offset in `text` of the scalar
    /// it came from.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    static func foldedWithOrigins(_ text: String) -> (bytes: [UInt8], origins: [Int]) {
        var text = text
        return text.withUTF8 { utf8 in
            var bytes: [UInt8] = []
            var origins: [Int] = []
            bytes.reserveCapacity(utf8.count)
            origins.reserveCapacity(utf8.count)
            var index = 0
            while index < utf8.count {
                let start = index
                index = appendFolded(utf8, at: index, to: &bytes)
                while origins.count < bytes.count { origins.append(start) }
            }
            return (bytes, origins)
        }
    }

    /// Folds the scalar whose UTF-8 starts at `index` of valid UTF-8: ASCII by arithmetic, any other
    /// through ``appendScalar(_:at:to:)``.
    /// - Returns: the offset after the scalar.
    @inline(__always)
    private static func appendFolded(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int, to bytes: inout [UInt8]) -> Int {
        let lead = utf8[index]
        guard lead >= 0x80 else {
            bytes.append(lead &+ (lead &- 0x41 < 26 ? 0x20 : 0))
            return index + 1
        }
        return appendScalar(utf8, at: index, to: &bytes)
    }

    /// Folds the non-ASCII scalar whose UTF-8 starts at `index` of valid UTF-8.
    /// - Returns: the offset after the scalar.
    @inline(__always)
    private static func appendScalar(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int, to bytes: inout [UInt8]) -> Int {
        let lead = utf8[index]
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | UInt32(utf8[index + offset] & 0x3F) }
        let end = index + length
        if length == 2, case let lower = twoByteLowercase[Int(value)], lower != 0 {
            appendUTF8(lower, to: &bytes)
            return end
        }
        // CJK, kana, Yi and Hangul have no case: the common non-Latin text needs no property lookup.
        let caseless = (0x3000..<0xA640).contains(value) || (0xAC00..<0xD800).contains(value)
        if !caseless, let scalar = Unicode.Scalar(value), scalar.properties.changesWhenLowercased {
            bytes.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
        } else {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[index..<end]))
        }
        return end
    }

    private static func appendUTF8(_ value: UInt32, to bytes: inout [UInt8]) {
        switch value {
        case ..<0x80:
            bytes.append(UInt8(value))
        case ..<0x800:
            bytes.append(UInt8(0xC0 | value >> 6))
            bytes.append(UInt8(0x80 | value & 0x3F))
        case ..<0x10000:
            bytes.append(UInt8(0xE0 | value >> 12))
            bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | value >> 18))
            bytes.append(UInt8(0x80 | value >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        }
    }
}
