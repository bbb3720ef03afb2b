// ListServerTests — image names found in asset catalogs, as UIImage(named:) finds them
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import ListServer

@Suite("Assets: image names found in asset catalogs (*.xcassets) first, then in plain files")
struct XCAssetsIndexTests {
    /// A temporary folder with an `--assets` folder in it, and a secret file beside it.
    final class Project {
        let root = ServerProcess.temporaryDirectory()
        var assets: String { root + "/App" }

        init() throws {
            try write("outside/secret.png", "secret")
            try FileManager.default.createDirectory(atPath: assets, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        /// Writes `text` at `path`, relative to the temporary folder.
        func write(_ path: String, _ text: String) throws {
            let full = root + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }

        /// Writes an image set at `set` (a path in the `--assets` folder ending `.imageset`): its
        /// `Contents.json` with these entries, and a file for each name in `files`.
        func imageSet(_ set: String, _ entries: [String], files: [String]) throws {
            try write("App/\(set)/Contents.json", String(decoding: ImageSetTests.contents(entries), as: UTF8.self))
            for file in files { try write("App/\(set)/\(file)", "\(set)/\(file)") }
        }

        func catalog(_ directories: [String]? = nil) -> AssetCatalog {
            AssetCatalog(directories: directories ?? [assets], publicDirectory: ServerProcess.publicDirectory)
        }
    }

    static func entry(_ file: String?, idiom: String = "universal", scale: String? = nil, extra: String = "") -> String
    {
        ImageSetTests.entry(file, idiom: idiom, scale: scale, extra: extra)
    }

    /// The file part of a resolved URL, without its version.
    static func path(_ url: String?) -> String? { url.map { String($0.split(separator: "?")[0]) } }

    @Test("a set with 1x, 2x and 3x files is shown by its 3x file, and one with only 2x by that")
    func scales() throws {
        let project = try Project()
        try project.imageSet(
            "Assets.xcassets/star.imageset",
            [
                Self.entry("star.png", scale: "1x"), Self.entry("star@2x.png", scale: "2x"),
                Self.entry("star@3x.png", scale: "3x"),
            ],
            files: ["star.png", "star@2x.png", "star@3x.png"])
        try project.imageSet(
            "Assets.xcassets/moon.imageset",
            [Self.entry(nil, scale: "1x"), Self.entry("moon-2.png", scale: "2x"), Self.entry(nil, scale: "3x")],
            files: ["moon-2.png"])
        let catalog = project.catalog()
        #expect(Self.path(catalog.url(forImageNamed: "star")) == "/assets/0/Assets.xcassets/star.imageset/star@3x.png")
        #expect(Self.path(catalog.url(forImageNamed: "moon")) == "/assets/0/Assets.xcassets/moon.imageset/moon-2.png")
        #expect(catalog.url(forImageNamed: "star.png") == nil, "a set is named without an extension")
    }

    @Test("a set for iPhone and iPad is shown by its iPhone file; one for iPad alone by that")
    func idioms() throws {
        let project = try Project()
        try project.imageSet(
            "Media.xcassets/tab.imageset",
            [
                Self.entry("tab~ipad@2x.png", idiom: "ipad", scale: "2x"),
                Self.entry("tab@2x.png", idiom: "iphone", scale: "2x"),
            ],
            files: ["tab~ipad@2x.png", "tab@2x.png"])
        try project.imageSet(
            "Media.xcassets/pad.imageset", [Self.entry("pad@2x.png", idiom: "ipad", scale: "2x")], files: ["pad@2x.png"]
        )
        let catalog = project.catalog()
        #expect(Self.path(catalog.url(forImageNamed: "tab")) == "/assets/0/Media.xcassets/tab.imageset/tab@2x.png")
        #expect(Self.path(catalog.url(forImageNamed: "pad")) == "/assets/0/Media.xcassets/pad.imageset/pad@2x.png")
    }

    @Test("a set with a dark appearance resolves to its light file, with its dark file served as a second URL")
    func darkAppearance() throws {
        let project = try Project()
        try project.imageSet(
            "Assets.xcassets/logo.imageset",
            [
                Self.entry("logo@2x.png", scale: "2x"),
                Self.entry("logo-dark@2x.png", scale: "2x", extra: ImageSetTests.dark),
            ],
            files: ["logo@2x.png", "logo-dark@2x.png"])
        let catalog = project.catalog()
        let image = try #require(catalog.image(named: "logo"))
        #expect(Self.path(image.url) == "/assets/0/Assets.xcassets/logo.imageset/logo@2x.png")
        #expect(Self.path(image.darkURL) == "/assets/0/Assets.xcassets/logo.imageset/logo-dark@2x.png")
        // The fragment's URL names both, light then dark, as a `srcset` separates candidates by spaces.
        #expect(catalog.url(forImageNamed: "logo") == image.url + " " + (image.darkURL ?? ""))
        let routes = AppRoutes(
            library: try APIFixture().library, policy: MutationPolicy(),
            files: StaticFiles(root: ServerProcess.publicDirectory), assets: catalog)
        for (url, body) in [(image.url, "logo@2x.png"), (try #require(image.darkURL), "logo-dark@2x.png")] {
            var headers = HTTPHeaders()
            headers.set("Host", "127.0.0.1:8080")
            let response = routes.router.respond(
                to: try HTTPRequest(method: "GET", target: url, headers: headers), problemPaths: AppRoutes.problemPaths)
            #expect(response.status == 200)
            #expect(String(decoding: response.bodyBytes, as: UTF8.self) == "Assets.xcassets/logo.imageset/" + body)
            #expect(response.headers["ETag"] != nil)
            #expect(response.headers["Cache-Control"] == StaticFiles.immutable)
        }
    }

    @Test(
        "a folder group that provides a namespace prefixes its sets' names; one that does not leaves them as they are")
    func namespaces() throws {
        let project = try Project()
        try project.write("App/Assets.xcassets/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
        try project.write(
            "App/Assets.xcassets/Icons/Contents.json",
            #"{"info":{"version":1},"properties":{"provides-namespace":true}}"#)
        try project.write("App/Assets.xcassets/Plain/Contents.json", #"{"info":{"version":1}}"#)
        try project.imageSet(
            "Assets.xcassets/Icons/gear.imageset", [Self.entry("gear.png", scale: "1x")], files: ["gear.png"])
        try project.imageSet("Assets.xcassets/Icons/Plain/bolt.imageset", [Self.entry("bolt.svg")], files: ["bolt.svg"])
        try project.imageSet("Assets.xcassets/Plain/cloud.imageset", [Self.entry("cloud.png")], files: ["cloud.png"])
        let catalog = project.catalog()
        #expect(
            Self.path(catalog.url(forImageNamed: "Icons/gear"))
                == "/assets/0/Assets.xcassets/Icons/gear.imageset/gear.png")
        #expect(catalog.url(forImageNamed: "gear") == nil)
        #expect(catalog.url(forImageNamed: "Icons/Plain/bolt") == nil)
        #expect(catalog.url(forImageNamed: "Icons/bolt")?.contains("/Icons/Plain/bolt.imageset/bolt.svg?v=") == true)
        #expect(catalog.url(forImageNamed: "cloud")?.contains("/Plain/cloud.imageset/cloud.png?v=") == true)
        #expect(catalog.url(forImageNamed: "Plain/cloud") == nil)
    }

    @Test("an --assets folder that is a catalog itself, or holds one deep inside, is read as one")
    func catalogFolders() throws {
        let project = try Project()
        try project.imageSet(
            "Deep/Down/Images.xcassets/pin.imageset", [Self.entry("pin.png", scale: "2x")], files: ["pin.png"])
        try project.imageSet("Loose/dot.imageset", [Self.entry("dot.png")], files: ["dot.png"])
        #expect(
            project.catalog().url(forImageNamed: "pin")?.contains("/Images.xcassets/pin.imageset/pin.png?v=") == true)
        #expect(project.catalog().url(forImageNamed: "dot") == nil, "an image set outside a catalog is not one")
        let direct = project.catalog([project.assets + "/Deep/Down/Images.xcassets/"])
        #expect(Self.path(direct.url(forImageNamed: "pin")) == "/assets/0/pin.imageset/pin.png")
    }

    @Test("a malformed set is ignored: bad JSON, files missing, only a PDF, or names that leave its folder")
    func malformed() throws {
        let project = try Project()
        try project.write("App/Assets.xcassets/broken.imageset/Contents.json", #"{"images":[{"filename":"broken.png""#)
        try project.write("App/Assets.xcassets/broken.imageset/broken.png", "broken")
        try project.imageSet("Assets.xcassets/absent.imageset", [Self.entry("absent@2x.png", scale: "2x")], files: [])
        try project.imageSet("Assets.xcassets/vector.imageset", [Self.entry("vector.pdf")], files: ["vector.pdf"])
        try project.imageSet(
            "Assets.xcassets/escape.imageset",
            [Self.entry("../../../outside/secret.png", scale: "3x"), Self.entry("ok.png")],
            files: ["ok.png"])
        try project.imageSet("Assets.xcassets/nested.imageset", [Self.entry("in/deeper.png")], files: ["in/deeper.png"])
        try FileManager.default.createSymbolicLink(
            atPath: project.assets + "/Assets.xcassets/linked.imageset", withDestinationPath: project.root + "/outside")
        try project.write(
            "outside/Contents.json", String(decoding: ImageSetTests.contents([Self.entry("secret.png")]), as: UTF8.self)
        )
        try project.imageSet(
            "Assets.xcassets/link.imageset", [Self.entry("out.png", scale: "3x"), Self.entry("in.png", scale: "1x")],
            files: ["in.png"])
        try FileManager.default.createSymbolicLink(
            atPath: project.assets + "/Assets.xcassets/link.imageset/out.png",
            withDestinationPath: project.root + "/outside/secret.png")
        let catalog = project.catalog()
        for name in ["broken", "absent", "vector", "escape", "nested", "linked"] {
            #expect(catalog.image(named: name) == nil, "\(name)")
        }
        #expect(
            Self.path(catalog.url(forImageNamed: "link")) == "/assets/0/Assets.xcassets/link.imageset/in.png",
            "a file linked out of the folder is skipped like a missing one")
    }

    @Test("a set and a plain file with one name resolve to the set, as UIImage finds the catalog first")
    func catalogBeforeFiles() throws {
        let project = try Project()
        try project.imageSet(
            "Assets.xcassets/avatar.imageset", [Self.entry("avatar-set.png", scale: "2x")], files: ["avatar-set.png"])
        try project.write("App/avatar@3x.png", "plain")
        try project.write("App/vector.png", "plain")
        try project.imageSet("Assets.xcassets/vector.imageset", [Self.entry("vector.pdf")], files: ["vector.pdf"])
        try project.write("Other/avatar.png", "first folder")
        let catalog = project.catalog()
        #expect(
            Self.path(catalog.url(forImageNamed: "avatar"))
                == "/assets/0/Assets.xcassets/avatar.imageset/avatar-set.png")
        #expect(Self.path(catalog.url(forImageNamed: "avatar.png")) == "/assets/0/avatar@3x.png", "a file by its name")
        #expect(Self.path(catalog.url(forImageNamed: "vector")) == "/assets/0/vector.png", "a set ignored is absent")
        let ordered = project.catalog([project.root + "/Other", project.assets])
        #expect(Self.path(ordered.url(forImageNamed: "avatar")) == "/assets/0/avatar.png", "folders in order")
    }
}
