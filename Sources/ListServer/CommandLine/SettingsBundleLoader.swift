// ListServer — reads a Settings.bundle folder's files for ``SettingsBundle``
import Foundation
import Models
import SystemSupport

/// Reads the files of an app's `Settings.bundle` folder: its pages, string catalogs and images (also those one
/// folder down, but for the `*.lproj` folders), and the `.strings` files of each `*.lproj` folder. What they mean
/// is ``SettingsBundle/init(name:files:)``'s to say; this type only lists folders and reads files.
struct SettingsBundleLoader {
    /// The bundle folder.
    var folder: String
    /// The page shown first, without `.plist`: `Root`, or the page a path named in the folder.
    var rootPage = "Root"

    /// The bundle a path names, when it names one: a `*.bundle` folder (or any folder holding a `Root.plist`),
    /// or a page in a `*.bundle` folder: its `Root….plist`, or another page, shown first with the bundle's other
    /// pages and strings around it (a page only `Root.plist` opens, when a device's `Root~iphone.plist` hides it).
    /// - Returns: nil for any other path (a dataset file).
    static func bundle(at path: String) -> SettingsBundleLoader? {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            let hasRoot = FileManager.default.fileExists(atPath: url.appendingPathComponent("Root.plist").path)
            return url.pathExtension == "bundle" || hasRoot ? SettingsBundleLoader(folder: url.path) : nil
        }
        let parent = url.deletingLastPathComponent(), name = url.lastPathComponent
        guard parent.pathExtension == "bundle", name.hasSuffix(".plist") else { return nil }
        let page = String(name.dropLast(".plist".count))
        if page == "Root" || page.contains("~") { return SettingsBundleLoader(folder: parent.path) }
        // Any other plist is a page only when it reads as one: a data file in a resource bundle is a dataset.
        guard let bytes = read(path), let document = try? DatasetImporter.readDocument(bytes, file: name),
            SettingsBundle.isPage(document)
        else { return nil }
        return SettingsBundleLoader(folder: parent.path, rootPage: page)
    }

    /// Reads the bundle.
    /// - Throws: ``ImportError`` when the folder has no readable root page.
    /// - Complexity: O(total size of the bundle's files).
    func load() throws(ImportError) -> SettingsBundle {
        let base = URL(fileURLWithPath: folder)
        var files: [String: [UInt8]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            if name.hasSuffix(".lproj") {
                let lproj = base.appendingPathComponent(name)
                for file in (try? FileManager.default.contentsOfDirectory(atPath: lproj.path)) ?? [] where file.hasSuffix(".strings") {
                    files["\(name)/\(file)"] = Self.read(lproj.appendingPathComponent(file).path)
                }
            } else if name.hasSuffix(".plist") || name.hasSuffix(".xcstrings") {
                files[name] = Self.read(base.appendingPathComponent(name).path)
            } else if SettingsBundle.mediaType(of: name) != nil {
                files[name] = Self.readImage(base.appendingPathComponent(name).path)
            } else if !name.hasPrefix(".") {
                // An images folder (`Images/quiet.png`): a slider's image may name its path in the bundle.
                let folder = base.appendingPathComponent(name)
                for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                where SettingsBundle.mediaType(of: file) != nil {
                    files["\(name)/\(file)"] = Self.readImage(folder.appendingPathComponent(file).path)
                }
            }
        }
        // A generic folder name (`Settings.bundle`) gives way to the app's, the folder holding it, past folders
        // that only sort a project's files (`MyApp/Sources/Resources/Settings.bundle` → `MyApp`).
        let ancestors = base.deletingLastPathComponent().pathComponents.reversed().prefix(8)
        let app = SettingsBundle.appFolder(among: Array(ancestors))
        let name = SettingsBundle.name(ofFolder: base.deletingPathExtension().lastPathComponent, parent: app)
        var bundle = try SettingsBundle(name: name, files: files, rootPage: rootPage)
        bundle.folder = base.deletingPathExtension().lastPathComponent
        return bundle
    }

    private static func read(_ path: String) -> [UInt8]? {
        (try? System.readFile(path, maxBytes: 64 << 20))?.bytes
    }

    /// An image's bytes; nil for one larger than the bundle keeps (``SettingsBundle/keptFileLimit``).
    private static func readImage(_ path: String) -> [UInt8]? {
        (try? System.readFile(path, maxBytes: SettingsBundle.keptFileLimit))?.bytes
    }
}
