// ListServer — one built-in sample: its dataset id

/// One built-in sample: its dataset id, the title shown in the dataset list, and its source JSON.
///
/// The JSON has the source shape of its kind, so it goes through the same JSON importer as a
/// file given with `--import`. Every `icon` value names an SVG file in `Public/icons/` without `.svg`.
struct SampleDataset: Sendable {
    /// The dataset id; for the first four samples, also the name of the kind their keys are detected as.
    let id: String
    /// The human-readable title, English and Chinese.
    let title: String
    /// The dataset in its source shape, as strictly valid UTF-8 JSON text.
    let json: String
}

/// The sample datasets stored on the first start with an empty data directory.
///
/// The content is written for this project: friend groups of a chat app, the heroes of an invented game,
/// an app store list and a message box, each mixing Chinese and English, and a phone's settings screen as a
/// table document.
enum SampleDatasets {
    /// Every sample, in the order they are listed: friends, heroes, apps, messages, settings.
    static let all: [SampleDataset] = [friends, heroes, apps, messages, settings]

    /// The sample with the given id.
    ///
    /// - Parameter id: A dataset id such as `"friends"`.
    /// - Returns: The sample, or nil when no sample has that id.
    /// - Complexity: O(n) in the number of samples (five).
    static func sample(id: String) -> SampleDataset? {
        all.first { $0.id == id }
    }
}
