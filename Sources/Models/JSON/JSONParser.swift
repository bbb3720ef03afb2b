// Models — one parse of a JSON document held in memory

/// One parse of a JSON document held in memory: the state behind ``JSONReader/read(_:)-([UInt8])``.
///
/// The parser never recurses: every open array and object is a ``Frame`` on an explicit stack,
/// and their finished members wait on a ``JSONMemberStack`` until the closing bracket, so deep
/// input cannot overflow the thread's stack and the depth limit is a plain counter.
struct JSONParser: ~Copyable {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 512

    /// An array or object that is open at the current position.
    struct Frame {
        var isObject: Bool
        /// Where this container's members start on the member stack.
        var start: Int
    }

    let base: UnsafePointer<UInt8>
    let count: Int
    /// The first byte after the optional byte order mark; columns on line 1 count from here.
    let contentStart: Int
    var index: Int
    var frames: [Frame] = []
    var members = JSONMemberStack()
    var keyCache = JSONKeyCache()
    /// Reused storage for decoding strings that hold escapes.
    var scratch: [UInt8] = []
    /// Reused storage for packing each object before it is copied into its own ``Fields``.
    var packed: [UInt8] = []

    init(_ buffer: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>) {
        self.base = base
        count = buffer.count
        let hasMark = count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF
        contentStart = hasMark ? 3 : 0
        index = contentStart
    }

    /// Parses the whole buffer as one JSON value followed only by whitespace.
    /// - Throws: ``DocumentSyntaxError`` for any input that is not exactly one JSON document.
    /// - Complexity: O(n) in the input size.
    mutating func parseDocument() throws(DocumentSyntaxError) -> FieldValue {
        skipWhitespace()
        guard index < count else { throw error("the file is empty", at: index) }
        let value = try parseValue()
        skipWhitespace()
        guard index == count else {
            let found = describeByte(at: index)
            throw error("expected the end of the file after the JSON value, found \(found)", at: index)
        }
        return value
    }

    /// Parses one value, with every array and object inside it, starting at `index`.
    private mutating func parseValue() throws(DocumentSyntaxError) -> FieldValue {
        nextValue: while true {
            skipWhitespace()
            guard index < count else { throw unexpectedEnd() }
            var value: FieldValue
            switch base[index] {
            case UInt8(ascii: "{"):
                try checkDepth()
                index += 1
                skipWhitespace()
                if index < count && base[index] == UInt8(ascii: "}") {
                    index += 1
                    value = .dict(Fields())
                } else {
                    frames.append(Frame(isObject: true, start: members.count))
                    try parseKeyAndColon()
                    continue nextValue
                }
            case UInt8(ascii: "["):
                try checkDepth()
                index += 1
                skipWhitespace()
                if index < count && base[index] == UInt8(ascii: "]") {
                    index += 1
                    value = .array([])
                } else {
                    frames.append(Frame(isObject: false, start: members.count))
                    continue nextValue
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = try parseNumber()
            case UInt8(ascii: "t"):
                try parseLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try parseLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try parseLiteral("null")
                value = .null
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                let closer = Character(Unicode.Scalar(base[index]))
                if let frame = frames.last, !frame.isObject, members.count > frame.start {
                    throw error("a trailing comma is not allowed before '\(closer)'", at: index)
                }
                throw error("expected a value before '\(closer)'", at: index)
            default:
                throw error("expected a value, found \(describeByte(at: index))", at: index)
            }
            // `value` is complete: store it in its container, closing containers as they end.
            while let frame = frames.last {
                if frame.isObject {
                    members.setTopValue(consume value)
                } else {
                    members.push(Field("", consume value), keyHash: 0)
                }
                skipWhitespace()
                guard index < count else { throw unexpectedEnd() }
                let byte = base[index]
                index += 1
                if byte == UInt8(ascii: ",") {
                    if frame.isObject { try parseKeyAndColon() }
                    continue nextValue
                }
                if frame.isObject && byte == UInt8(ascii: "}") {
                    value = .dict(closeObject(frame))
                } else if !frame.isObject && byte == UInt8(ascii: "]") {
                    value = .array(members.popValues(from: frame.start))
                } else {
                    index -= 1
                    let expected =
                        frame.isObject
                        ? "',' or '}' after an object member" : "',' or ']' after an array element"
                    throw error("expected \(expected), found \(describeByte(at: index))", at: index)
                }
                frames.removeLast()
            }
            return value
        }
    }

    /// Parses `"key"` and the `:` after it, pushing the key; `index` ends after the colon.
    private mutating func parseKeyAndColon() throws(DocumentSyntaxError) {
        skipWhitespace()
        guard index < count else { throw unexpectedEnd() }
        guard base[index] == UInt8(ascii: "\"") else {
            if base[index] == UInt8(ascii: "}") && members.count > frames[frames.count - 1].start {
                throw error("a trailing comma is not allowed before '}'", at: index)
            }
            throw error("expected a key in double quotes, found \(describeByte(at: index))", at: index)
        }
        let (key, hash) = try parseKey()
        members.push(Field(key, .null), keyHash: hash)
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
