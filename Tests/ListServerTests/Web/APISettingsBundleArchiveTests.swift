// ListServerTests — a Settings bundle folder imported with its images, drawn beside its sliders, exported as a .zip
import Foundation
import HTTPServer
import Models
import TestSupport
import Testing

@testable import ListServer

private func text(_ response: HTTPResponse) -> String { String(decoding: response.bodyBytes, as: UTF8.self) }

/// The `Chimes/Settings.bundle` fixture folder.
private let chimesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("ModelsTests/Fixtures/SettingsBundles/Chimes/Settings.bundle")

/// A fixture serving the folder as `--import` reads it, as `chimes`.
private func chimes() throws -> APIFixture {
    guard let bundle = SettingsBundleLoader.bundle(at: chimesFolder.path) else {
        throw ImportError(file: chimesFolder.path, path: "", message: "not a bundle folder")
    }
    let dataset = try bundle.load().dataset(id: "chimes", title: nil, file: bundle.folder)
    return try APIFixture(datasets: [], imported: [dataset])
}

/// The files of a ZIP archive as Python's `zipfile` reads them (checking every CRC), by name, in archive order.
private func unzipped(_ archive: [UInt8]) throws -> [(name: String, bytes: [UInt8])] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-\(UUID().uuidString).zip")
    try Data(archive).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let script = """
        import base64, json, sys, zipfile
        with zipfile.ZipFile(sys.argv[1]) as z:
            assert z.testzip() is None
            print(json.dumps([[i.filename, base64.b64encode(z.read(i)).decode()] for i in z.infolist()]))
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, file.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "zipfile could not read the archive")
    let pairs = try #require(try JSONSerialization.jsonObject(with: bytes) as? [[String]])
    return pairs.map { ($0[0], Array(Data(base64Encoded: $0[1]) ?? Data())) }
}

@Suite("API: a Settings bundle's images and its archive")
struct APISettingsBundleArchiveTests {
    @Test("format=bundle is a .zip of the folder: each page as its pane's export, the strings and images as they came")
    func archiveMatchesThePaneExports() throws {
        let api = try chimes()
        let response = try api.get("/api/datasets/chimes/export?format=bundle")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/zip")
        #expect(response.headers["Content-Disposition"] == "attachment; filename=\"Settings.bundle.zip\"")
        let files = try unzipped(response.bodyBytes)
        #expect(files.count == 12 && files.allSatisfy { $0.name.hasPrefix("Settings.bundle/") })
        for (name, bytes) in files {
            let path = String(name.dropFirst("Settings.bundle/".count))
            if path.hasSuffix(".plist") {
                let pane = path == "Root.plist" ? "" : "&pane=\(path.dropLast(".plist".count))"
                let export = try api.get("/api/datasets/chimes/export?format=plist\(pane)")
                #expect(export.status == 200 && bytes == export.bodyBytes, "\(path) differs from its pane's export")
            } else {
                let original = try Data(contentsOf: chimesFolder.appendingPathComponent(path))
                #expect(bytes == Array(original), "\(path) is not as it came")
            }
        }
        #expect(Set(files.map(\.name)).isSuperset(of: [
            "Settings.bundle/Advanced.plist", "Settings.bundle/Notes.plist",
            "Settings.bundle/zh-Hans.lproj/Root.strings", "Settings.bundle/quiet@2x.png",
            "Settings.bundle/Images/left.gif",
        ]))
    }

    @Test("a value changed by a batch is the archive's DefaultValue; the archive of another kind is refused")
    func changedValues() throws {
        let api = try chimes()
        let slider = try #require(api.dataset("chimes").sections.flatMap(\.rows).first {
            $0.fields["specifier"]?.dictValue?["Key"] == .string("chime_volume")
        })
        let change = #"{"id":\#(slider.id.rawValue),"fields":{"value":0.75}}"#
        let reply = try api.batch("chimes", #"{"baseVersion":1,"updateRows":["# + change + "]}")
        #expect(reply.status == 200, "\(text(reply))")
        let files = try unzipped(try api.get("/api/datasets/chimes/export?format=bundle").bodyBytes)
        let rootFile = try #require(files.first { $0.name == "Settings.bundle/Root.plist" })
        let root = try DocumentFormat.plist.read(rootFile.bytes)
        let specifiers = root.dictValue?["PreferenceSpecifiers"]?.arrayValue?.compactMap(\.dictValue) ?? []
        #expect(specifiers.first { $0["Key"] == .string("chime_volume") }?["DefaultValue"] == .real(0.75))
        let other = try APIFixture()
        try expectProblem(try other.get("/api/datasets/letters/export?format=bundle"), status: 422)
        let unknown = try other.get("/api/datasets/letters/export?format=zip")
        #expect(unknown.status == 400)
    }

    @Test("a slider draws the bundle's images at its two ends, each variant at its density; a missing one is not drawn")
    func sliderImages() throws {
        let api = try chimes()
        let window = text(try api.get("/d/chimes/fragment?top=0&height=3000"))
        let quiet = try Data(contentsOf: chimesFolder.appendingPathComponent("quiet@2x.png")).base64EncodedString()
        let loud = try Data(contentsOf: chimesFolder.appendingPathComponent("loud@3x.png")).base64EncodedString()
        #expect(window.contains(#"<img class="si" data-end="min" alt="" srcset="data:image/png;base64,"#))
        #expect(window.contains("data:image/png;base64,\(quiet) 2x\"><input class=\"acc sl\""))
        #expect(window.contains("tabindex=\"-1\"><img class=\"si\" data-end=\"max\""))
        #expect(window.contains("data:image/png;base64,\(loud) 3x\">"))
        #expect(window.contains("srcset=\"data:image/gif;base64,"), "an image in a folder of the bundle")
        #expect(window.components(separatedBy: "class=\"si\"").count - 1 == 3, "right.png is not in the bundle")
        #expect(window.contains("aria-label=\"quiet – loud\""), "a slider without a title is named by its images")
        #expect(window.contains("aria-label=\"left – right\"") && !window.contains("aria-label=\"chime_"))
    }

    @Test("a PUT of a Root.plist naming images has no images and no error; its archive is the root page")
    func putWithoutImages() throws {
        let api = try APIFixture(datasets: [])
        let root = try Data(contentsOf: chimesFolder.appendingPathComponent("Root.plist"))
        let request = try HTTPRequest(
            method: "PUT", target: "/api/datasets/bare", headers: ["Host": "127.0.0.1"], body: Array(root))
        #expect(api.router.respond(to: request, problemPaths: AppRoutes.problemPaths).completed().status == 201)
        let window = text(try api.get("/d/bare/fragment?top=0&height=3000"))
        #expect(window.contains("type=\"range\"") && !window.contains("<img class=\"si\""))
        let files = try unzipped(try api.get("/api/datasets/bare/export?format=bundle").bodyBytes)
        #expect(files.map(\.name) == ["Settings.bundle/Root.plist"])
    }
}

@Suite("API: export file names")
struct APIExportFileNameTests {
    @Test("a pane whose name has no letter or digit names the download after the dataset, never \".plist\"")
    func paneWithoutAName() throws {
        let api = try chimes()
        let response = try api.get("/api/datasets/chimes/export?format=defaults&pane=%C2%A3")
        #expect(response.status == 200)
        #expect(response.headers["Content-Disposition"] == "attachment; filename=\"chimes.plist\"")
    }

    @Test("a page downloads as its file in the bundle: Root.plist, a pane by its own name; defaults by the dataset's")
    func pagesByTheirFileNames() throws {
        let api = try chimes()
        func name(_ query: String) throws -> String? {
            let response = try api.get("/api/datasets/chimes/export?\(query)")
            #expect(response.status == 200, "\(query)")
            return response.headers["Content-Disposition"]
        }
        #expect(try name("format=plist") == "attachment; filename=\"Root.plist\"")
        #expect(try name("format=binary-plist&pane=") == "attachment; filename=\"Root.plist\"")
        #expect(try name("format=plist&pane=Advanced") == "attachment; filename=\"Advanced.plist\"")
        #expect(try name("format=plist&pane=Advanced.plist") == "attachment; filename=\"Advanced.plist\"")
        #expect(try name("format=defaults") == "attachment; filename=\"chimes.plist\"")
        let other = try APIFixture()
        let letters = try other.get("/api/datasets/letters/export?format=plist")
        #expect(letters.headers["Content-Disposition"] == "attachment; filename=\"letters.plist\"")
    }
}

/// A `PUT` of `body` to `/api/datasets/{id}`.
private func put(_ api: APIFixture, _ id: String, _ body: [UInt8], contentType: String = "application/zip") throws -> HTTPResponse {
    let request = try HTTPRequest(
        method: "PUT", target: "/api/datasets/\(id)", headers: ["Host": "127.0.0.1", "Content-Type": contentType],
        body: body)
    return api.router.respond(to: request, problemPaths: AppRoutes.problemPaths).completed()
}

@Suite("API and --import: a Settings bundle as a .zip")
struct SettingsBundleZipImportTests {
    @Test("a PUT of our own format=bundle archive is the same bundle: pages, languages, images; any Content-Type")
    func putOwnArchive() throws {
        let api = try chimes()
        let archive = try api.get("/api/datasets/chimes/export?format=bundle").bodyBytes
        let created = try put(api, "again", archive, contentType: "application/octet-stream")
        #expect(created.status == 201, "\(text(created))")
        #expect(api.dataset("again").kind == .settings)
        #expect(api.dataset("again").sections.map { $0.rows.map(\.fields) } == api.dataset("chimes").sections.map { $0.rows.map(\.fields) })
        let chinese = text(try api.get("/d/again/fragment?top=0&height=3000&lang=zh-Hans"))
        #expect(chinese == text(try api.get("/d/chimes/fragment?top=0&height=3000&lang=zh-Hans")).replacingOccurrences(of: "/d/chimes", with: "/d/again"))
        #expect(chinese.contains("<img class=\"si\""), "the slider's images came along")
    }

    @Test("a zip bomb, a path that climbs out and an archive without Root.plist get 422 and change nothing stored")
    func refusedArchivesChangeNothing() throws {
        let api = try chimes()
        let before = try api.get("/api/datasets/chimes").bodyBytes
        var climbing = ZipArchive()
        climbing.add("Settings.bundle/Root.plist", Array(try Data(contentsOf: chimesFolder.appendingPathComponent("Root.plist"))))
        climbing.add("Settings.bundle/../../evil.png", [1])
        let bomb = try pythonZipOfZeros(megabytes: 65)
        var noRoot = ZipArchive()
        noRoot.add("Settings.bundle/en.lproj/Root.strings", Array("\"A\" = \"B\";".utf8))
        for (archive, detail) in [
            (climbing.bytes, "a path that climbs out of the archive's folder"),
            (bomb, "it unpacks to more than the 64 MiB allowed"),
            (noRoot.bytes, "the archive holds no Root.plist"),
        ] {
            let response = try put(api, "chimes", archive)
            try expectProblem(response, status: 422)
            #expect(text(response).contains(detail), "\(text(response))")
            #expect(try put(api, "fresh", archive).status == 422)
        }
        #expect(try api.get("/api/datasets/chimes").bodyBytes == before, "the bundle there is as it was")
        #expect(try api.get("/api/datasets/fresh").status == 404)
        try expectProblem(try put(api, "listed", ZipArchive().bytes + [], contentType: "application/zip"), status: 422)
    }

    @Test("--import PATH.zip reads the archive as a bundle folder, named after it; --kind other than settings refuses it")
    func importFromTheCommandLine() throws {
        let api = try chimes()
        let archive = try api.get("/api/datasets/chimes/export?format=bundle").bodyBytes
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString)/Settings.bundle.zip")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try Data(archive).write(to: file)
        let entry = Configuration.Import(id: "settings", path: file.path)
        let dataset = try DatasetFileLoader(kind: nil).load(entry)
        #expect(dataset.kind == .settings && dataset.rowCount == api.dataset("chimes").rowCount)
        #expect(throws: ImportError(file: file.path, path: "", message: "a ZIP archive imports only as a Settings bundle")) {
            try DatasetFileLoader(kind: .generic).load(entry)
        }
    }
}

@Suite("--import of a page inside a Settings bundle folder")
struct SettingsBundlePageImportTests {
    private static let bundle = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("ModelsTests/Fixtures/SettingsBundles/Settings.bundle")

    @Test("a page other than Root is shown first with its bundle's strings; the bundle exports whole around it")
    func aPageOfTheBundle() throws {
        let entry = Configuration.Import(id: "harbours", path: Self.bundle.appendingPathComponent("Harbours.plist").path)
        let dataset = try DatasetFileLoader(kind: nil).load(entry)
        #expect(dataset.kind == .settings && dataset.rowCount > 0)
        // Its own strings table (zh-Hans.lproj/Harbours.strings) translates it, as when Root opens it.
        let translated = dataset.sections.flatMap(\.rows).contains { $0.fields["localized"] != nil }
            || dataset.sections.contains { $0.fields["localized"] != nil }
        #expect(translated, "no text of the page was translated")
        let files = try unzipped(SettingsExport.bundleArchive(of: dataset).bytes).map(\.name)
        #expect(files.first == "Settings.bundle/Harbours.plist", "the page shown, from its rows: \(files)")
        #expect(files.contains("Settings.bundle/Root.plist"), "the bundle's other pages, as they came: \(files)")
    }

    @Test("a plist in a bundle folder that is no Settings page is a dataset as before")
    func aDataFileInAResourceBundle() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("data-\(UUID().uuidString)/Heroes.bundle")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let file = folder.appendingPathComponent("heroes.plist")
        let list: [[String: String]] = [["name": "Ahri", "icon": "ahri.png", "intro": "A fox."]]
        try PropertyListSerialization.data(fromPropertyList: list, format: .xml, options: 0).write(to: file)
        let dataset = try DatasetFileLoader(kind: nil).load(Configuration.Import(id: "heroes", path: file.path))
        #expect(dataset.kind == .heroes && dataset.rowCount == 1)
    }
}

/// An archive of one deflated entry of `megabytes` MiB of zeros under a bundle's Root.plist, as Python writes it.
private func pythonZipOfZeros(megabytes: Int) throws -> [UInt8] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("bomb-\(UUID().uuidString).zip")
    defer { try? FileManager.default.removeItem(at: file) }
    let script = """
        import sys, zipfile
        with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("Settings.bundle/Root.plist", b"<plist/>")
            z.writestr("Settings.bundle/zeros.png", bytes(int(sys.argv[2]) << 20))
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, file.path, "\(megabytes)"]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    return Array(try Data(contentsOf: file))
}
