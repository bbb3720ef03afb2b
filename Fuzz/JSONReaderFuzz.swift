// Fuzz — the JSON reader

// A libFuzzer target for JSONReader, compiled together with the Models sources:
//
//   swiftc -sanitize=fuzzer,address -parse-as-library -O \
//       Sources/Models/*.swift Sources/Models/JSON/*.swift Fuzz/JSONReaderFuzz.swift -o /tmp/jsonfuzz
//   /tmp/jsonfuzz -max_total_time=60
//
// Any input may be rejected, but must never crash the reader. An input that reads must
// survive writing (compact and pretty) and reading back unchanged, and writing is stable.

/// Reads `data` as JSON; when it reads, checks the writer/reader round trip and traps on a mismatch.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let value: FieldValue
    do {
        value = try JSONReader.read(bytes)
    } catch {
        precondition(!error.location.isEmpty && !error.message.isEmpty, "an error without a location or message")
        return 0
    }
    let compact = JSONWriter.write(value)
    let pretty = JSONWriter.write(value, pretty: true)
    guard let fromCompact = try? JSONReader.read(compact), fromCompact == value else {
        fatalError("compact output does not read back: \(String(decoding: compact, as: UTF8.self))")
    }
    guard let fromPretty = try? JSONReader.read(pretty), fromPretty == value else {
        fatalError("pretty output does not read back: \(String(decoding: pretty, as: UTF8.self))")
    }
    guard JSONWriter.write(fromCompact) == compact else {
        fatalError("writing is not stable: \(String(decoding: compact, as: UTF8.self))")
    }
    return 0
}
