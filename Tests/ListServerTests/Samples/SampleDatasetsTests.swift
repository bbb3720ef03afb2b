// ListServerTests — sample datasets
import Foundation
import HTTPServer
import ListRender
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

/// The JSON type a key of a sample row must hold.
private enum JSONKind: CustomStringConvertible {
    case string, integer, number, boolean, array

    /// The class JSONSerialization uses for `true` and `false`, which are otherwise NSNumbers too.
    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// Whether a value parsed by JSONSerialization has this kind; booleans are never numbers.
    func matches(_ value: Any) -> Bool {
        let number = value as? NSNumber
        let isBoolean = number.map { ObjectIdentifier(type(of: $0)) == Self.booleanClass } ?? false
        switch self {
        case .string: return value is String
        case .boolean: return isBoolean
        case .number: return number != nil && !isBoolean
        case .integer:
            guard let number, !isBoolean else { return false }
            return Int64(exactly: number.doubleValue) != nil
        case .array: return value is [Any]
        }
    }

    var description: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .number: "a number"
        case .boolean: "a boolean"
        case .array: "an array"
        }
    }
}

/// Parses a sample's JSON into its top-level array of objects.
private func rows(of sample: SampleDataset, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> [[String: Any]]
{
    var object = try JSONSerialization.jsonObject(with: Data(sample.json.utf8))
    // A root dictionary holds the list under one key, beside the dataset's row actions.
    if let root = object as? [String: Any] {
        let listKeys = root.keys.filter { !["trailingActions", "leadingActions", "deleteTitle"].contains($0) }
        try #require(listKeys.count == 1, "\(sample.id) has more than one list", sourceLocation: sourceLocation)
        object = root[listKeys[0]] as Any
    }
    return try #require(object as? [[String: Any]], "\(sample.id) is not an array of objects",
        sourceLocation: sourceLocation)
}

/// Expects a row to hold exactly the required keys, maybe some optional ones, each with its kind.
private func expectShape(
    _ row: [String: Any], required: [String: JSONKind], optional: [String: JSONKind] = [:], at path: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for (key, kind) in required {
        guard let value = row[key] else {
            Issue.record("\(path).\(key) is missing", sourceLocation: sourceLocation)
            continue
        }
        #expect(kind.matches(value), "\(path).\(key): expected \(kind), found \(value)", sourceLocation: sourceLocation)
    }
    for (key, kind) in optional {
        if let value = row[key] {
            #expect(kind.matches(value), "\(path).\(key): expected \(kind)", sourceLocation: sourceLocation)
        }
    }
    let unknown = Set(row.keys).subtracting(required.keys).subtracting(optional.keys)
    #expect(unknown.isEmpty, "\(path) has unexpected keys \(unknown.sorted())", sourceLocation: sourceLocation)
}

/// The sections of a table dictionary and of every child table under it.
private func settingsSections(_ table: [String: Any]) -> [[String: Any]] {
    let sections = table["sections"] as? [[String: Any]] ?? []
    return sections + sections.flatMap { ($0["rows"] as? [[String: Any]] ?? []).compactMap { $0["table"] as? [String: Any] } }
        .flatMap(settingsSections)
}

/// The rows of a table dictionary and of every child table under it.
private func settingsRows(_ table: [String: Any]) -> [[String: Any]] {
    let rows = (table["sections"] as? [[String: Any]] ?? []).flatMap { $0["rows"] as? [[String: Any]] ?? [] }
    return rows + rows.compactMap { $0["table"] as? [String: Any] }.flatMap(settingsRows)
}

/// The sample with an id, or a recorded failure.
private func sampleNamed(_ id: String) throws -> SampleDataset {
    try #require(SampleDatasets.sample(id: id), "no sample named \(id)")
}

/// `Public/icons` of this package, found from this file's path.
private let iconsDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Public/icons")

@Suite("Sample datasets")
struct SampleDatasetsTests {
    @Test("the samples are friends, heroes, apps, messages, settings, settings-bundle and regions, in that order, with unique ids and titles")
    func samplesInOrder() {
        let ids = SampleDatasets.all.map(\.id)
        #expect(ids == ["friends", "heroes", "apps", "messages", "settings", "settings-bundle", "regions"])
        #expect(Set(ids).count == ids.count)
        #expect(Set(SampleDatasets.all.map(\.title)).count == ids.count)
        #expect(SampleDatasets.all.allSatisfy { !$0.title.isEmpty })
        #expect(SampleDatasets.sample(id: "apps")?.title == "Apps · 应用")
        #expect(SampleDatasets.sample(id: "generic") == nil)
    }

