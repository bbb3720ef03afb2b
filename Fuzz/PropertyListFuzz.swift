// Fuzz — the property-list codecs
//
// libFuzzer target for the property-list codecs. Build and run from the package root:
//
//     swiftc -sanitize=fuzzer,address -parse-as-library -O Sources/Models/*.swift \
//         Sources/Models/PropertyList/*.swift Fuzz/PropertyListFuzz.swift -o /tmp/plistfuzz
//     /tmp/plistfuzz -max_total_time=60 CORPUS_DIR
//
// Each input goes to both readers. Whatever a reader accepts is written with the matching writer and read
// again; the result must be identical to the writable form of the first value (see
// `FieldValue.propertyListWritable`), or the target traps.

import Foundation

/// The libFuzzer entry point.
///
/// - Parameters:
///   - data: the input bytes.
///   - size: how many there are.
/// - Returns: 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let value = try? XMLPropertyListReader.read(bytes) {
        checkRoundTrip(value, format: "XML", write: XMLPropertyListWriter.write, read: XMLPropertyListReader.read)
    }
    if let value = try? BinaryPropertyListReader.read(bytes) {
        checkRoundTrip(
            value, format: "binary", write: BinaryPropertyListWriter.write, read: BinaryPropertyListReader.read)
    }
    return 0
}

/// Traps unless writing `value` and reading it back gives its writable form exactly.
private func checkRoundTrip(
    _ value: FieldValue, format: String, write: (FieldValue) -> [UInt8], read: ([UInt8]) throws -> FieldValue
) {
    // Dates outside years 1–9999 (or not finite) are read so that the importer can refuse them with
    // their key path; the writers cannot hold them, and no dataset keeps them.
    guard !containsUnwritableDate(value) else { return }
    let written = write(value)
    let reread: FieldValue
    do {
        reread = try read(written)
    } catch {
        fatalError("\(format) writer output does not read back: \(error)\nvalue: \(value)")
    }
    guard reread.isIdentical(to: value.propertyListWritable) else {
        fatalError("\(format) round trip changed the value\nread:    \(value)\nreread:  \(reread)")
    }
}

/// Whether `value` holds a date the importer refuses (not finite, or outside years 1–9999).
private func containsUnwritableDate(_ value: FieldValue) -> Bool {
    switch value {
    case .date(let date): FieldValue.dateProblem(unixSeconds: date.timeIntervalSince1970) != nil
    case .array(let items): items.contains(where: containsUnwritableDate)
    case .dict(let fields): fields.contains { containsUnwritableDate($0.value) }
    default: false
    }
}
