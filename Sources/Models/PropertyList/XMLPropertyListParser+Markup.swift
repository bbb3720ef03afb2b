// Models — tags, comments, processing instructions and the document type

/// Tags, comments, processing instructions and the document type declaration.
extension XMLPropertyListParser {
    /// Whether the bytes at the cursor are `literal`.
    func atLiteral(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard bytes.count - position >= length else { return false }
        let pattern = literal.utf8Start
        for offset in 0..<length where bytes[position + offset] != pattern[offset] {
            return false
        }
        return true
    }

    /// Skips whitespace, comments and processing instructions (and a `<!DOCTYPE …>` when allowed), stopping
    /// at anything else or at the end.
    mutating func skipMisc(allowingDoctype: Bool) throws(DocumentSyntaxError) {
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isWhitespace(byte) {
                position += 1
            } else if byte != UInt8(ascii: "<") {
                return
            } else if position + 1 < bytes.count, bytes[position + 1] != UInt8(ascii: "!"),
                bytes[position + 1] != UInt8(ascii: "?")
            {
                return
            } else if atLiteral("<!--") {
                try skipComment()
            } else if atLiteral("<?") {
                try skipProcessingInstruction()
            } else if allowingDoctype, atLiteral("<!DOCTYPE") {
                try skipDoctype()
            } else {
                return
            }
        }
    }

    /// Skips to the next tag inside the element `parent` and reads it.
    /// - Throws: when the document ends first, or when text or other markup comes before the tag.
    mutating func nextTag(inside parent: Tag) throws(DocumentSyntaxError) -> Tag {
        try skipMisc(allowingDoctype: false)
        guard position < bytes.count else { throw truncated(inside: parent) }
        guard bytes[position] == UInt8(ascii: "<") else {
            throw error(at: position, "unexpected text inside <\(name(of: parent))>")
        }
        if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "!") {
            throw error(at: position, "unexpected markup inside <\(name(of: parent))>")
        }
        return try readTag()
    }

    /// Reads the tag whose `<` is at the cursor, attributes included (they are ignored).
    mutating func readTag() throws(DocumentSyntaxError) -> Tag {
        let start = position
        position += 1
        let isEnd = position < bytes.count && bytes[position] == UInt8(ascii: "/")
        if isEnd { position += 1 }
        let nameStart = position
        while position < bytes.count, !Self.endsName(bytes[position]) { position += 1 }
        let nameRange = nameStart..<position
        guard !nameRange.isEmpty else {
            if position == bytes.count { throw error(at: start, "the document ends inside a tag") }
            throw error(at: start, "expected an element name after '<'")
        }
        var tag = Tag(
            element: element(named: nameRange), isEnd: isEnd, isSelfClosing: false, offset: start,
            nameRange: nameRange)
        guard position < bytes.count else { throw truncatedTag(tag) }
        if !isEnd, tag.element == .unknown {
            throw error(at: start, "unknown element <\(name(of: tag))>")
        }
        while true {
            while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
            guard position < bytes.count else { throw truncatedTag(tag) }
            switch bytes[position] {
            case UInt8(ascii: ">"):
                position += 1
                return tag
            case UInt8(ascii: "/") where !isEnd:
                guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") else {
                    throw error(at: position, "expected '>' after '/' in \(describe(tag))")
                }
                position += 2
                tag.isSelfClosing = true
                return tag
            default:
                guard !isEnd else { throw error(at: position, "unexpected text in \(describe(tag))") }
                try skipAttribute(of: tag)
            }
        }
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "<")
            || byte == UInt8(ascii: "=")
    }

    /// Skips `name="value"` or `name='value'`.
    private mutating func skipAttribute(of tag: Tag) throws(DocumentSyntaxError) {
        let start = position
        while position < bytes.count, !Self.endsName(bytes[position]) { position += 1 }
        guard position > start else { throw error(at: position, "expected an attribute name in \(describe(tag))") }
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
            if position == bytes.count { throw truncatedTag(tag) }
            throw error(at: position, "expected '=' after an attribute name in \(describe(tag))")
        }
        position += 1
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
        else {
            if position == bytes.count { throw truncatedTag(tag) }
            throw error(at: position, "expected a quoted attribute value in \(describe(tag))")
        }
        let quote = bytes[position]
        position += 1
        while position < bytes.count, bytes[position] != quote { position += 1 }
        guard position < bytes.count else { throw truncatedTag(tag) }
        position += 1
    }

    private func truncatedTag(_ tag: Tag) -> DocumentSyntaxError {
        error(at: tag.offset, "the document ends inside the tag \(describe(tag))")
    }

    /// Maps a tag name to its element without building a string: the name's ASCII bytes, big-endian, as an integer.
    private func element(named range: Range<Int>) -> Element {
        guard range.count <= 7 else { return .unknown }
        var code: UInt64 = 0
        for index in range { code = code << 8 | UInt64(bytes[index]) }
        switch code {
        case 0x6b6579: return .key  // "key"
        case 0x6469_6374: return .dict  // "dict"
        case 0x7265_616c: return .real  // "real"
        case 0x7472_7565: return .true  // "true"
        case 0x6461_7465: return .date  // "date"
        case 0x6461_7461: return .data  // "data"
        case 0x61_7272_6179: return .array  // "array"
        case 0x70_6c69_7374: return .plist  // "plist"
        case 0x66_616c_7365: return .false  // "false"
        case 0x7374_7269_6e67: return .string  // "string"
        case 0x69_6e74_6567_6572: return .integer  // "integer"
        default: return .unknown
        }
    }

    /// Skips `<!-- … -->` at the cursor.
    mutating func skipComment() throws(DocumentSyntaxError) {
        let start = position
        position += 4
        while position + 2 < bytes.count {
            if bytes[position] == UInt8(ascii: "-"), bytes[position + 1] == UInt8(ascii: "-"),
                bytes[position + 2] == UInt8(ascii: ">")
            {
                position += 3
                return
            }
            position += 1
        }
        throw error(at: start, "the document ends inside a comment")
    }

    /// Skips `<? … ?>` at the cursor (the XML declaration among them).
    mutating func skipProcessingInstruction() throws(DocumentSyntaxError) {
        let start = position
        position += 2
        while position + 1 < bytes.count {
            if bytes[position] == UInt8(ascii: "?"), bytes[position + 1] == UInt8(ascii: ">") {
                position += 2
                return
            }
            position += 1
        }
        throw error(at: start, "the document ends inside a processing instruction")
    }

    /// Skips `<!DOCTYPE …>` at the cursor, an internal subset in `[…]` and quoted strings included.
    private mutating func skipDoctype() throws(DocumentSyntaxError) {
        let start = position
        position += 9
        var quote: UInt8?
        var brackets = 0
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "["): brackets += 1
            case UInt8(ascii: "]"): brackets = max(0, brackets - 1)
            case UInt8(ascii: ">") where brackets == 0: return
            default: break
            }
        }
        throw error(at: start, "the document ends inside <!DOCTYPE>")
    }
}
