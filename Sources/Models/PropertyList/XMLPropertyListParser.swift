// Models — the state of one XML property-list parse

/// The state of one XML property-list parse: a cursor over the document's bytes.
///
/// Recursive descent over elements; text is scanned byte by byte without building intermediate strings,
/// and line and column are computed only when an error is thrown.
struct XMLPropertyListParser {
    /// The elements of the plist vocabulary.
    enum Element {
        case plist, dict, array, key, string, integer, real, `true`, `false`, date, data, unknown
    }

    /// A start tag (`<dict>`, `<dict/>`) or an end tag (`</dict>`).
    struct Tag {
        var element: Element
        var isEnd: Bool
        var isSelfClosing: Bool
        /// The offset of the tag's `<`.
        var offset: Int
        var nameRange: Range<Int>
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var depth = 0
    /// Decoded text of the last element that needed entity, CDATA or line-end processing.
    var scratch: [UInt8] = []
    /// Items of the arrays being read, innermost last.
    var valueStack: [FieldValue] = []
    /// Entries of the dictionaries being read, innermost last.
    var fieldStack: [Field] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    // MARK: Document and values

    /// Parses the prolog, the root and the trailing comments.
    mutating func parseDocument() throws(DocumentSyntaxError) -> FieldValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        try skipMisc(allowingDoctype: true)
        guard position < bytes.count else {
            throw error(at: position, "the document ends before its value")
        }
        guard bytes[position] == UInt8(ascii: "<") else {
            throw error(at: position, "text before the plist element")
        }
        let root = try readTag()
        let value: FieldValue
        if root.element == .plist, !root.isEnd {
            guard !root.isSelfClosing else { throw error(at: root.offset, "<plist/> holds no value") }
            let first = try nextTag(inside: root)
            if first.isEnd {
                throw first.element == .plist
                    ? error(at: first.offset, "<plist> holds no value") : mismatch(root, first)
            }
            value = try parseValue(first)
            let close = try nextTag(inside: root)
            guard close.isEnd else { throw error(at: close.offset, "<plist> holds more than one value") }
            guard close.element == .plist else { throw mismatch(root, close) }
        } else {
            value = try parseValue(root)
        }
        try skipMisc(allowingDoctype: false)
        guard position == bytes.count else {
            throw error(at: position, "unexpected content after the end of the plist")
        }
        return value
    }

    /// Parses the value that `open` starts.
    mutating func parseValue(_ open: Tag) throws(DocumentSyntaxError) -> FieldValue {
        if open.isEnd { throw error(at: open.offset, "unexpected \(describe(open))") }
        switch open.element {
        case .dict: return try parseDict(open)
        case .array: return try parseArray(open)
        case .string: return .string(try readString(open))
        case .integer: return try readInteger(open)
        case .real: return try readReal(open)
        case .true, .false:
            try readEmpty(open)
            return .bool(open.element == .true)
        case .date: return try readDate(open)
        case .data: return try readData(open)
        case .key: throw error(at: open.offset, "<key> outside a <dict>")
        case .plist: throw error(at: open.offset, "<plist> inside a value")
        case .unknown: throw error(at: open.offset, "unknown element \(describe(open))")
        }
    }

    private mutating func parseArray(_ open: Tag) throws(DocumentSyntaxError) -> FieldValue {
        if open.isSelfClosing { return .array([]) }
        try enter(open)
        defer { depth -= 1 }
        let base = valueStack.count
        while true {
            let tag = try nextTag(inside: open)
            if tag.isEnd {
                guard tag.element == .array else { throw mismatch(open, tag) }
                let items = Array(valueStack[base...])
                valueStack.removeSubrange(base...)
                return .array(items)
            }
            let item = try parseValue(tag)
            valueStack.append(item)
        }
    }

    private mutating func parseDict(_ open: Tag) throws(DocumentSyntaxError) -> FieldValue {
        if open.isSelfClosing { return .dict(Fields()) }
        try enter(open)
        defer { depth -= 1 }
        var builder = PropertyListDictionaryBuilder(on: fieldStack)
        while true {
            let tag = try nextTag(inside: open)
            if tag.isEnd {
                guard tag.element == .dict else { throw mismatch(open, tag) }
                return .dict(builder.finish(&fieldStack))
            }
            guard tag.element == .key else {
                if tag.element == .unknown { throw error(at: tag.offset, "unknown element \(describe(tag))") }
                throw error(at: tag.offset, "expected <key>, found \(describe(tag))")
            }
            let key = try readString(tag)
            let valueTag = try nextTag(inside: open)
            if valueTag.element == .key || (valueTag.isEnd && valueTag.element == .dict) {
                throw error(at: valueTag.offset, "key \"\(Self.clip(key))\" has no value")
            }
            if valueTag.isEnd { throw mismatch(open, valueTag) }
            let value = try parseValue(valueTag)
            builder.add(key, value, to: &fieldStack)
        }
    }

    private mutating func enter(_ open: Tag) throws(DocumentSyntaxError) {
        depth += 1
        if depth > XMLPropertyListReader.maximumDepth {
            throw error(at: open.offset, "nesting deeper than \(XMLPropertyListReader.maximumDepth) levels")
        }
    }

    // MARK: Errors

    /// An error at a byte offset, located as line and column.
    func error(at offset: Int, _ message: String) -> DocumentSyntaxError {
        DocumentSyntaxError(location: Self.location(of: offset, in: bytes), message: message)
    }

    /// The error for a close tag that does not match `open`.
    func mismatch(_ open: Tag, _ found: Tag) -> DocumentSyntaxError {
        error(at: found.offset, "expected </\(name(of: open))>, found \(describe(found))")
    }

    /// The error for a document that stops inside `open`.
    func truncated(inside open: Tag) -> DocumentSyntaxError {
        error(
            at: bytes.count,
            "the document ends inside <\(name(of: open))> opened at \(Self.location(of: open.offset, in: bytes))")
    }

    func name(of tag: Tag) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[tag.nameRange]), as: UTF8.self)
    }

    /// `<name>`, `<name/>` or `</name>`.
    func describe(_ tag: Tag) -> String {
        tag.isEnd ? "</\(name(of: tag))>" : tag.isSelfClosing ? "<\(name(of: tag))/>" : "<\(name(of: tag))>"
    }

    static func clip(_ text: String) -> String {
        text.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(40))) + "…" : text
    }

    /// `line L, column C` of a byte offset; columns count Unicode scalars from 1, and `\r\n`, `\r` and
    /// `\n` each end a line.
    /// - Complexity: O(offset).
    static func location(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var line = 1
        var column = 1
        var index = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && !(index + 1 < bytes.count && bytes[index + 1] == 0x0A)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80, byte != 0x0D {
                column += 1
            }
            index += 1
        }
        return "line \(line), column \(column)"
    }
}
