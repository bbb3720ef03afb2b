// Fuzz — the HTTP request parser and the chunked body decoder, whole and in pieces
//
// libFuzzer target for the HTTP request parser and the chunked body decoder. Build and run:
//   swiftc -sanitize=fuzzer,address -parse-as-library -O Sources/HTTPServer/Parser/*.swift \
//     Fuzz/SplitMix.swift Fuzz/HTTPParserFuzz.swift -o /tmp/httpfuzz
//   /tmp/httpfuzz -max_total_time=60 -max_len=8192
//
// Each input is parsed in one piece and again in pieces whose sizes come from a generator seeded by the input;
// both must agree, a complete head must need exactly its bytes, and a chunked body must decode the same way
// whatever the split.

private let maxHeaderBytes = 2048

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    var seed: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes.prefix(16) { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01b3 }
    var random = SplitMix(state: seed)

    var whole = HTTPRequestParser(maxHeaderBytes: maxHeaderBytes)
    let oneShot = whole.parse(bytes)

    var pieces = HTTPRequestParser(maxHeaderBytes: maxHeaderBytes)
    var end = 0
    var split = HTTPRequestParser.Result.incomplete
    repeat {
        end = min(size, end + random.next(48))
        split = pieces.parse(UnsafeRawBufferPointer(rebasing: bytes[..<end]))
        precondition(pieces.bytesScanned <= end, "scanned past the end of the buffer")
    } while split == .incomplete && end < size
    precondition(split == oneShot, "split parsing disagrees: \(split) vs \(oneShot)")

    switch oneShot {
    case .complete(let head, let count):
        precondition(count > 0 && count <= size, "complete with an impossible byte count")
        var exact = HTTPRequestParser(maxHeaderBytes: maxHeaderBytes)
        precondition(exact.parse(UnsafeRawBufferPointer(rebasing: bytes[..<count])) == oneShot, "needs more bytes")
        var short = HTTPRequestParser(maxHeaderBytes: maxHeaderBytes)
        let cut = random.next(max(1, count))
        precondition(
            short.parse(UnsafeRawBufferPointer(rebasing: bytes[..<cut])) == .incomplete,
            "a strict prefix of a complete head is not incomplete")
        let path = head.request.path
        precondition(path.hasPrefix("/") || path == "*" || path.isEmpty, "path not normalised: \(path)")
        precondition(!path.contains("/../") && !path.hasSuffix("/..") && !path.contains("//"), "path not normalised")
        precondition(!path.utf8.contains(0), "NUL in path")
        if head.framing == .chunked {
            checkChunked(UnsafeRawBufferPointer(rebasing: bytes[count...]), &random)
        }
    case .invalid(let error):
        precondition([400, 413, 417, 431, 501, 505].contains(error.status), "unexpected status")
    case .incomplete:
        precondition(size < maxHeaderBytes, "incomplete past the header limit")
    }
    return 0
}

/// Decodes a chunked body in one piece and in random pieces; both must agree on the outcome and the data.
private func checkChunked(_ bytes: UnsafeRawBufferPointer, _ random: inout SplitMix) {
    var whole = HTTPChunkedDecoder(maxBodyBytes: 4096, maxLineBytes: 256)
    let oneShot = whole.decode(bytes)

    var pieces = HTTPChunkedDecoder(maxBodyBytes: 4096, maxLineBytes: 256)
    var start = 0
    var outcome = HTTPChunkedDecoder.Result.incomplete(consumed: 0)
    while start < bytes.count {
        let end = min(bytes.count, start + 1 + random.next(32))
        let result = pieces.decode(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        switch result {
        case .incomplete(let consumed):
            precondition(consumed == end - start, "an incomplete decode left bytes behind")
            start = end
            outcome = .incomplete(consumed: start)
            continue
        case .complete(let consumed):
            outcome = .complete(consumed: start + consumed)
        case .invalid:
            outcome = result
        }
        break
    }
    precondition(outcome == oneShot, "split decoding disagrees: \(outcome) vs \(oneShot)")
    if case .complete = oneShot {
        precondition(pieces.body == whole.body, "split decoding gave other data")
        precondition(whole.body.count <= 4096, "body past the limit")
    }
}

