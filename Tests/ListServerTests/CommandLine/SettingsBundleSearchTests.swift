// ListServerTests — `--import` of an app's project folder finds the Settings bundle inside it
import Foundation
import Models
import Testing

@testable import ListServer

/// A temporary folder with files written at paths inside it.
private struct ProjectFolder: ~Copyable {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("project-\(UUID().uuidString)")

    /// A Settings bundle's root page as Xcode's template writes it: a group and a switch titled `title`.
    static func rootPage(_ title: String) -> [UInt8] {
        DocumentFormat.plist.write(.dict([
            "StringsTable": .string("Root"),
            "PreferenceSpecifiers": .array([
                .dict(["Type": .string("PSGroupSpecifier"), "Title": .string("Group")]),
                .dict([
                    "Type": .string("PSToggleSwitchSpecifier"), "Title": .string(title), "Key": .string("enabled_preference"),
                    "DefaultValue": .bool(true),
                ]),
            ]),
        ]))
    }

    func write(_ path: String, _ bytes: [UInt8]) throws {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
    }

    func load(_ kind: DatasetKind? = nil) throws(ImportError) -> (datasets: [Dataset], summaries: [String]) {
        try DatasetFileLoader(kind: kind).load([Configuration.Import(id: "tides", path: root.path)])
    }

    deinit { try? FileManager.default.removeItem(at: root) }
}

@Suite("--import of a folder that holds a Settings bundle")
struct SettingsBundleSearchTests {
    @Test("the bundle inside an app's project is found past build, dependency and hidden folders, titled by its app")
    func findsTheAppsBundle() throws {
        let project = ProjectFolder()
        try project.write("Tides/Resources/Settings.bundle/Root.plist", ProjectFolder.rootPage("Sound"))
        try project.write("Tides/Resources/Settings.bundle/en.lproj/Root.strings", Array(#""Sound" = "Sound";"#.utf8))
        // Copies and others' bundles, each before the app's in path order, none of them its own.
        try project.write("Build/Products/Tides.app/Settings.bundle/Root.plist", ProjectFolder.rootPage("Build"))
        try project.write(".git/x/Settings.bundle/Root.plist", ProjectFolder.rootPage("Hidden"))
        try project.write("Pods/InAppSettingsKit/InAppSettings.bundle/Root.plist", ProjectFolder.rootPage("Pods"))
        try project.write("DerivedData/Settings.bundle/Root.plist", ProjectFolder.rootPage("Derived"))
        try project.write("Tides/Tides.xcodeproj/project.pbxproj", Array("// !$*UTF8*$!".utf8))
        let (datasets, summaries) = try project.load()
        let dataset = try #require(datasets.first)
        #expect(dataset.kind == .settings && dataset.title == "Tides", "the app's folder, past Resources/")
        #expect(dataset.sections.flatMap(\.rows).map { $0.fields["text"]?.text } == ["Sound"])
        let bundle = project.root.appendingPathComponent("Tides/Resources/Settings.bundle").path
        #expect(summaries == [summaries[0]] && summaries[0].hasPrefix(
            "imported 'tides' from \(project.root.path) (the Settings bundle \(bundle)): settings, 1 row in 1 section"),
            "\(summaries)")
    }

    @Test("a bundle without a Title is titled by its app's folder, past Sources, Localizations, Supporting Files")
    func titledPastSortingFolders() throws {
        for (path, title) in [
            ("iAPS/FreeAPS/Sources/Localizations/Settings.bundle", "FreeAPS"),
            ("MyApp/Sources/Resources/Supporting Files/Settings.bundle", "MyApp"),
            ("Chimes/iOS/App/Settings.bundle", "Chimes"),
        ] {
            let project = ProjectFolder()
            try project.write("\(path)/Root.plist", ProjectFolder.rootPage("Sound"))
            let dataset = try #require(try project.load().datasets.first)
            #expect(dataset.title == title, "\(path)")
            let bundle = try #require(try DatasetFileLoader(kind: nil).load(
                [Configuration.Import(id: "tides", path: project.root.appendingPathComponent(path).path)]).datasets.first)
            #expect(bundle.title == title, "\(path) imported by the bundle's own path")
        }
    }

    @Test("of several bundles the first in path order is imported, and the summary names it and the others")
    func severalBundles() throws {
        let project = ProjectFolder()
        try project.write("Watch/Settings.bundle/Root~iphone.plist", ProjectFolder.rootPage("Watch"))
        try project.write("App/Settings.bundle/Root.plist", ProjectFolder.rootPage("App"))
        let (datasets, summaries) = try project.load(.settings)
        #expect(datasets.first?.sections.flatMap(\.rows).first?.fields["text"]?.text == "App")
        let app = project.root.appendingPathComponent("App/Settings.bundle").path
        let watch = project.root.appendingPathComponent("Watch/Settings.bundle").path
        #expect(summaries.first?.contains("(the Settings bundle \(app), the first of 2: also \(watch)): settings") == true, "\(summaries)")
    }

    @Test("a folder without one says so and what can be imported; --kind other than settings keeps 'is a directory'")
    func noBundle() throws {
        let project = ProjectFolder()
        try project.write("Tides/main.swift", Array("print(1)".utf8))
        try project.write("build/Settings.bundle/Root.plist", ProjectFolder.rootPage("Build"))
        let path = project.root.path
        #expect(throws: ImportError(
            file: path, path: "",
            message: "is a folder that holds no Settings bundle (a *.bundle folder with a Root.plist, looked for 6 "
                + "folders down, hidden and build folders left out); import a Settings.bundle folder, its Root.plist, "
                + "a .zip of it, or a .json or .plist list")) { try project.load() }
        #expect(throws: ImportError(file: path, path: "", message: "is a directory, not a dataset file")) {
            try project.load(.generic)
        }
    }
}
