// ListServer — reads the files named by `--import` into datasets
import Foundation
import HTTPServer
import Models
import SystemSupport

/// Reads the files named by `--import` into datasets, before anything is stored.
struct DatasetFileLoader {
    var kind: DatasetKind?
    /// Where to say which file is being read, before reading it (a terminal's stderr); nil for nowhere.
    var progress: (@Sendable (String) -> Void)?

    /// Reads and decodes every import; the first bad file stops everything.
    /// - Returns: the datasets, and one line per file saying what was read, for the caller to print
    ///   once the datasets are stored (so that a failure prints nothing but its one error line).
    /// - Throws: ``ImportError`` naming the file and the key path inside it.
    /// - Complexity: O(total size of the files).
    func load(_ imports: [Configuration.Import]) throws(ImportError) -> (datasets: [Dataset], summaries: [String]) {
        var datasets: [Dataset] = []
        var summaries: [String] = []
        for entry in imports {
            let started = ContinuousClock.now
            let (dataset, found) = try loadNoting(entry)
            summaries.append(
                "imported '\(entry.id)' from \(entry.path)\(found.map { " (\($0))" } ?? ""): \(dataset.kind.rawValue), "
                    + "\(Self.counted(dataset.rowCount, "row")) in \(Self.counted(dataset.sections.count, "section")) "
                    + "(\(Self.formatDuration(.now - started)))")
            datasets.append(dataset)
        }
        return (datasets, summaries)
    }

    /// Reads and decodes one file, or an app's Settings bundle (a `*.bundle` folder, its `Root.plist`, or a ZIP
    /// archive of the folder).
    /// - Throws: ``ImportError`` naming the file and the key path inside it.
    func load(_ entry: Configuration.Import) throws(ImportError) -> Dataset {
        try loadNoting(entry).dataset
    }

    /// ``load(_:)``, and for a folder that holds Settings bundles (an app's project), which one it imported.
    /// - Returns: the dataset, and nil or the note for the summary (`the Settings bundle …, the first of 2`).
    func loadNoting(_ entry: Configuration.Import) throws(ImportError) -> (dataset: Dataset, found: String?) {
        if kind == nil || kind == .settings, let bundle = SettingsBundleLoader.bundle(at: entry.path) {
            progress?("importing the Settings bundle \(bundle.folder) as '\(entry.id)'…")
            return (try bundle.load().dataset(id: entry.id, title: nil, file: entry.path), nil)
        }
        if kind == nil || kind == .settings, Self.isDirectory(entry.path) {
            let found = SettingsBundleLoader.bundles(in: entry.path)
            guard let first = found.first, let bundle = SettingsBundleLoader.bundle(at: first) else {
                throw ImportError(
                    file: entry.path, path: "",
                    message: "is a folder that holds no Settings bundle (a *.bundle folder with a Root.plist, looked for "
                        + "\(SettingsBundleLoader.searchDepth) folders down, hidden and build folders left out); import "
                        + "a Settings.bundle folder, its Root.plist, a .zip of it, or a .json or .plist list")
            }
            let others = found.dropFirst().map { $0 }
            let note = "the Settings bundle \(first)"
                + (others.isEmpty ? "" : ", the first of \(found.count): also \(others.joined(separator: ", "))")
            progress?("importing \(note) as '\(entry.id)'…")
            return (try bundle.load().dataset(id: entry.id, title: nil, file: first), note)
        }
        return (try loadFile(entry), nil)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Reads and decodes one file: a dataset, or a ZIP archive of a Settings bundle folder.
    private func loadFile(_ entry: Configuration.Import) throws(ImportError) -> Dataset {
        var bytes = try readFile(entry.path)
        if ZipArchive.isArchive(bytes) {
            // A zipped Settings.bundle folder (`Settings.bundle.zip`, as `format=bundle` exports it).
            guard kind == nil || kind == .settings else {
                throw ImportError(file: entry.path, path: "", message: "a ZIP archive imports only as a Settings bundle")
            }
            progress?("importing the Settings bundle archive \(entry.path) as '\(entry.id)'…")
            let name = URL(fileURLWithPath: entry.path).lastPathComponent.split(separator: ".").first.map(String.init)
            let bundle = try SettingsBundle(archive: bytes, file: entry.path, name: name)
            return try bundle.dataset(id: entry.id, title: nil, file: entry.path)
        }
        if let reason = NotADataset.reason(forName: entry.path) {
            throw ImportError(file: entry.path, path: "", message: reason)
        }
        progress?("importing \(entry.path) (\(Self.formatSize(bytes.count))) as '\(entry.id)'…")
        let root: FieldValue
        do {
            root = try DatasetImporter.readDocument(bytes, file: entry.path)
        } catch {
            // What the file is, when it is something known, says more than where its parser stopped.
            let named = entry.path.lowercased().hasSuffix(".zip")
            guard let reason = NotADataset.reason(for: bytes, claimsArchive: named, upload: false) else { throw error }
            throw ImportError(file: entry.path, path: "", message: reason)
        }
        bytes = []  // The file's bytes go before the rows are made: a lower peak for large files.
        return try DatasetDecoder(file: entry.path, id: entry.id, kind: kind, listKey: entry.listKey).decode(root)
    }

    /// The whole file, read with one `open` and `read`s into one buffer (no intermediate copy).
    /// - Throws: ``ImportError`` saying why the path cannot be read: missing, a directory, not a
    ///   regular file, or the system's reason (`Permission denied`).
    private func readFile(_ path: String) throws(ImportError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImportError(file: path, path: "", message: "no such file")
        }
        if isDirectory.boolValue {
            throw ImportError(file: path, path: "", message: "is a directory, not a dataset file")
        }
        if let status = System.fileStatus(path), !status.isRegularFile {
            throw ImportError(file: path, path: "", message: "is not a regular file")
        }
        let file: (status: System.FileStatus, bytes: [UInt8])?
        do {
            file = try System.readFile(path, maxBytes: Int.max)
        } catch let error as PosixError {
            let reason = String(cString: strerror(error.code))
            throw ImportError(file: path, path: "", message: "cannot be read: \(reason)")
        } catch {
            throw ImportError(file: path, path: "", message: "cannot be read: \(error)")
        }
        guard let file else {
            throw ImportError(file: path, path: "", message: "is not a regular file")
        }
        return file.bytes
    }

    /// `1 row`, `2 rows`.
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
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
