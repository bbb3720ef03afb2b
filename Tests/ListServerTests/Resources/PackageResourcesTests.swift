// ListServerTests — the JSON resources embedded in the binary
import Foundation
import Models
import Testing

@testable import ListServer

/// `Sources/ListServer/Resources` of this package, found from this file's path.
private let resourcesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/ListServer/Resources")

/// Every embedded resource by its path under `Resources/`.
private let embedded: [String: [UInt8]] = [
    "OpenAPI/openapi.json": PackageResources.openapi_json,
    "OpenAPI/openapi-components.json": PackageResources.openapi_components_json,
    "Samples/friends.json": PackageResources.friends_json,
    "Samples/heroes.json": PackageResources.heroes_json,
    "Samples/apps.json": PackageResources.apps_json,
    "Samples/messages.json": PackageResources.messages_json,
    "Samples/settings.json": PackageResources.settings_json,
    "Samples/settings-bundle.json": PackageResources.settings_bundle_json,
    "Samples/regions.json": PackageResources.regions_json,
]

@Suite("Embedded resources")
struct PackageResourcesTests {
    @Test("every file under Resources is embedded, byte for byte")
    func everyFileEmbedded() throws {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: resourcesDirectory.path)
            .filter { $0.hasSuffix(".json") }
        #expect(Set(paths) == Set(embedded.keys))
        for path in paths {
            let file = try Data(contentsOf: resourcesDirectory.appendingPathComponent(path))
            #expect(embedded[path] == Array(file), "\(path) differs from what the binary holds")
        }
    }

    @Test("every embedded resource is a JSON object or array, in strictly valid UTF-8", arguments: embedded.keys.sorted())
    func parsesAsJSON(path: String) throws {
        let bytes = try #require(embedded[path])
        #expect(validUTF8(bytes), "\(path) is not valid UTF-8")
        switch try JSONReader.read(bytes) {
        case .dict(let fields): #expect(!fields.isEmpty, "\(path) is an empty object")
        case .array(let items): #expect(!items.isEmpty, "\(path) is an empty array")
        default: Issue.record("\(path) is neither an object nor an array")
        }
        // Foundation's reader agrees, so no quirk of the app's own reader lets a file through.
        let object = try JSONSerialization.jsonObject(with: Data(bytes))
        #expect(object is [Any] || object is [String: Any])
    }

    private func validUTF8(_ bytes: [UInt8]) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }
}
