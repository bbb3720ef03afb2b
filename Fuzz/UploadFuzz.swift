// Fuzz — a dataset upload: the request head, its body by length or chunked, then the import
//
// libFuzzer target for the path of PUT /api/datasets/{id}: the input is a whole request. Its head is
// parsed; its body is taken by Content-Length or decoded as chunked (whole and in random pieces, which
// must agree); the body is then read as a document and decoded as a dataset, which either throws an
// ImportError or gives a dataset whose JSON export imports back to the same rows. Built by Fuzz/run.sh
// with the HTTP parser sources and the Models module.
import Models

private let maxBodyBytes = 1 << 16

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    var parser = HTTPRequestParser(maxHeaderBytes: 4096)
    guard case .complete(let head, let headBytes) = parser.parse(bytes) else { return 0 }
    let rest = UnsafeRawBufferPointer(rebasing: bytes[headBytes...])
    let body: [UInt8]
    switch head.framing {
    case .none:
        body = []
    case .length(let length):
        guard length <= rest.count, length <= maxBodyBytes else { return 0 }
        body = Array(rest.prefix(length))
    case .chunked:
        var seed: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes.prefix(16) { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var random = SplitMix(state: seed)
        guard let decoded = decodeChunked(rest, &random) else { return 0 }
        body = decoded
    }
    importBody(body)
    return 0
}

/// The chunked body decoded whole, checked against a decode in random pieces; nil when it is not complete.
private func decodeChunked(_ bytes: UnsafeRawBufferPointer, _ random: inout SplitMix) -> [UInt8]? {
    var whole = HTTPChunkedDecoder(maxBodyBytes: maxBodyBytes, maxLineBytes: 256)
    guard case .complete = whole.decode(bytes) else { return nil }
    var pieces = HTTPChunkedDecoder(maxBodyBytes: maxBodyBytes, maxLineBytes: 256)
    var start = 0
    while start < bytes.count {
        let end = min(bytes.count, start + 1 + random.next(64))
        switch pieces.decode(UnsafeRawBufferPointer(rebasing: bytes[start..<end])) {
        case .incomplete:
            start = end
            continue
        case .complete:
            precondition(pieces.body == whole.body, "a chunked body decoded in pieces gave other data")
            return whole.body
        case .invalid:
            preconditionFailure("a chunked body complete in one piece is invalid in pieces")
        }
    }
    preconditionFailure("a chunked body complete in one piece is incomplete in pieces")
}

/// Imports the body as an upload does; a dataset it gives must export and import back to the same rows.
private func importBody(_ body: [UInt8]) {
    let decoder = DatasetDecoder(file: "upload", id: "upload")
    guard let dataset = try? DatasetImporter.importDataset(body, using: decoder) else { return }
    let tree = DatasetEncoder.encode(dataset)
    let exported = DatasetImporter.export(dataset, as: .json)
    guard let again = try? DatasetImporter.importDataset(exported, using: decoder) else {
        fatalError("the JSON export of an uploaded dataset does not import back")
    }
    precondition(DatasetEncoder.encode(again) == tree, "the JSON export of an uploaded dataset imports back to other rows")
}
