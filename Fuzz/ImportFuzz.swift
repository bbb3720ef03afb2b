// Fuzz — the whole import path, and exports that import back
// libFuzzer entry point for the whole import path: format detection, the document readers and the
// dataset decoder. Whatever a file holds, importing it either throws an ImportError or gives a dataset
// whose plist exports import back to the same rows.
import Models

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let decoder = DatasetDecoder(file: "fuzz", id: "fuzz")
    guard let dataset = try? DatasetImporter.importDataset(bytes, using: decoder) else { return 0 }
    let tree = DatasetEncoder.encode(dataset)
    guard !containsNull(tree) else { return 0 }
    for format in [DocumentFormat.plist, .binaryPlist] {
        let exported = DatasetImporter.export(dataset, as: format)
        guard let again = try? DatasetImporter.importDataset(exported, using: decoder) else {
            fatalError("an export in \(format) does not import back")
        }
        if DatasetEncoder.encode(again) != tree {
            fatalError("an export in \(format) imports back to other rows")
        }
    }
    return 0
}

private func containsNull(_ value: FieldValue) -> Bool {
    switch value {
    case .null: true
    case .array(let items): items.contains(where: containsNull)
    case .dict(let fields): fields.contains { containsNull($0.value) }
    case .real(let number): number.isNaN
    default: false
    }
}
