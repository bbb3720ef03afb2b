// Models — one parse of a JSON document held in memory

/// One parse of a JSON document held in memory: the state behind ``JSONReader/read(_:)-([UInt8])``.
///
/// The parser never recurses: every open array and object is a ``Frame`` on an explicit stack, so
/// deep input cannot overflow the thread's stack and the depth limit is a plain counter. Values are
/// written packed (see ``PackedFields``) into one ``PackedWriter`` as they are read, with no `String`
/// or ``FieldValue`` made on the way; every dictionary of the document is then a ``Fields`` over
/// those bytes.
struct JSONParser: ~Copyable {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 512

    /// An array or object that is open at the current position.
    struct Frame {
        var isObject: Bool
        /// Where this container's members start in ``out``, after its tag.
        var start: Int
        /// The members read so far.
        var memberCount = 0
        /// Where this object's keys start in ``keys``.
        var firstKey: Int
    }

    /// One key of an open object: its hash, and where its length and bytes are in ``out``.
    struct KeyRecord {
        var hash: UInt64
        var offset: Int
    }

    let base: UnsafePointer<UInt8>
    let count: Int
    /// The first byte after the optional byte order mark; columns on line 1 count from here.
    let contentStart: Int
    var index: Int
    var frames: [Frame] = []
    /// The packed values read so far.
    var out: PackedWriter
    /// The keys of every open object, innermost last, to find duplicate keys.
    var keys: [KeyRecord] = []
    /// Reused storage for decoding strings that hold escapes.
    var scratch: [UInt8] = []

    /// The most packed bytes the document may take (``Fields/maximumStorageBytes``; smaller in tests).
    let maximumPackedBytes: Int

    init(_ buffer: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>, maximumPackedBytes: Int) {
        self.maximumPackedBytes = maximumPackedBytes
        self.base = base
        count = buffer.count
        let hasMark = count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF
        contentStart = hasMark ? 3 : 0
        index = contentStart
        // Packed values take about as many bytes as their JSON: rarely more, less without whitespace.
        out = PackedWriter(capacity: count + count / 8 + 64)
    }

    /// Parses the whole buffer as one JSON value followed only by whitespace.
    /// - Throws: ``DocumentSyntaxError`` for any input that is not exactly one JSON document.
    /// - Complexity: O(n) in the input size.
    mutating func parseDocument() throws(DocumentSyntaxError) -> FieldValue {
        skipWhitespace()
        guard index < count else { throw error("the file is empty", at: index) }
        try parseValue()
        skipWhitespace()
        guard index == count else {
            let found = describeByte(at: index)
            throw error("expected the end of the file after the JSON value, found \(found)", at: index)
        }
        // Short reals take 9 packed bytes for their 2 or 3 in the text, so a document under 2 GiB may
        // still not fit in one storage.
        guard out.count <= maximumPackedBytes else {
            throw error(
                "the document's values take \(out.count) bytes in memory, more than the \(maximumPackedBytes) "
                    + "one dataset may hold; split the file", at: contentStart)
        }
        let storage = out.finish()
        return withExtendedLifetime(storage) {
            var cursor = PackedCursor(storage, offset: 0)
            return cursor.value(tag: cursor.byte(), storage: storage)
        }
    }

