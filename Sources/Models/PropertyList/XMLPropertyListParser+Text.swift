// Models — character data: the text of `<string>`

/// Character data: the text of `<string>`, `<key>` and the scalar elements.
extension XMLPropertyListParser {
    /// Where an element's text ended up.
    enum Text {
        /// Untouched bytes of the document.
        case document(Range<Int>)
        /// Decoded bytes in ``XMLPropertyListParser/scratch`` (entities, CDATA, comments or `\r` were present).
        case scratch
    }

    /// Reads the text of the element `open` and its close tag.
    ///
    /// The common case (no `&`, no `\r`, no markup) is one scan and no copy.
    /// - Throws: for an element inside the text, a mismatched close tag, a bad entity, or the end of the
    ///   document.
    mutating func readText(_ open: Tag) throws(DocumentSyntaxError) -> Text {
        if open.isSelfClosing { return .document(position..<position) }
        let start = position
        var index = position
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == 0x0D { break }
            index += 1
        }
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "/") {
            position = index
            try readClose(open)
            return .document(start..<index)
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        position = index
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "&") {
                try appendEntity(inside: open)
            } else if byte == 0x0D {
                appendLineEnd()
            } else if byte != UInt8(ascii: "<") {
                scratch.append(byte)
                position += 1
            } else if atLiteral("</") {
                try readClose(open)
                return .scratch
            } else if atLiteral("<!--") {
                try skipComment()
            } else if atLiteral("<![CDATA[") {
                try appendCDATA()
            } else if atLiteral("<?") {
                try skipProcessingInstruction()
            } else {
                let inner = try readTag()
                throw error(at: inner.offset, "\(describe(inner)) is not allowed inside \(describe(open))")
            }
        }
        throw truncated(inside: open)
    }

    /// Calls `body` with the bytes of `text`.
    func withBytes<Result>(_ text: Text, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch text {
        case .document(let range): body(UnsafeBufferPointer(rebasing: bytes[range]))
        case .scratch: scratch.withUnsafeBufferPointer(body)
        }
    }

    /// The document offset where `text` starts, for error messages.
    func offset(of text: Text, in open: Tag) -> Int {
        switch text {
        case .document(let range): range.lowerBound
        case .scratch: open.offset
        }
    }

    /// Reads the text of `open` as a string.
    /// - Throws: when the text is not UTF-8, and everything ``readText(_:)`` throws.
    mutating func readString(_ open: Tag) throws(DocumentSyntaxError) -> String {
        let text = try readText(open)
        let string = withBytes(text) { buffer -> String? in
            buffer.isEmpty ? "" : PropertyListText.string(fromUTF8: buffer)
        }
        guard let string else {
            throw error(at: offset(of: text, in: open), "the text of \(describe(open)) is not valid UTF-8")
        }
        return string
    }

    /// Reads the close tag at the cursor and checks it closes `open`.
    private mutating func readClose(_ open: Tag) throws(DocumentSyntaxError) {
        let close = try readTag()
        guard close.element == open.element else { throw mismatch(open, close) }
    }

    /// Appends `\n` for `\r\n` or a lone `\r`.
    private mutating func appendLineEnd() {
        scratch.append(0x0A)
        position += 1
        if position < bytes.count, bytes[position] == 0x0A { position += 1 }
    }

    /// Appends the text of `<![CDATA[ … ]]>` at the cursor, line ends normalized.
    private mutating func appendCDATA() throws(DocumentSyntaxError) {
        let start = position
        position += 9
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "]"), atLiteral("]]>") {
                position += 3
                return
            }
            if byte == 0x0D {
                appendLineEnd()
            } else {
                scratch.append(byte)
                position += 1
            }
        }
        throw error(at: start, "the document ends inside a CDATA section")
    }

    /// Decodes the entity or character reference at the cursor into ``scratch``.
    private mutating func appendEntity(inside open: Tag) throws(DocumentSyntaxError) {
        let start = position
        var end = position + 1
        while end < bytes.count, end - start <= 12, bytes[end] != UInt8(ascii: ";"),
            bytes[end] != UInt8(ascii: "<"), bytes[end] != UInt8(ascii: "&")
        {
            end += 1
        }
        guard end < bytes.count else { throw truncated(inside: open) }
        guard bytes[end] == UInt8(ascii: ";") else {
            throw error(at: start, "'&' must start an entity such as &amp; or &#38;")
        }
        let name = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end])
        let rendered = "&" + String(decoding: name, as: UTF8.self) + ";"
        if name.first == UInt8(ascii: "#") {
            guard let scalar = Self.characterReference(UnsafeBufferPointer(rebasing: name.dropFirst())) else {
                throw error(at: start, "invalid character reference \(rendered)")
            }
            scratch.append(contentsOf: String(Character(scalar)).utf8)
        } else {
            switch String(decoding: name, as: UTF8.self) {
            case "lt": scratch.append(UInt8(ascii: "<"))
            case "gt": scratch.append(UInt8(ascii: ">"))
            case "amp": scratch.append(UInt8(ascii: "&"))
            case "quot": scratch.append(UInt8(ascii: "\""))
            case "apos": scratch.append(UInt8(ascii: "'"))
            default: throw error(at: start, "unknown entity \(rendered)")
            }
        }
        position = end + 1
    }

    /// The scalar of `NN` or `xHH` (after `&#`), or nil when it is malformed or not a Unicode scalar.
    private static func characterReference(_ digits: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        var index = 0
        var radix: UInt32 = 10
        if let first = digits.first, first == UInt8(ascii: "x") || first == UInt8(ascii: "X") {
            radix = 16
            index = 1
        }
        guard index < digits.count else { return nil }
        var value: UInt32 = 0
        while index < digits.count {
            guard let digit = hexDigit(digits[index]), digit < radix else { return nil }
            value = value * radix + digit
            guard value <= 0x10FFFF else { return nil }
            index += 1
        }
        return Unicode.Scalar(value)
    }

    static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
