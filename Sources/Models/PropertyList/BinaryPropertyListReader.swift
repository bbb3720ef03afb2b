// Models — reads binary property lists (`bplist00`) into ``FieldValue`` trees

/// Reads binary property lists (`bplist00`) into ``FieldValue`` trees.
///
/// Every offset, reference and length is checked against the file, so any input gives a value or a
/// ``DocumentSyntaxError``, never a crash:
/// - objects: null (`0x00` → `.null`), booleans, integers of 1, 2, 4 (unsigned) and 8 (signed) bytes,
///   16-byte integers as plistlib writes them for values above `Int64.max` (those become `.real`, as in
///   ``XMLPropertyListReader``; other 16-byte values are an error), 4- and 8-byte reals, dates (seconds
///   since 2001, kept exactly), data, ASCII, UTF-16BE and UTF-8 strings, arrays, sets (read as arrays) and
///   dictionaries, with lengths inline or in the extended `0x_F` form;
/// - a date is kept even when NaN, infinite or outside years 1–9999: an object shared by several places
///   has no one key path here, so the field rules refuse such a date, at the key path they meet it at;
/// - dictionary keys must be strings; a repeated key keeps its first position and takes the last value;
/// - UIDs (`NSKeyedArchiver` files) and the fill byte are refused;
/// - an object that contains itself, nesting deeper than 512 levels, and shared objects that would expand
///   to more than ``maximumExpandedValues(forFileSize:)`` values are refused.
public enum BinaryPropertyListReader {
    /// The deepest nesting of arrays and dictionaries accepted.
    public static let maximumDepth = 512

    /// How many values a file of `size` bytes may expand to once shared objects are copied into every
    /// place that refers to them: four per byte, at least a million. A file without shared containers
    /// never comes close; a few kilobytes of arrays referring twice to the next one would otherwise expand
    /// to 2^512 values.
    public static func maximumExpandedValues(forFileSize size: Int) -> Int {
        max(1 << 20, size.multipliedReportingOverflow(by: 4).partialValue)
    }

    /// Parses a whole binary property list.
    ///
    /// - Parameter bytes: the file's bytes.
    /// - Returns: the value of the top object.
    /// - Throws: ``DocumentSyntaxError`` located at `byte N` for a bad header or trailer, or at `object N`
    ///   for a bad object: unknown markers, lengths or references past the end, counts the file cannot hold,
    ///   non-string keys, invalid text, cycles, too deep nesting, UIDs.
    /// - Complexity: O(n) in the file's length for files without shared containers.
    public static func read(_ bytes: [UInt8]) throws -> FieldValue {
        try bytes.withUnsafeBufferPointer { buffer throws(DocumentSyntaxError) in
            var parser = try BinaryPropertyListParser(bytes: buffer)
            return try parser.parseDocument()
        }
    }
}