    @Test(
        "every sample imports through the JSON importer as its kind, with its sections and rows",
        arguments: [
            ("friends", DatasetKind.friends, 7, 40), ("heroes", .heroes, 1, 24), ("apps", .apps, 1, 30),
            ("messages", .messages, 1, 30), ("settings", .table, 4, 15), ("settings-bundle", .settings, 6, 14),
            ("regions", .generic, 1, 7),
        ])
    func importsAsItsKind(id: String, kind: DatasetKind, sections: Int, rows: Int) throws {
        let dataset = try sampleNamed(id).dataset()
        #expect(dataset.id == id)
        #expect(dataset.title == SampleDatasets.sample(id: id)?.title)
        #expect(dataset.kind == kind)
        #expect(dataset.sections.count == sections)
        #expect(dataset.rowCount == rows)
    }

    @Test(
        "every sample is strictly valid JSON: an array of a few dozen objects, alone or beside row actions",
        arguments: SampleDatasets.all.map(\.id).filter { !$0.hasPrefix("settings") && $0 != "regions" })
    func validJSON(id: String) throws {
        let sample = try sampleNamed(id)
        let items = try rows(of: sample)
        let rowCount =
            id == "friends" ? items.compactMap { ($0["friends"] as? [Any])?.count }.reduce(0, +) : items.count
        #expect((20...60).contains(rowCount), "\(id) has \(rowCount) rows")
    }

    @Test("the regions sample is one outline three levels deep, every node named in English and Chinese")
    func regionsOutline() throws {
        let dataset = try sampleNamed("regions").dataset()
        let section = try #require(dataset.sections.first)
        let outline = try #require(SectionOutline(section, children: RowChildren(dataset)))
        #expect(outline.nodes.count >= 100)
        #expect(Set(outline.depths) == [0, 1, 2])
        let fields = outline.fieldsInPreorder(of: section)
        for (node, own) in fields.enumerated() {
            #expect(own["name"]?.stringValue?.isEmpty == false && own["chinese"]?.stringValue?.isEmpty == false, "node \(node)")
        }
        // Municipalities are leaves among the provinces; every region and every other province has children.
        let leavesAmongProvinces = outline.nodes.indices.filter { outline.depths[$0] == 1 && outline.nodes[$0].childCount == 0 }
        let leafNames = leavesAmongProvinces.compactMap { fields[$0]["name"]?.stringValue }
        #expect(leafNames.contains("Beijing") && leafNames.contains("Hong Kong"))
        let regions = outline.nodes.indices.filter { outline.depths[$0] == 0 }
        let childless = regions.filter { outline.nodes[$0].childCount == 0 }
        #expect(regions.count == 7 && childless.isEmpty)
    }

    @Test("friend groups have a name, an online count and friends with name, icon, optional intro and VIP flag")
    func friendsShape() throws {
        for (g, group) in try rows(of: sampleNamed("friends")).enumerated() {
            expectShape(group, required: ["name": .string, "online": .integer, "friends": .array], at: "friends[\(g)]")
            for (f, friend) in (group["friends"] as? [[String: Any]] ?? []).enumerated() {
                expectShape(
                    friend, required: ["name": .string, "icon": .string, "vip": .boolean], optional: ["intro": .string],
                    at: "friends[\(g)].friends[\(f)]")
            }
        }
    }

    @Test("each group's online count is between zero and its number of friends")
    func onlineWithinCount() throws {
        for group in try rows(of: sampleNamed("friends")) {
            let online = try #require(group["online"] as? Int)
            let count = try #require(group["friends"] as? [Any]).count
            #expect((0...count).contains(online), "\(group["name"] ?? "?"): \(online) online of \(count)")
        }
    }

