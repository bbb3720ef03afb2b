// ListServer — ListServer
import Foundation
import Models

/// Reads the files named by `--import` into datasets, before anything is stored.
struct DatasetFileLoader {
    var kind: DatasetKind?
    /// Where progress lines go (stderr), nil for none.
    var progress: (@Sendable (String) -> Void)?

    /// Reads and decodes every import; the first bad file stops everything.
    /// - Throws: ``ImportError`` naming the file and the key path inside it.
    func load(_ imports: [Configuration.Import]) throws(ImportError) -> [Dataset] {
        var datasets: [Dataset] = []
        for entry in imports {
            datasets.append(try load(entry))
        }
        return datasets
    }

    /// Reads and decodes one file.
    func load(_ entry: Configuration.Import) throws(ImportError) -> Dataset {
        let started = ContinuousClock.now
        let bytes = try readFile(entry.path)
        progress?("importing \(entry.path) (\(Self.formatSize(bytes.count))) as '\(entry.id)'…")
        let decoder = DatasetDecoder(file: entry.path, id: entry.id, kind: kind)
        let dataset = try DatasetImporter.importDataset(bytes, using: decoder)
        let elapsed = ContinuousClock.now - started
        progress?(
            "imported '\(entry.id)': \(dataset.kind.rawValue), \(dataset.rowCount) rows in "
                + "\(dataset.sections.count) sections (\(Self.formatDuration(elapsed)))")
        return dataset
    }

    private func readFile(_ path: String) throws(ImportError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImportError(file: path, path: "", message: "no such file")
        }
        if isDirectory.boolValue {
            throw ImportError(file: path, path: "", message: "is a directory, not a dataset file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImportError(file: path, path: "", message: "cannot be read (check its permissions)")
        }
        return [UInt8](data)
    }

    static func formatSize(_ count: Int) -> String {
        if count < 1024 { return "\(count) B" }
        if count < 1024 * 1024 { return String(format: "%.1f KB", Double(count) / 1024) }
        return String(format: "%.1f MB", Double(count) / 1_048_576)
    }

    static func formatDuration(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        return seconds < 1 ? String(format: "%.0f ms", seconds * 1000) : String(format: "%.2f s", seconds)
    }
}
