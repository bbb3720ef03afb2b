// ListServer — the built-in samples, embedded from Resources/Samples
import Foundation
import Models

/// One built-in sample: its dataset id, the title shown in the dataset list, and its source JSON.
///
/// The JSON has the source shape of its kind, so it goes through the same JSON importer as a
/// file given with `--import`. Every `icon` and `image` value names an SVG file in `Public/icons/`
/// without `.svg`.
struct SampleDataset: Sendable {
    /// The dataset id; for the first four samples, also the name of the kind their keys are detected as.
    let id: String
    /// The human-readable title, English and Chinese.
    let title: String
    /// The dataset in its source shape, as strictly valid UTF-8 JSON: `Resources/Samples/ID.json`.
    let bytes: [UInt8]

    /// ``bytes`` as text.
    var json: String { String(decoding: bytes, as: UTF8.self) }

    /// The sample read by the JSON importer, as `--import` reads a file; a Settings bundle's archive
    /// (``isSettingsBundle``) as `--import` reads the bundle's folder.
    /// - Returns: the dataset, its kind detected from its keys.
    /// - Throws: ``ImportError`` when the sample does not import; a test makes sure every one does.
    /// - Complexity: O(size of the JSON).
    func dataset() throws(ImportError) -> Dataset {
        if isSettingsBundle {
            let (name, files) = try Self.bundleFiles(bytes, file: "sample \(id)")
            return try SettingsBundle(name: name, files: files).dataset(id: id, title: title, file: "sample \(id)")
        }
        let decoder = DatasetDecoder(file: "sample \(id)", id: id, title: title)
        return try DatasetImporter.importDataset(bytes, using: decoder)
    }

    /// Whether the sample is a Settings bundle's archive: `{"name": …, "files": {PATH: BASE64}}`, each file of
    /// the bundle folder (`Root.plist`, `zh-Hans.lproj/Root.strings`) as its bytes in Base64.
    var isSettingsBundle: Bool { id == "settings-bundle" }

    /// The bundle's name and files from its archive.
    /// - Throws: ``ImportError`` when the archive is not one.
    static func bundleFiles(_ bytes: [UInt8], file: String) throws(ImportError) -> (String?, [String: [UInt8]]) {
        let archive = try DatasetImporter.readDocument(bytes, file: file).dictValue
        var files: [String: [UInt8]] = [:]
        for field in archive?["files"]?.dictValue ?? [:] {
            guard let data = field.value.stringValue.flatMap({ Data(base64Encoded: $0) }) else {
                throw ImportError(file: file, path: "files.\(field.key)", message: "expected the file's bytes in Base64")
            }
            files[field.key] = Array(data)
        }
        return (archive?["name"]?.stringValue, files)
    }
}

/// The sample datasets stored on the first start with an empty data directory.
///
/// The content is written for this project, each sample mixing Chinese and English:
/// - `friends.json`: friend groups of a chat app's contact list, seven groups, one of them empty, with VIP
///   friends, optional intros, an emoji and a name full of HTML-special characters.
///   Shape: `[{name, online, friends: [{name, icon, intro?, vip}]}]`.
/// - `heroes.json`: the heroes of an invented game, described in a line to a short paragraph.
///   Shape: `[{name, title, icon, desc, tags}]`.
/// - `apps.json`: an app store list of invented apps, sizes in megabytes, downloads from hundreds to
///   hundreds of millions. Shape: `[{name, icon, size, download}]`.
/// - `messages.json`: a message box of system notifications from 2024 to 2026, newest first; a third
///   unread and two without a `read` flag; swiping offers 删除 and 标为已读, from the left 置顶.
///   Shape: `{"messages": [{send_time, title, content, read?}], trailingActions, leadingActions, deleteTitle}`.
/// - `settings.json`: a phone's settings screen as a table document, in UITableView's own vocabulary: inset
///   groups, switches, value1 details, drill-downs (General ▸ About, Display ▸ Auto-Lock with a checkmark
///   choice), footers, a reorderable list of languages, and one unknown key per row of the first screen
///   (`key`), kept as it is. Shape: `{"table": {style, footer, separatorStyle, allowsSelection,
///   allowsMultipleSelection, sections: [{header?, footer?, rows: [{text, detail?, image?, style?,
///   accessory?, accessoryView?, on?, table?}]}]}}`.
/// - `settings-bundle.json`: an invented tide app's `Settings.bundle` (its folder is
///   `Tests/ModelsTests/Fixtures/SettingsBundles/Settings.bundle`, archived file by file in Base64): every
///   specifier type, English strings in the ASCII form, Chinese ones in UTF-16 and as a binary plist, and child
///   panes two levels deep (More ▸ Harbours ▸ Advanced).
/// - `regions.json`: China's regions, their provinces and cities, named in English and Chinese, as one outline
///   three levels deep (municipalities are leaves among the provinces). Shape: `[{name, chinese, children?}]`.
enum SampleDatasets {
    /// Every sample, in the order they are listed: friends, heroes, apps, messages, settings, settings-bundle,
    /// regions.
    static let all: [SampleDataset] = [
        SampleDataset(id: "friends", title: "Friends · 好友", bytes: PackageResources.friends_json),
        SampleDataset(id: "heroes", title: "Heroes · 英雄", bytes: PackageResources.heroes_json),
        SampleDataset(id: "apps", title: "Apps · 应用", bytes: PackageResources.apps_json),
        SampleDataset(id: "messages", title: "Messages · 消息", bytes: PackageResources.messages_json),
        SampleDataset(id: "settings", title: "Settings · 设置", bytes: PackageResources.settings_json),
        SampleDataset(
            id: "settings-bundle", title: "Tide Table Settings · 潮汐表设置", bytes: PackageResources.settings_bundle_json),
        SampleDataset(id: "regions", title: "Regions of China · 中国地区", bytes: PackageResources.regions_json),
    ]

    /// The sample with the given id.
    ///
    /// - Parameter id: A dataset id such as `"friends"`.
    /// - Returns: The sample, or nil when no sample has that id.
    /// - Complexity: O(n) in the number of samples (seven).
    static func sample(id: String) -> SampleDataset? {
        all.first { $0.id == id }
    }
}
