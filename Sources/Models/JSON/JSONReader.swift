// Models — reads JSON documents

/// Reads JSON documents (RFC 8259) into ``FieldValue`` trees: a strict, fast parser over bytes.
///
/// - UTF-8 input; a leading byte order mark (EF BB BF) is skipped.
/// - Objects become `.dict` with their keys in source order. When a key occurs more than
///   once, the object keeps it at its first position with its last value
///   (`{"a":1,"b":2,"a":3}` reads as `a: 3, b: 2`).
/// - An integer literal (no fraction, no exponent) that fits `Int64` becomes `.int`; every
///   other number, including integer literals too large for `Int64`, becomes `.real`.
///   `-0` reads as `.int(0)`. A number too large for `Double` is an error.
/// - `null` becomes `.null`; `true`/`false` become `.bool`.
/// - Strings must be valid UTF-8 with control characters escaped; `\u` escapes must pair
///   their surrogates.
/// - Arrays and objects may nest ``maximumDepth`` levels deep. The parser keeps its own
///   stack, so no input can overflow the thread's stack.
///
/// Every failure is a ``DocumentSyntaxError`` located at `line L, column C` (1-based; columns
/// count Unicode scalars).
public enum JSONReader {
    /// The deepest nesting of arrays and objects a document may have.
    public static let maximumDepth = JSONParser.maximumDepth

    /// Parses `bytes` as one JSON document.
    /// - Parameter bytes: The whole document, UTF-8.
    /// - Returns: The document's top-level value.
    /// - Throws: ``DocumentSyntaxError`` when the bytes are not exactly one JSON value
    ///   surrounded by optional whitespace: empty input, bad syntax, invalid UTF-8,
    ///   truncation, trailing text, or nesting deeper than ``maximumDepth``.
    /// - Complexity: O(n) time in the document's size; memory is the resulting tree plus
    ///   O(depth + widest container) of working space.
    public static func read(_ bytes: [UInt8]) throws(DocumentSyntaxError) -> FieldValue {
        try bytes.withUnsafeBufferPointer { buffer throws(DocumentSyntaxError) in try read(buffer) }
    }

    /// Parses the bytes in `buffer` as one JSON document; see ``read(_:)-([UInt8])``.
    /// - Parameter buffer: The whole document, UTF-8. It is only read during the call.
    /// - Returns: The document's top-level value.
    /// - Throws: ``DocumentSyntaxError`` when the bytes are not exactly one JSON document.
    /// - Complexity: O(n) in the document's size.
    @usableFromInline
    package static func read(_ buffer: UnsafeBufferPointer<UInt8>) throws(DocumentSyntaxError) -> FieldValue {
        try read(buffer, maximumPackedBytes: Fields.maximumStorageBytes)
    }

    /// As ``read(_:)-(UnsafeBufferPointer<UInt8>)``, refusing a document whose values take more than
    /// `maximumPackedBytes` packed.
    static func read(
        _ buffer: UnsafeBufferPointer<UInt8>, maximumPackedBytes: Int
    ) throws(DocumentSyntaxError) -> FieldValue {
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            throw DocumentSyntaxError(location: "line 1, column 1", message: "the file is empty")
        }
        var parser = JSONParser(buffer, base: base, maximumPackedBytes: maximumPackedBytes)
        return try parser.parseDocument()
    }

    /// Parses `text` as one JSON document; see ``read(_:)-([UInt8])``.
    /// - Parameter text: The whole document.
    /// - Returns: The document's top-level value.
    /// - Throws: ``DocumentSyntaxError`` when the text is not exactly one JSON document.
    /// - Complexity: O(n) in the text's UTF-8 length.
    public static func read(_ text: String) throws(DocumentSyntaxError) -> FieldValue {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(DocumentSyntaxError) -> FieldValue in try read(buffer) }
        }
        return try result.get()
    }
}