    /// Parses one value, with every array and object inside it, starting at `index`, and writes it
    /// packed to ``out``.
    private mutating func parseValue() throws(DocumentSyntaxError) {
        typealias Tag = PackedFields.Tag
        nextValue: while true {
            skipWhitespace()
            guard index < count else { throw unexpectedEnd() }
            switch base[index] {
            case UInt8(ascii: "{"):
                try checkDepth()
                index += 1
                skipWhitespace()
                out.append(Tag.dict.rawValue)
                if index < count && base[index] == UInt8(ascii: "}") {
                    index += 1
                    out.append(0)
                } else {
                    frames.append(Frame(isObject: true, start: out.count, firstKey: keys.count))
                    try parseKeyAndColon()
                    continue nextValue
                }
            case UInt8(ascii: "["):
                try checkDepth()
                index += 1
                skipWhitespace()
                out.append(Tag.array.rawValue)
                if index < count && base[index] == UInt8(ascii: "]") {
                    index += 1
                    out.append(0)
                } else {
                    frames.append(Frame(isObject: false, start: out.count, firstKey: keys.count))
                    continue nextValue
                }
            case UInt8(ascii: "\""):
                out.append(Tag.string.rawValue)
                try parseString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                out.appendNumber(try parseNumber())
            case UInt8(ascii: "t"):
                try parseLiteral("true")
                out.append(Tag.trueValue.rawValue)
            case UInt8(ascii: "f"):
                try parseLiteral("false")
                out.append(Tag.falseValue.rawValue)
            case UInt8(ascii: "n"):
                try parseLiteral("null")
                out.append(Tag.null.rawValue)
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                let closer = Character(Unicode.Scalar(base[index]))
                if let frame = frames.last, !frame.isObject, frame.memberCount > 0 {
                    throw error("a trailing comma is not allowed before '\(closer)'", at: index)
                }
                throw error("expected a value before '\(closer)'", at: index)
            default:
                throw error("expected a value, found \(describeByte(at: index))", at: index)
            }
            // A value is complete: count it in its container, closing containers as they end.
            while !frames.isEmpty {
                frames[frames.count - 1].memberCount += 1
                let frame = frames[frames.count - 1]
                skipWhitespace()
                guard index < count else { throw unexpectedEnd() }
                let byte = base[index]
                index += 1
                if byte == UInt8(ascii: ",") {
                    if frame.isObject { try parseKeyAndColon() }
                    continue nextValue
                }
                if frame.isObject && byte == UInt8(ascii: "}") {
                    closeObject(frame)
                } else if !frame.isObject && byte == UInt8(ascii: "]") {
                    out.insertVarint(UInt64(frame.memberCount), at: frame.start)
                } else {
                    index -= 1
                    let expected =
                        frame.isObject
                        ? "',' or '}' after an object member" : "',' or ']' after an array element"
                    throw error("expected \(expected), found \(describeByte(at: index))", at: index)
                }
                frames.removeLast()
            }
            return
        }
    }

    /// Parses `"key"` and the `:` after it, pushing the key; `index` ends after the colon.
    private mutating func parseKeyAndColon() throws(DocumentSyntaxError) {
        skipWhitespace()
        guard index < count else { throw unexpectedEnd() }
        guard base[index] == UInt8(ascii: "\"") else {
            if base[index] == UInt8(ascii: "}") && frames[frames.count - 1].memberCount > 0 {
                throw error("a trailing comma is not allowed before '}'", at: index)
            }
            throw error("expected a key in double quotes, found \(describeByte(at: index))", at: index)
        }
        let offset = out.count
        keys.append(KeyRecord(hash: try parseKey(), offset: offset))
        skipWhitespace()
        guard index < count else { throw unexpectedEnd() }
        guard base[index] == UInt8(ascii: ":") else {
            throw error("expected ':' after an object key, found \(describeByte(at: index))", at: index)
        }
        index += 1
    }

    /// Matches the rest of `true`, `false` or `null` at `index`.
    private mutating func parseLiteral(_ literal: StaticString) throws(DocumentSyntaxError) {
        let length = literal.utf8CodeUnitCount
        let expected = literal.utf8Start
        for offset in 0..<length {
            guard index + offset < count else {
                throw error("unexpected end of file inside the literal '\(literal)'", at: count)
            }
            guard base[index + offset] == expected[offset] else {
                throw error("invalid literal: expected '\(literal)'", at: index + offset)
            }
        }
        index += length
    }

    private func checkDepth() throws(DocumentSyntaxError) {
        guard frames.count < Self.maximumDepth else {
            throw error("arrays and objects are nested more than \(Self.maximumDepth) levels deep", at: index)
        }
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while index < count {
            let byte = base[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    /// The error for input that ends while `frames` are still open.
    private func unexpectedEnd() -> DocumentSyntaxError {
        let place = frames.last.map { $0.isObject ? "an object" : "an array" } ?? "a value"
        return error("unexpected end of file inside \(place)", at: count)
    }
}
