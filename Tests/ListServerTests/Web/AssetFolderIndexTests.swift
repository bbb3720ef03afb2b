// ListServerTests — the files of an image folder, listed once
import Foundation
import TestSupport
import Testing

@testable import ListServer

@Suite("Assets: each folder listed once, so names with no file there cost no system call")
struct AssetFolderIndexTests {
    private static func write(_ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(path.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test("the listing holds every file by its path inside the folder, nested and through linked folders, not hidden")
    func listing() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for name in ["a.png", "sub/b@2x.png", "sub/deeper/c.svg", ".hidden.png", ".git/config", "sub/.d.png"] {
            try Self.write(root + "/folder/" + name)
        }
        try FileManager.default.createSymbolicLink(
            atPath: root + "/folder/linked", withDestinationPath: root + "/folder/sub")
        let index = try #require(AssetFolderIndex(root: root + "/folder"))
        for path in ["a.png", "sub/b@2x.png", "sub/deeper/c.svg", "linked/b@2x.png", "linked/deeper/c.svg"] {
            #expect(index.contains(path), "\(path)")
        }
        for path in ["sub", "a", "b@2x.png", ".hidden.png", ".git/config", "sub/.d.png", "/a.png", "./a.png"] {
            #expect(!index.contains(path), "\(path)")
        }
        #expect(index.count == 5)
        #expect(AssetFolderIndex(root: root + "/missing") == nil, "a folder that cannot be read has no listing")
    }

    @Test("a catalogue resolves what its folders held when it was made: a file added later is seen after a restart")
    func filesAddedLater() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write(root + "/assets/early@2x.png")
        let catalog = AssetCatalog(directories: [root + "/assets"], publicDirectory: ServerProcess.publicDirectory)
        try Self.write(root + "/assets/late.png")
        #expect(catalog.url(forImageNamed: "early")?.hasPrefix("/assets/0/early@2x.png?v=") == true)
        #expect(catalog.url(forImageNamed: "late") == nil)
        #expect(catalog.url(forImageNamed: "friend-01") == "/icons/friend-01.svg", "the built-in icons are listed too")
        #expect(catalog.url(forImageNamed: "friend-00") == nil)
        let restarted = AssetCatalog(directories: [root + "/assets"], publicDirectory: ServerProcess.publicDirectory)
        #expect(restarted.url(forImageNamed: "late")?.hasPrefix("/assets/0/late.png?v=") == true)
    }

    @Test("a listed file that is gone, or a link out of the folder, is still refused on disk")
    func listedButRefused() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write(root + "/assets/gone.png")
        try Self.write(root + "/outside/secret.png")
        try FileManager.default.createSymbolicLink(
            atPath: root + "/assets/link.png", withDestinationPath: root + "/outside/secret.png")
        let catalog = AssetCatalog(directories: [root + "/assets"], publicDirectory: ServerProcess.publicDirectory)
        try FileManager.default.removeItem(atPath: root + "/assets/gone.png")
        #expect(catalog.url(forImageNamed: "gone") == nil)
        #expect(catalog.url(forImageNamed: "link") == nil)
    }

    @Test("a stem is held when a listed file has it, with or without a scale suffix, and only then")
    func stems() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for name in ["a@2x.png", "sub/b.jpg", "c", "d.e.png", "f@3x.svg"] { try Self.write(root + "/folder/" + name) }
        let index = try #require(AssetFolderIndex(root: root + "/folder"))
        for stem in ["a", "a@2x", "sub/b", "c", "d.e", "f", "f@3x"] { #expect(index.mayHold(stem: stem), "\(stem)") }
        for stem in ["b", "a@3x", "sub", "d", "e", "f@2x", "A"] { #expect(!index.mayHold(stem: stem), "\(stem)") }
        #expect(AssetCatalog.stem(of: "sub/photo@2x.png") == "sub/photo@2x")
        #expect(AssetCatalog.stem(of: "v1.2/photo") == nil, "a dot in a folder's name is no extension")
        #expect(AssetCatalog.stem(of: ".hidden") == nil)
    }
}
