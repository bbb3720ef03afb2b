// Models — the old ASCII form of a `.strings` file, parsed into its table

/// The parser of the old ASCII form of a `.strings` file: `key = value;` pairs, where each is a quoted string
/// or an unquoted word, between `/* … */` and `// …` comments; the whole may sit in `{ … }`.
struct StringsFileParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    /// Reads every pair.
    /// - Returns: nil at the first thing that is not a pair.
    /// - Complexity: O(n) in the scalars.
    mutating func parse() -> [String: String]? {
        var table: [String: String] = [:]
        skipBlanks()
        var braced = false
        if peek == "{" {
            braced = true
            index += 1
        }
        while true {
            skipBlanks()
            guard let next = peek else { return braced ? nil : table }
            if braced && next == "}" { return table }
            guard let key = readString() else { return nil }
            skipBlanks()
            if peek == ";" {
                // `"key";` is the key translated as itself.
                index += 1
                table[key] = key
                continue
            }
            guard peek == "=" else { return nil }
            index += 1
            skipBlanks()
            guard let value = readString() else { return nil }
            skipBlanks()
            guard peek == ";" else { return nil }
            index += 1
            table[key] = value
        }
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func skipBlanks() {
        while let scalar = peek {
            if scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
                index += 1
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                index += 2
                while index < scalars.count, !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") {
                    index += 1
                }
                index = min(index + 2, scalars.count)
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while let character = peek, character != "\n" { index += 1 }
            } else {
                return
            }
        }
    }

    private mutating func readString() -> String? {
        guard let first = peek else { return nil }
        if first == "\"" || first == "'" {
            index += 1
            return readQuoted(until: first)
        }
        var word = String.UnicodeScalarView()
        while let scalar = peek, Self.isWordScalar(scalar) {
            word.append(scalar)
            index += 1
        }
        return word.isEmpty ? nil : String(word)
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_$+/:.-".unicodeScalars.contains(scalar)
    }

    private mutating func readQuoted(until quote: Unicode.Scalar) -> String? {
        var text = String.UnicodeScalarView()
        while let scalar = peek {
            index += 1
            if scalar == quote { return String(text) }
            guard scalar == "\\" else {
                text.append(scalar)
                continue
            }
            guard let escaped = peek else { return nil }
            index += 1
            switch escaped {
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "r": text.append("\r")
            case "a": text.append("\u{07}")
            case "b": text.append("\u{08}")
            case "f": text.append("\u{0C}")
            case "v": text.append("\u{0B}")
            case "U", "u":
                guard let scalar = readHex(count: 4) else { return nil }
                text.append(scalar)
            case "0"..."7":
                var value = escaped.value - 48
                for _ in 0..<2 {
                    guard let digit = peek, ("0"..."7").contains(digit) else { break }
                    value = value * 8 + digit.value - 48
                    index += 1
                }
                text.append(Unicode.Scalar(value) ?? "?")
            default: text.append(escaped)
            }
        }
        return nil
    }

    /// Reads `\Uxxxx`'s four hex digits, joining a surrogate pair written as two escapes.
    private mutating func readHex(count: Int) -> Unicode.Scalar? {
        guard index + count <= scalars.count else { return nil }
        let digits = String(String.UnicodeScalarView(scalars[index..<index + count]))
        guard let unit = UInt32(digits, radix: 16) else { return nil }
        index += count
        if (0xD800...0xDBFF).contains(unit), index + 6 <= scalars.count, scalars[index] == "\\",
            scalars[index + 1] == "U" || scalars[index + 1] == "u"
        {
            let low = String(String.UnicodeScalarView(scalars[index + 2..<index + 6]))
            if let lowUnit = UInt32(low, radix: 16), (0xDC00...0xDFFF).contains(lowUnit) {
                index += 6
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (lowUnit - 0xDC00))
            }
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }
}