    @Test("the friends sample has an empty group, VIPs, friends without an intro and an HTML-special name")
    func friendsEdgeCases() throws {
        let groups = try rows(of: sampleNamed("friends"))
        #expect((6...8).contains(groups.count))
        #expect(groups.contains { ($0["friends"] as? [Any])?.isEmpty == true })
        let friends = groups.flatMap { $0["friends"] as? [[String: Any]] ?? [] }
        #expect(friends.contains { $0["vip"] as? Bool == true })
        #expect(friends.contains { $0["vip"] as? Bool == false })
        #expect(friends.contains { $0["intro"] == nil })
        #expect(friends.contains { ($0["name"] as? String)?.contains(#"<b>Tom & "Jerry"</b>"#) == true })
        let icons = friends.compactMap { $0["icon"] as? String }
        #expect(Set(icons).count == icons.count, "each friend has an avatar of its own")
    }

    @Test("heroes have a name, title, icon, description and one to three tags")
    func heroesShape() throws {
        let heroes = try rows(of: sampleNamed("heroes"))
        for (h, hero) in heroes.enumerated() {
            expectShape(
                hero, required: ["name": .string, "title": .string, "icon": .string, "desc": .string, "tags": .array],
                at: "heroes[\(h)]")
            let tags = hero["tags"] as? [Any] ?? []
            #expect((1...3).contains(tags.count), "heroes[\(h)] has \(tags.count) tags")
            #expect(tags.allSatisfy { ($0 as? String)?.isEmpty == false })
        }
        let lengths = heroes.compactMap { ($0["desc"] as? String)?.count }
        #expect((lengths.min() ?? 0) < 40 && (lengths.max() ?? 0) > 150, "descriptions vary from a line to a paragraph")
    }

    @Test("apps have a name, icon, a size in megabytes and an integer download count")
    func appsShape() throws {
        let apps = try rows(of: sampleNamed("apps"))
        for (a, app) in apps.enumerated() {
            expectShape(
                app, required: ["name": .string, "icon": .string, "size": .number, "download": .integer],
                at: "apps[\(a)]")
            #expect((app["size"] as? Double ?? 0) > 0)
        }
        let downloads = apps.compactMap { $0["download"] as? Int }
        #expect((downloads.min() ?? 0) < 1_000 && (downloads.max() ?? 0) > 100_000_000)
    }

    @Test("messages have a 2024–2026 send time, a title, content and an optional read flag; some are unread")
    func messagesShape() throws {
        let messages = try rows(of: sampleNamed("messages"))
        let from = 1_704_067_200  // 2024-01-01T00:00:00Z
        let until = 1_798_761_600  // 2027-01-01T00:00:00Z
        for (m, message) in messages.enumerated() {
            expectShape(
                message, required: ["send_time": .integer, "title": .string, "content": .string],
                optional: ["read": .boolean], at: "messages[\(m)]")
            let time = message["send_time"] as? Int ?? 0
            #expect((from..<until).contains(time), "messages[\(m)].send_time \(time) is outside 2024–2026")
        }
        let unread = messages.filter { $0["read"] as? Bool == false }.count
        #expect(unread * 5 >= messages.count && unread * 2 <= messages.count, "\(unread) of \(messages.count) unread")
        #expect(messages.contains { $0["read"] == nil })
    }

