// ModelsTests — the files a Settings bundle keeps, the images its sliders draw, and the bundle as one archive
import Foundation
import Testing

@testable import Models

/// The files of the `Chimes/Settings.bundle` fixture: sliders with images beside them (`quiet`, `quiet@2x`,
/// `loud`, `loud@3x`, `Images/left.gif`), strings in English (UTF-8) and Chinese (UTF-16), two levels of panes.
func chimesBundleFiles() throws -> [String: [UInt8]] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/SettingsBundles/Chimes/Settings.bundle")
    var files: [String: [UInt8]] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
        if !isFolder.boolValue { files[path] = Array(try Data(contentsOf: folder.appendingPathComponent(path))) }
    }
    return files
}

/// The `data:` URL of bytes with their density, as one `srcset` candidate.
private func candidate(_ bytes: [UInt8]?, _ type: String, _ density: String) -> String {
    "data:\(type);base64,\(Data(bytes ?? []).base64EncodedString()) \(density)"
}

@Suite("Settings bundles: kept files, slider images, the bundle as one archive")
struct SettingsBundleImagesTests {
    @Test("the strings files and the images are kept as they came; the pages and large files are not")
    func keptFiles() throws {
        var files = try chimesBundleFiles()
        files["huge.png"] = [UInt8](repeating: 1, count: SettingsBundle.keptFileLimit + 1)
        files["notes.txt"] = Array("not a bundle file".utf8)
        let bundle = try SettingsBundle(name: "Chimes", files: files)
        #expect(Set(bundle.files.keys) == [
            "en.lproj/Root.strings", "en.lproj/Advanced.strings", "zh-Hans.lproj/Root.strings",
            "zh-Hans.lproj/Advanced.strings", "quiet.png", "quiet@2x.png", "loud.png", "loud@3x.png", "Images/left.gif",
        ])
        #expect(bundle.files["zh-Hans.lproj/Root.strings"] == files["zh-Hans.lproj/Root.strings"])
        let dataset = try bundle.dataset(id: "chimes", title: nil, file: "Settings.bundle")
        let kept = try #require(dataset.shape.document?[SettingsBundle.filesKey]?.dictValue)
        #expect(kept["loud@3x.png"] == .data(try #require(files["loud@3x.png"])) && kept.count == 9)
    }

    @Test("an image is found as UIImage(named:) finds it: with or without its extension, with its 2x and 3x")
    func imageLookup() throws {
        let files = try chimesBundleFiles()
        var bundle = try SettingsBundle(name: "Chimes", files: files)
        let quiet = [
            candidate(files["quiet.png"], "image/png", "1x"), candidate(files["quiet@2x.png"], "image/png", "2x"),
        ]
        #expect(bundle.imageSources(named: "quiet") == quiet.joined(separator: ", "))
        #expect(bundle.imageSources(named: "quiet.png") == quiet.joined(separator: ", "))
        #expect(bundle.imageSources(named: "/quiet.png") == quiet.joined(separator: ", "))
        #expect(bundle.imageSources(named: "quiet@2x.png") == quiet[1], "a name with its scale is that file alone")
        #expect(bundle.imageSources(named: "loud")
            == [candidate(files["loud.png"], "image/png", "1x"), candidate(files["loud@3x.png"], "image/png", "3x")]
            .joined(separator: ", "))
        #expect(bundle.imageSources(named: "Images/left.gif") == candidate(files["Images/left.gif"], "image/gif", "1x"))
        #expect(bundle.imageSources(named: "right.png") == nil && bundle.imageSources(named: "") == nil)
        #expect(bundle.imageSources(named: "Root.plist") == nil, "a page is no image")
        bundle.files["photo@2x.JPEG"] = [0xFF, 0xD8, 0xFF]
        #expect(bundle.imageSources(named: "photo.JPEG") == candidate([0xFF, 0xD8, 0xFF], "image/jpeg", "2x"))
    }

    @Test("a slider keeps its images' names and, when the bundle has them, their variants; a missing one has none")
    func sliderRows() throws {
        let files = try chimesBundleFiles()
        let dataset = try SettingsBundle(name: "Chimes", files: files).dataset(id: "c", title: nil, file: "S")
        let sliders = dataset.sections.flatMap(\.rows).map(\.fields).filter { $0["accessoryView"] == "slider" }
        try #require(sliders.count == 2)
        #expect(sliders[0]["minimumImage"] == "quiet" && sliders[0]["maximumImage"] == "loud.png")
        #expect(sliders[0]["minimumImageSources"]?.stringValue?.hasPrefix("data:image/png;base64,") == true)
        #expect(sliders[0]["maximumImageSources"]?.stringValue?.hasSuffix(" 3x") == true)
        #expect(sliders[1]["minimumImageSources"]?.stringValue?.hasPrefix("data:image/gif;base64,") == true)
        #expect(sliders[1]["maximumImage"] == "right.png" && sliders[1]["maximumImageSources"] == nil)
        // The page written back names the images as the file did, and nothing else.
        let root = try DatasetImporter.readDocument(try #require(files["Root.plist"]), file: "Root.plist")
        #expect(SettingsExport.page(of: dataset) == root)
    }

    @Test("the archive holds Root.plist, every pane at any depth and the kept files under the bundle's folder")
    func bundleArchive() throws {
        var bundle = try SettingsBundle(name: "Chimes", files: try chimesBundleFiles())
        bundle.folder = "Settings"
        let dataset = try bundle.dataset(id: "chimes", title: nil, file: "Settings.bundle")
        #expect(dataset.title == "Chimes")
        #expect(SettingsExport.panes(of: dataset).map(\.file) == ["Advanced", "Notes"])
        let (folder, bytes) = SettingsExport.bundleArchive(of: dataset)
        #expect(folder == "Settings")
        let entries = try ZipArchiveTests.entries(of: bytes)
        #expect(entries.map(\.name) == [
            "Settings.bundle/Root.plist", "Settings.bundle/Advanced.plist", "Settings.bundle/Notes.plist",
            "Settings.bundle/Images/left.gif", "Settings.bundle/en.lproj/Advanced.strings",
            "Settings.bundle/en.lproj/Root.strings", "Settings.bundle/loud.png", "Settings.bundle/loud@3x.png",
            "Settings.bundle/quiet.png", "Settings.bundle/quiet@2x.png",
            "Settings.bundle/zh-Hans.lproj/Advanced.strings", "Settings.bundle/zh-Hans.lproj/Root.strings",
        ])
        let notes = try #require(entries.first { $0.name.hasSuffix("Notes.plist") })
        #expect(try DocumentFormat.plist.read(notes.bytes) == SettingsExport.pane("Notes", of: dataset))
        #expect(entries.first { $0.name.hasSuffix("quiet@2x.png") }?.bytes == bundle.files["quiet@2x.png"])
    }

    @Test("a Root.plist alone archives as Settings.bundle with its root page only")
    func rootAlone() throws {
        let page = settingsPage([
            ["Type": "PSToggleSwitchSpecifier", "Key": "on", "Title": "On", "DefaultValue": .bool(true)],
        ])
        let dataset = try SettingsBundle(root: page).dataset(id: "r", title: nil, file: "Root.plist")
        let (folder, bytes) = SettingsExport.bundleArchive(of: dataset)
        let entries = try ZipArchiveTests.entries(of: bytes)
        #expect(folder == "Settings" && entries.map(\.name) == ["Settings.bundle/Root.plist"])
        #expect(try DocumentFormat.plist.read(entries[0].bytes) == page)
    }
}
