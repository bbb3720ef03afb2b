// ListServer — the Settings bundles inside a folder named by `--import` (an app's project, its `Resources/`)
import Foundation

extension SettingsBundleLoader {
    /// How many folders below the one named the search goes: an Xcode project keeps its bundle a few folders
    /// down (`MyApp/MyApp/Resources/Settings.bundle`).
    static let searchDepth = 6
    /// The most folders the search lists, so that a home folder named by mistake answers at once.
    static let searchFolderLimit = 20_000
    /// Folders that hold builds and other projects' files, not the app's own bundle: their copies of it (inside
    /// `*.app`, `DerivedData`) or their libraries' (`Pods/InAppSettingsKit/…/InAppSettings.bundle`).
    static let skippedFolders: Set<String> = ["build", "Build", "DerivedData", "Pods", "Carthage", "node_modules"]
    static let skippedExtensions: Set<String> = [
        "app", "appex", "framework", "xcframework", "xcarchive", "xcodeproj", "xcworkspace", "xcassets", "lproj",
    ]

    /// The Settings bundles inside a folder: its `*.bundle` folders holding a `Root.plist` (or a device's
    /// `Root~iphone.plist`), at most ``searchDepth`` folders down, hidden folders and build folders
    /// (``skippedFolders``, ``skippedExtensions``) left out, a bundle's own folders not searched.
    /// - Parameter folder: the folder named.
    /// - Returns: their paths, in path order (the first is the one imported); empty when there is none.
    /// - Complexity: O(entries of the folders listed), at most ``searchFolderLimit`` folders.
    static func bundles(in folder: String) -> [String] {
        let manager = FileManager.default
        var found: [String] = []
        var pending: [(path: String, depth: Int)] = [(folder, 0)]
        var listed = 0
        while let (path, depth) = pending.popLast(), listed < searchFolderLimit {
            listed += 1
            for name in (try? manager.contentsOfDirectory(atPath: path)) ?? [] {
                let child = (path as NSString).appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                guard !name.hasPrefix("."), manager.fileExists(atPath: child, isDirectory: &isDirectory), isDirectory.boolValue
                else { continue }
                let pathExtension = (name as NSString).pathExtension
                if pathExtension == "bundle" {
                    if hasRootPage(child) { found.append(child) }
                } else if depth + 1 < searchDepth, !skippedFolders.contains(name), !skippedExtensions.contains(pathExtension) {
                    pending.append((child, depth + 1))
                }
            }
        }
        return found.sorted()
    }

    /// Whether a folder holds a Settings bundle's root page: `Root.plist` or a device's `Root~….plist`.
    static func hasRootPage(_ folder: String) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.contains { $0 == "Root.plist" || ($0.hasPrefix("Root~") && $0.hasSuffix(".plist")) }
    }
}
