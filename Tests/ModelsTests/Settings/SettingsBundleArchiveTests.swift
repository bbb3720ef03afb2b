// ModelsTests — a Settings bundle imported from a ZIP archive, and archives made to harm refused before unpacking
import Foundation
import Testing

@testable import Models

/// A ZIP archive written by Python's `zipfile`, each entry deflated unless its name ends in `|stored`.
func pythonZip(_ entries: [(name: String, bytes: [UInt8])]) throws -> [UInt8] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var names: [String] = []
    for (index, entry) in entries.enumerated() {
        try Data(entry.bytes).write(to: folder.appendingPathComponent("\(index)"))
        names.append(entry.name)
    }
    try JSONSerialization.data(withJSONObject: names).write(to: folder.appendingPathComponent("names.json"))
    let script = """
        import json, os, sys, zipfile
        folder = sys.argv[1]
        names = json.load(open(os.path.join(folder, "names.json")))
        with zipfile.ZipFile(os.path.join(folder, "out.zip"), "w") as z:
            for i, name in enumerate(names):
                stored = name.endswith("|stored")
                method = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
                z.writestr(name.removesuffix("|stored"), open(os.path.join(folder, str(i)), "rb").read(), method)
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, folder.path]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "python3 could not write the archive")
    return Array(try Data(contentsOf: folder.appendingPathComponent("out.zip")))
}

/// Overwrites a little-endian 32-bit field of an archive at every place `find` (4 bytes before it) matches.
private func patch32(_ archive: inout [UInt8], at offsets: [Int], _ value: UInt32) {
    for offset in offsets {
        for shift in 0..<4 { archive[offset + shift] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(shift))) }
    }
}

private func refusal(_ archive: [UInt8], limits: ZipArchive.Limits = .init()) -> ZipArchive.ReadError? {
    do {
        _ = try ZipArchive.files(in: archive, limits: limits)
        return nil
    } catch {
        return error
    }
}

@Suite("Settings bundles: imported from a ZIP archive, harmful archives refused")
struct SettingsBundleArchiveTests {
    @Test("our own format=bundle archive imports as the bundle it was: every page, language and image")
    func ownArchiveRoundTrips() throws {
        let files = try chimesBundleFiles()
        let original = try SettingsBundle(name: "Chimes", files: files)
        var folder = original
        folder.folder = "Settings"
        let dataset = try folder.dataset(id: "chimes", title: nil, file: "Settings.bundle")
        let archive = SettingsExport.bundleArchive(of: dataset).bytes
        let again = try SettingsBundle(archive: archive, file: "Settings.bundle.zip", name: "Settings")
            .dataset(id: "chimes", title: dataset.title, file: "Settings.bundle.zip")
        #expect(again.sections.map { $0.rows.map(\.fields) } == dataset.sections.map { $0.rows.map(\.fields) })
        #expect(again.shape.document == dataset.shape.document, "languages, kept files and folder name")
    }

    @Test("a Finder zip of MyApp/Settings.bundle reads, its __MACOSX and .DS_Store left out, titled by the app")
    func finderArchive() throws {
        var entries: [(name: String, bytes: [UInt8])] = []
        for (path, bytes) in try settingsBundleFiles().sorted(by: { $0.key < $1.key }) {
            entries.append(("Tides/Settings.bundle/\(path)", bytes))
            entries.append(("__MACOSX/Tides/Settings.bundle/._\(path.split(separator: "/").last ?? "")", [0, 5, 22, 7]))
        }
        entries.append(("Tides/Settings.bundle/.DS_Store|stored", [0, 0, 0, 1, 66, 117, 100, 49]))
        let bundle = try SettingsBundle(archive: try pythonZip(entries), file: "Tides.zip", name: "Tides")
        let folder = try SettingsBundle(name: "Tides", files: try settingsBundleFiles())
        #expect(bundle.name == "Tides" && bundle.folder == "Settings")
        #expect(bundle.root == folder.root && bundle.panes == folder.panes && bundle.strings == folder.strings)
        #expect(bundle.languages == ["en", "de", "zh-Hans"])
    }

    @Test("a generic bundle folder, Settings or InAppSettings, is titled by the folder holding it, capitalised when all in lower case; others by their own")
    func genericFolderNames() throws {
        #expect(SettingsBundle.name(ofFolder: "InAppSettings.bundle", parent: "Chat") == "Chat")
        #expect(SettingsBundle.name(ofFolder: "Settings", parent: "Chat") == "Chat")
        #expect(SettingsBundle.name(ofFolder: "Settings", parent: "/") == "Settings")
        #expect(SettingsBundle.name(ofFolder: "Tides.bundle", parent: "Chat") == "Tides")
        #expect(SettingsBundle.name(ofFolder: "InAppSettings.bundle", parent: "linphone") == "Linphone")
        #expect(SettingsBundle.name(ofFolder: "Settings.bundle", parent: "iTides") == "iTides")
        #expect(SettingsBundle.name(ofFolder: "Settings.bundle", parent: "潮汐") == "潮汐")
        #expect(SettingsBundle.appFolder(among: ["Localizations", "Sources", "FreeAPS", "iAPS"]) == "FreeAPS")
        #expect(SettingsBundle.appFolder(among: ["Supporting Files", "RESOURCES", "sources", "MyApp"]) == "MyApp")
        #expect(SettingsBundle.appFolder(among: ["Resources", "Settings"]) == "Resources", "all generic: the nearest")
        #expect(SettingsBundle.appFolder(among: []) == nil)
        #expect(SettingsBundle.name(ofFolder: "tides.bundle", parent: "Chat") == "tides")
        let entries = try settingsBundleFiles().sorted { $0.key < $1.key }.map { (name: "Chat/InAppSettings.bundle/\($0.key)", bytes: $0.value) }
        let bundle = try SettingsBundle(archive: try pythonZip(entries), file: "chat.zip", name: "chat")
        #expect(bundle.name == "Chat" && bundle.folder == "InAppSettings")
        let alone = entries.map { (name: String($0.name.dropFirst("Chat/".count)), bytes: $0.bytes) }
        #expect(try SettingsBundle(archive: try pythonZip(alone), file: "Chat.zip", name: "Chat").name == "Chat")
    }

    @Test("an archive of the folder's files alone is named after the archive; one without a Root.plist is refused")
    func filesAtTheTop() throws {
        let entries = try settingsBundleFiles().sorted { $0.key < $1.key }.map { (name: $0.key, bytes: $0.value) }
        let bundle = try SettingsBundle(archive: try pythonZip(entries), file: "Harbour.zip", name: "Harbour")
        #expect(bundle.name == "Harbour" && bundle.panes["Harbours"] != nil)
        let empty = try pythonZip([("Settings.bundle/en.lproj/Root.strings", Array("\"A\" = \"B\";".utf8))])
        #expect(throws: ImportError(
            file: "x.zip", path: "",
            message: "the archive holds no Root.plist: zip the Settings.bundle folder, or the files inside it")
        ) { try SettingsBundle(archive: empty, file: "x.zip", name: "x") }
    }

    @Test("deflated and stored entries read back byte for byte; a damaged checksum is refused")
    func deflatedEntries() throws {
        let text = Array(String(repeating: "High water at 06:12. ", count: 400).utf8)
        let archive = try pythonZip([("a.txt", text), ("b.bin|stored", [1, 2, 3]), ("empty", []), ("folder/c.txt", text)])
        let files = try ZipArchive.files(in: archive)
        #expect(files.map(\.path) == ["a.txt", "b.bin", "empty", "folder/c.txt"])
        #expect(files[0].bytes == text && files[1].bytes == [1, 2, 3] && files[2].bytes.isEmpty && files[3].bytes == text)
        var damaged = ZipArchive()
        damaged.add("Root.plist", [1, 2, 3])
        var bytes = damaged.bytes
        bytes[30 + "Root.plist".utf8.count] = 9
        #expect(refusal(bytes)?.message == "its checksum does not match: the archive is damaged")
        #expect(refusal(Array("not a zip".utf8))?.message == "not a ZIP archive: it has no end of central directory record")
        #expect(refusal(Array(archive.prefix(archive.count / 2))) != nil, "cut short")
    }

    @Test("a zip bomb is refused before it is unpacked: the bytes its directory declares over the limit")
    func bombByDeclaredSize() throws {
        let zeros = [UInt8](repeating: 0, count: 65 << 20)
        let archive = try pythonZip([("Settings.bundle/Root.plist", [UInt8](repeating: 0x20, count: 10)), ("big.png", zeros)])
        #expect(archive.count < 200_000, "65 MiB of zeros deflate to \(archive.count) bytes")
        #expect(refusal(archive)?.message == "it unpacks to more than the 64 MiB allowed (2 entries)")
        #expect(throws: ImportError.self) { try SettingsBundle(archive: archive, file: "bomb.zip", name: "bomb") }
    }

    @Test("an entry that unpacks to more than it declares stops at its declared size")
    func bombBySizeLie() throws {
        var archive = try pythonZip([("lie.png", [UInt8](repeating: 0, count: 1 << 20))])
        // The declared size: at 22 in the local header, at 24 in the central directory record.
        let signature: [UInt8] = [0x50, 0x4B, 1, 2]
        let found = (0..<archive.count - 4).first { (at: Int) -> Bool in Array(archive[at..<at + 4]) == signature }
        let central = try #require(found)
        patch32(&archive, at: [22, central + 24], 1000)
        #expect(refusal(archive) == ZipArchive.ReadError(entry: "lie.png", message: "it unpacks to more than the 1000 bytes it declares"))
    }

    @Test("names that leave the folder, too many entries, encryption and other methods are refused")
    func refusedEntries() throws {
        for name in ["../Root.plist", "Settings.bundle/../../etc/passwd", "/etc/passwd", "..\\Root.plist", "C:/Root.plist"] {
            var archive = ZipArchive()
            archive.add("Settings.bundle/Root.plist", [1])
            archive.add(name, [1])
            let refused = refusal(archive.bytes)
            #expect(refused?.entry == name && refused?.message.contains("archive's folder") == true, "\(name): \(String(describing: refused))")
        }
        var many = ZipArchive()
        for index in 0..<5 { many.add("f\(index)", []) }
        #expect(refusal(many.bytes, limits: .init(entries: 4))?.message == "it holds 5 entries, more than the 4 allowed")
        var encrypted = ZipArchive()
        encrypted.add("Root.plist", [1])
        var bytes = encrypted.bytes
        let central = 30 + "Root.plist".utf8.count + 1
        bytes[central + 8] |= 1
        #expect(refusal(bytes) == ZipArchive.ReadError(entry: "Root.plist", message: "it is encrypted"))
        bytes[central + 8] &= ~1
        bytes[central + 10] = 12  // bzip2
        #expect(refusal(bytes)?.message == "compressed with method 12: only stored (0) and deflated (8) are read")
    }
}
