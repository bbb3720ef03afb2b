// ModelsTests — a document written in pieces is the document written whole
import Foundation
import Models
import TestSupport
import Testing

@Suite("Documents written in pieces")
struct DocumentPiecesTests {
    /// A row with every kind of scalar, nested deeper than rows, and empty containers.
    static func row(_ row: Int) -> FieldValue {
        var fields = Fields()
        fields["title"] = .string("row \(row) \"é\" 中 <&>")
        fields["n"] = .int(Int64(row * 7))
        fields["x"] = .real(Double(row) / 3)
        fields["ok"] = .bool(row % 2 == 0)
        fields["when"] = .date(Date(timeIntervalSince1970: Double(row) * 86_400))
        fields["blob"] = .data([UInt8](repeating: UInt8(row), count: row))
        fields["none"] = .null
        let deeper: [FieldValue] = [.dict(Fields([Field("k", .string("v\(row)"))])), .array([])]
        fields["deeper"] = .array(deeper)
        return .dict(fields)
    }

    /// 40 groups of 0 to 6 such rows.
    static var grouped: FieldValue {
        .array(
            (0..<40).map { group -> FieldValue in
                var fields = Fields()
                fields["title"] = .string("Group \(group)")
                fields["rows"] = .array((0..<(group % 7)).map(row))
                return .dict(fields)
            })
    }

    @Test(
        "joined, the pieces are the document written whole, for every format and piece size",
        arguments: DocumentFormat.allCases)
    func piecesJoinToTheWhole(_ format: DocumentFormat) throws {
        let flat: FieldValue = .array((0..<3_000).map { .dict(Fields([Field("title", .string("row \($0)"))])) })
        let values: [FieldValue] = [Self.grouped, flat, .array([]), .dict(Fields()), .string("one")]
        for value in values {
            let whole = format.write(value)
            for size in [1, 100, 4096, 1 << 20] {
                let pieces = format.writePieces(value, pieceBytes: size)
                #expect(Array(pieces.joined()) == whole, "\(format) in pieces of \(size)")
                #expect(pieces.dropLast().allSatisfy { $0.count >= size }, "\(format): a piece cut short")
                if whole.count > 2 * size + 100_000 { #expect(pieces.count > 1, "\(format) in one piece of \(size)") }
            }
        }
    }

    @Test("every real shape exports the same bytes in pieces as whole", arguments: RealShape.all)
    func realShapesInPieces(_ shape: RealShape) throws {
        guard shape.expect.refused != true else { return }
        let dataset = try DatasetImporter.importDataset(
            try shape.bytes(), using: DatasetDecoder(file: shape.file, id: shape.datasetID))
        let document = DatasetEncoder.encode(dataset)
        for format in DocumentFormat.allCases {
            guard format != .plist || XMLPropertyListWriter.unwritableText(in: document) == nil else { continue }
            #expect(Array(format.writePieces(document, pieceBytes: 64).joined()) == format.write(document), "\(shape)")
        }
    }
}