    @Test("settings is a table document of inset groups with switches, value1 details, drill-downs and footers")
    func settingsShape() throws {
        let object = try JSONSerialization.jsonObject(with: Data(sampleNamed("settings").json.utf8))
        let table = try #require((object as? [String: Any])?["table"] as? [String: Any])
        #expect(table["style"] as? String == "insetGrouped")
        let rows = settingsRows(table)
        #expect((60...300).contains(rows.count), "\(rows.count) rows")
        let chevrons = ["disclosureIndicator", "detailDisclosureButton"]
        let deadEnds = rows.filter { chevrons.contains($0["accessory"] as? String ?? "") && $0["table"] == nil }
        #expect(deadEnds.isEmpty, "chevrons that open nothing: \(deadEnds.compactMap { $0["text"] as? String })")
        let switches = rows.filter { $0["accessoryView"] as? String == "switch" }
        #expect(switches.count >= 10 && switches.allSatisfy { $0["on"] is Bool })
        #expect(switches.contains { $0["text"] as? String == "Wi-Fi" } && switches.contains { $0["text"] as? String == "Bluetooth" })
        #expect(rows.filter { $0["style"] as? String == "value1" }.count >= 15)
        #expect(rows.filter { $0["accessory"] as? String == "checkmark" }.count >= 5)
        #expect(rows.contains { $0["accessory"] as? String == "detailButton" })
        #expect(rows.filter { $0["table"] != nil }.count >= 10)
        #expect(rows.contains { $0["editingStyle"] as? String == "delete" && $0["canMove"] as? Bool == true })
        let sections = settingsSections(table)
        #expect(sections.filter { $0["footer"] is String }.count >= 8)
        let general = try #require((table["sections"] as? [[String: Any]])?.lazy.compactMap { $0["rows"] as? [[String: Any]] }
            .joined().first { $0["text"] as? String == "General" })
        let about = try #require(((general["table"] as? [String: Any])?["sections"] as? [[String: Any]])?.first?["rows"]
            as? [[String: Any]])
        #expect(about.first?["text"] as? String == "About" && about.first?["table"] != nil)
    }

    @Test("the settings-bundle sample archives the fixture bundle folder file by file, byte for byte")
    func settingsBundleArchivesTheFolder() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("ModelsTests/Fixtures/SettingsBundles/Settings.bundle")
        let (name, files) = try SampleDataset.bundleFiles(try sampleNamed("settings-bundle").bytes, file: "sample")
        #expect(name == "Tide Table")
        var onDisk: [String: [UInt8]] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            let url = folder.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            onDisk[path] = Array(try Data(contentsOf: url))
        }
        #expect(files == onDisk, "regenerate Resources/Samples/settings-bundle.json from the folder")
    }

    @Test("every icon named by a sample has an SVG file in Public/icons")
    func iconsExist() throws {
        var names: [String] = []
        for sample in SampleDatasets.all where !sample.id.hasPrefix("settings") {
            for row in try rows(of: sample) {
                names += [row["icon"] as? String].compactMap { $0 }
                names += (row["friends"] as? [[String: Any]] ?? []).compactMap { $0["icon"] as? String }
            }
        }
        let settings = try JSONSerialization.jsonObject(with: Data(sampleNamed("settings").json.utf8))
        let images = settingsRows((settings as? [String: Any])?["table"] as? [String: Any] ?? [:])
            .compactMap { $0["image"] as? String }
        #expect(images.count >= 15)
        names += images
        #expect(names.count >= 90)
        let interfaceIcons = InterfaceIcon.allCases.map(\.name.description) + ["plus", "minus-circle", "grip"]
        for name in names + interfaceIcons {
            let path = iconsDirectory.appendingPathComponent(name + ".svg").path
            #expect(FileManager.default.fileExists(atPath: path), "missing \(path)")
        }
    }

    @Test("every icon is a small square SVG and all of them together stay under 120 KB")
    func iconsAreSmallSquareSVG() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: iconsDirectory.path)
            .filter { $0.hasSuffix(".svg") }
        #expect(files.count >= 100)
        var total = 0
        for file in files {
            let data = try Data(contentsOf: iconsDirectory.appendingPathComponent(file))
            total += data.count
            #expect(data.count <= 1_536, "\(file) is \(data.count) bytes")
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 64 64\">"), "\(file)")
            #expect(text.hasSuffix("</svg>\n"), "\(file)")
        }
        #expect(total < 120 * 1_024, "icons total \(total) bytes")
    }

    @Test("every child table of the settings sample lays out, down to the deepest")
    func settingsSample() throws {
        let sample = try #require(SampleDatasets.sample(id: "settings"))
        let api = try APIFixture(datasets: [("settings", sample.json)])
        #expect(api.dataset("settings").kind == .table)
        #expect(api.dataset("settings").style == .insetGrouped)
        var pending = [""]
        var seen = 0
        while let address = pending.popLast() {
            let window = try jsonBody(try api.get("/api/datasets/settings/window?height=5000&child=\(address)"))
            seen += 1
            let items: [FieldValue] = window["rows"]?.arrayValue ?? []
            let windowRows = items.compactMap(\.dictValue)
            #expect(!windowRows.isEmpty, "\(address)")
            pending += windowRows.compactMap { $0["child"]?.stringValue }
        }
        #expect(seen >= 15)
    }
}
