// TestSupport — the corpus of real list shapes and what each should import as
import Foundation
import Models

/// One fixture of `Tests/ModelsTests/Fixtures/RealShapes`: a file with the structure and value types of a list found in a
/// public repository (its text written for this project), and what importing it must give.
public struct RealShape: Decodable, Sendable, CustomStringConvertible {
    /// The fixture's file name, named after the shape it stands for.
    public var file: String
    /// The public repository and path whose structure it copies.
    public var source: String
    public var shape: String
    public var expect: Expectation

    /// What an import must give: a table of these sections, or a refusal mentioning these words.
    public struct Expectation: Decodable, Sendable {
        public var sections: Int?
        public var rows: [Int]?
        public var sectionTitles: [String?]?
        public var indexTitles: [String]?
        public var kind: String?
        public var title: String?
        public var refused: Bool?
        public var messageMentions: [String]?
    }

    public var description: String { file }

    /// Whether the file is an app's Settings bundle page, which imports as the Settings app shows it: its
    /// sections' titles are their headers.
    public var isSettingsPage: Bool { expect.kind == "settings" }

    /// The folder of the fixtures.
    public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ModelsTests/Fixtures/RealShapes")

    /// Every fixture the manifest lists.
    public static let all: [RealShape] = {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("manifest.json")),
            let shapes = try? JSONDecoder().decode([RealShape].self, from: data)
        else { return [] }
        return shapes
    }()

    /// The fixture's bytes.
    public func bytes() throws -> [UInt8] {
        Array(try Data(contentsOf: Self.directory.appendingPathComponent(file)))
    }

    /// The dataset id an import of the fixture gets.
    public var datasetID: String { Dataset.identifier(forFileName: file) }
}
