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

    /// The bundle folder a path names, when it names one: a `*.bundle` folder (or any folder holding a
    /// `Root.plist`), or a `Root….plist` in a `*.bundle` folder.
    /// - Returns: nil for any other path (a dataset file).
    static func bundleFolder(of path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            let hasRoot = FileManager.default.fileExists(atPath: url.appendingPathComponent("Root.plist").path)
            return url.pathExtension == "bundle" || hasRoot ? url.path : nil
        }
        let parent = url.deletingLastPathComponent()
        let isRoot = url.lastPathComponent == "Root.plist" || url.lastPathComponent.hasPrefix("Root~")
        return isRoot && parent.pathExtension == "bundle" ? parent.path : nil
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
        // A generic folder name (`Settings.bundle`) gives way to the app's, the folder holding it.
        let name = SettingsBundle.name(
            ofFolder: base.deletingPathExtension().lastPathComponent, parent: base.deletingLastPathComponent().lastPathComponent)
        var bundle = try SettingsBundle(name: name, files: files)
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
