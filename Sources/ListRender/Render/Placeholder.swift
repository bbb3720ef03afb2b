// ListRender — the placeholder of an image that resolves nowhere: initials on a colour from the name
import Models

/// What a row shows where its image would be when the image's name resolves nowhere, as iOS
/// draws a contact without a photo: up to two initials, white on a colour picked from the name.
enum Placeholder {
    /// Background colours, each with white text above WCAG AA contrast (4.5:1).
    static let palette: [StaticString] = [
        "#b03a2e", "#a04000", "#7d6608", "#1e7a46", "#117a65", "#1f618d", "#5b2c6f", "#6e2c00",
        "#2e4053", "#943126",
    ]

    /// The colour for a name: the same name always gets the same one.
    /// - Complexity: O(n) in the name's UTF-8 length.
    static func colour(for name: String) -> StaticString {
        var name = name
        return name.withUTF8 { colour(forUTF8: UnsafeRawBufferPointer($0)) }
    }

    /// ``colour(for:)`` of a name lent as UTF-8 bytes.
    /// - Complexity: O(n) in the name's length.
    static func colour(forUTF8 name: UnsafeRawBufferPointer) -> StaticString {
        var hash: UInt32 = 2_166_136_261
        for byte in name { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return palette[Int(hash % UInt32(palette.count))]
    }

    /// The first letter of the name's first two words that start with one, upper-cased ("Ada Lovelace" →
    /// "AL", "Tom & Jo" → "TJ"); numbers are not initials ("Player 9" → "P", "好友 1" → "好") unless the
    /// name has no letter ("2048" → "2"); a name of one word in a script without spaces gives its first
    /// character ("张伟" → "张").
    /// - Complexity: O(n) in the name's length.
    static func initials(of name: String) -> String {
        if let initials = asciiInitials(of: name) { return initials }
        return unicodeInitials(of: name)
    }

    /// ``initials(of:)`` of an ASCII name, read a byte at a time: for ASCII the character classes are
    /// the byte ranges, and there is no case to look up. Nil when the name has a byte past ASCII.
    static func asciiInitials(of name: String) -> String? {
        var name = name
        return name.withUTF8 { name in
            asciiInitials(utf8: UnsafeRawBufferPointer(name)).map { initials in
                withUnsafeBytes(of: initials.letters) { String(decoding: $0.prefix(initials.count), as: UTF8.self) }
            }
        }
    }

    /// The up to two ASCII initials of a name lent as UTF-8 bytes, as ``asciiInitials(of:)`` finds them, with
    /// nothing allocated: the letters in order and how many there are. Nil when the name has a byte past ASCII.
    /// - Complexity: O(n) in the name's length.
    static func asciiInitials(utf8 name: UnsafeRawBufferPointer) -> (letters: (UInt8, UInt8), count: Int)? {
        var letters: (UInt8, UInt8) = (0, 0)
        var count = 0
        var firstDigit: UInt8?
        var inWord = false
        var wordHasInitial = false
        for byte in name {
            guard byte < 0x80 else { return nil }
            switch byte {
            case 0x09...0x0D, UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                inWord = false
            default:
                if !inWord {
                    inWord = true
                    wordHasInitial = false
                }
                let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                if isDigit, firstDigit == nil { firstDigit = byte }
                if !wordHasInitial, count < 2, isLetter {
                    if count == 0 { letters.0 = byte & ~0x20 } else { letters.1 = byte & ~0x20 }
                    count += 1
                }
                // A word's initial is its first letter or digit: a word that starts with a digit gives none.
                if isLetter || isDigit { wordHasInitial = true }
            }
        }
        if count == 0, let firstDigit { return ((firstDigit, 0), 1) }
        return (letters, count)
    }

    /// ``initials(of:)`` by Unicode's character classes and case.
    static func unicodeInitials(of name: String) -> String {
        let words = name.split(whereSeparator: { $0.isWhitespace || $0 == "-" || $0 == "_" || $0 == "." })
        let initials = words.lazy.compactMap { word in word.first(where: { $0.isLetter || $0.isNumber }) }
        let letters = initials.filter(\.isLetter).prefix(2)
        guard letters.isEmpty else { return String(letters).uppercased() }
        return initials.first.map(String.init) ?? ""
    }
}
