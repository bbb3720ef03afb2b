// ModelsTests — dataset identifiers
import Testing
@testable import Models

@Suite("Dataset identifiers")
struct DatasetIdentifierTests {
    @Test("a file name gives its stem lower-cased with other characters turned into dashes", arguments: [
        ("friends.plist", "friends"),
        ("/tmp/x/My Apps.v2.json", "my-apps"),
        ("Heroes__List.JSON", "heroes-list"),
        ("--odd--name--.json", "odd-name"),
        ("好友.json", ""),
    ])
    func fileNameGivesIdentifier(fileName: String, expected: String) {
        #expect(Dataset.identifier(forFileName: fileName) == expected)
    }

    @Test("titles are made from ids word by word")
    func titleFromIdentifier() {
        #expect(DatasetDecoder.title(forIdentifier: "my-apps") == "My Apps")
    }
}
