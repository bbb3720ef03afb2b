// TestSupport — datasets and directories the tests share
import Foundation
import Models

/// Datasets and scratch directories for store and server tests.
public enum StoreFixtures {
    /// Runs `body` with a new empty directory, removed afterwards.
    public static func withDirectory(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("listserver-store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(directory)
    }

    /// A grouped friends-like dataset, a one-section messages dataset and an empty one.
    public static func datasets() -> [Dataset] {
        let friends = Dataset(
            id: "friends", title: "Friends", kind: .friends, style: .plain,
            shape: SourceShape(rootKey: nil, rowsKey: "friends"),
            sections: [
                Section(
                    id: SectionID(1), fields: ["name": .string("Family"), "online": .int(2)], rowsKeyIndex: 2,
                    rows: []),
                Section(
                    id: SectionID(10), fields: ["online": .int(1), "name": .string("Work 中文")], rowsKeyIndex: 1,
                    rows: [
                        Row(
                            id: RowID(12),
                            fields: [
                                "name": .string("Zoë"), "icon": .string("f1"), "intro": .string("hi 🌍"),
                                "vip": .bool(true),
                            ]),
                        Row(
                            id: RowID(11),
                            fields: [
                                "vip": .bool(false), "name": .string("Bo"),
                                "tags": .array([.string("x"), .dict(["deep": .array([.null, .real(-0.5)])])]),
                                "seen": .date(Date(timeIntervalSince1970: 1_700_000_000.25)),
                                "blob": .data([0, 1, 255]),
                            ]),
                    ]),
            ],
            version: 3, nextID: 500)
        var messages = dataset(id: "messages", sections: 1, rowsPerSection: 40)
        messages.kind = .messages
        messages.shape = SourceShape(rootKey: "messages", rowsKey: nil)
        messages.version = 4
        let empty = Dataset(
            id: "empty", title: "", kind: .generic, style: .grouped, shape: SourceShape(), sections: [], version: 1)
        return [friends, messages, empty]
    }

    /// A generic dataset with ids 1, 2, 3, … over its sections and rows.
    public static func dataset(id: String, sections sectionCount: Int, rowsPerSection: Int, firstID: Int64 = 1) -> Dataset {
        var next = firstID
        func take() -> Int64 {
            defer { next += 1 }
            return next
        }
        let sections = (0..<sectionCount).map { index in
            Section(
                id: SectionID(take()), fields: ["title": .string("Section \(index)")], rowsKeyIndex: 1,
                rows: (0..<rowsPerSection).map { row in
                    Row(
                        id: RowID(take()),
                        fields: [
                            "title": .string("Row \(row) of \(index)"), "send_time": .int(1_600_000_000 + Int64(row)),
                            "read": .bool(row % 3 == 0),
                        ])
                })
        }
        return Dataset(
            id: id, title: id.capitalized, kind: .generic, style: .plain, shape: SourceShape(rowsKey: "rows"),
            sections: sections)
    }
}
