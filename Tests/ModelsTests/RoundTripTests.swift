// ModelsTests — export then import gives back the same dataset
import Foundation
import Testing

@testable import Models

/// One source tree per kind, with the awkward content real files have.
enum RoundTripFixtures {
    static let markup = #"<b>&"' ]]> &amp;"#
    static let unicode = "😀 👩‍👩‍👧 中文 e\u{301} Ω"
    static let long = String(repeating: "长", count: 20_000) + String(repeating: "x", count: 50_000)

    static let friends: FieldValue = .array([
        .dict(["name": .string("Empty"), "online": .int(0), "friends": .array([])]),
        .dict([
            "name": .string(markup), "online": .int(2),
            "friends": .array([
                .dict([
                    "name": .string("VIP " + unicode), "icon": .string("f1"), "intro": .string(long),
                    "vip": .bool(true),
                ]),
                .dict(["name": .string("no intro"), "icon": .string("f2"), "vip": .bool(false)]),
                .dict(["name": .string(""), "vip": .bool(false), "extra": .int(-1)]),
            ]),
        ]),
        // The rows key first: an export puts it back first.
        .dict(["friends": .array([.dict(["name": .string("tab\tline\nreturn\r\n")])]), "name": .string("G3")]),
    ])

    static let heroes: FieldValue = .dict([
        "heroes": .array([
            .dict([
                "name": .string("Ahri"), "title": .string(unicode), "icon": .string("h1"),
                "desc": .string("line one\nline two\n\n  indented"),
                "tags": .array([.string("Mage"), .string("中")]),
            ]),
            .dict(["name": .string(markup), "desc": .string(""), "tags": .array([])]),
            .dict([
                "name": .string("One tag"), "tags": .string("Fighter"), "rank": .int(3),
                "stats": .dict(["hp": .int(600), "ratio": .real(0.25)]),
            ]),
        ])
    ])

    static let apps: FieldValue = .array([
        .dict(["name": .string("Float"), "icon": .string("a1"), "size": .real(23.4), "download": .int(1_000)]),
        .dict(["name": .string("Whole real"), "icon": .string("a2"), "size": .real(100.0), "download": .int(0)]),
        .dict(["name": .string("Text"), "size": .string("1.2"), "download": .string("12万")]),
        .dict(["name": .string("Extremes"), "size": .real(.leastNonzeroMagnitude), "download": .int(Int64.max)]),
        .dict(["name": .string("Negative"), "size": .real(-0.1), "download": .int(Int64.min)]),
        .dict(["name": .string("Tiny"), "size": .real(0.1 + 0.2), "download": .real(1e300)]),
    ])

    static let messages: FieldValue = .dict([
        "messages": .array([
            .dict([
                "send_time": .int(1_700_000_000), "title": .string(unicode), "content": .string(markup),
                "read": .bool(true),
            ]),
            .dict(["send_time": .int(0), "title": .string("no read key"), "content": .string(long)]),
            .dict(["send_time": .real(1_600_000_000.5), "title": .string("real time"), "read": .bool(false)]),
        ])
    ])

    static let genericGrouped: FieldValue = .array([
        .dict([
            "title": .string("A"),
            "rows": .array([
                .dict([
                    "title": .string("a1"), "detail": .string(unicode), "n": .int(1), "flag": .bool(true),
                    "nested": .dict(["list": .array([.int(1), .real(1.5), .string("s"), .bool(false)])]),
                ]),
                .dict(["title": .string("a2")]),
            ]),
        ]),
        .dict(["title": .string("B"), "footer": .string("end"), "rows": .array([])]),
    ])

    static let genericFlat: FieldValue = .array([
        .dict(["label": .string("first"), "value": .int(7)]),
        .dict(["label": .string(markup), "empty": .array([]), "emptyDict": .dict([:])]),
    ])

    /// Every kind, with values that every format holds.
    static let portable: [(name: String, tree: FieldValue)] = [
        ("friends", friends), ("heroes", heroes), ("apps", apps), ("messages", messages),
        ("generic grouped", genericGrouped), ("generic flat", genericFlat),
    ]

    /// Values only property lists hold: dates and data.
    static let plistOnly: FieldValue = .array([
        .dict([
            "title": .string("dated"), "when": .date(Date(timeIntervalSince1970: 1_700_000_000)),
            "blob": .data([0, 1, 2, 255]),
        ])
    ])

    /// A value only JSON holds: null.
    static let jsonOnly: FieldValue = .array([.dict(["title": .string("nothing"), "note": .null])])
}

private func importing(_ bytes: [UInt8], id: String = "fixture") throws -> Dataset {
    try DatasetImporter.importDataset(bytes, using: DatasetDecoder(file: "\(id).file", id: id))
}

@Suite("Export then import gives back the same dataset")
struct RoundTripTests {
    @Test("every kind, from every format, exports to every format and imports as the same dataset")
    func everyKindEveryFormat() throws {
        for (name, tree) in RoundTripFixtures.portable {
            for source in DocumentFormat.allCases {
                let original = try importing(source.write(tree))
                #expect(DatasetEncoder.encode(original) == tree, "\(name) from \(source) keeps its source shape")
                for target in DocumentFormat.allCases {
                    let exported = DatasetImporter.export(original, as: target)
                    #expect(DocumentFormat.detect(exported) == target)
                    let again = try importing(exported)
                    #expect(again == original, "\(name): \(source) → \(target)")
                }
            }
        }
    }

    @Test("the kinds and shapes read from the fixtures are the ones the exports keep")
    func kindsAndShapes() throws {
        let expected: [String: (DatasetKind, SourceShape)] = [
            "friends": (.friends, SourceShape(rootKey: nil, rowsKey: "friends")),
            "heroes": (.heroes, SourceShape(rootKey: "heroes", rowsKey: nil)),
            "apps": (.apps, SourceShape(rootKey: nil, rowsKey: nil)),
            "messages": (.messages, SourceShape(rootKey: "messages", rowsKey: nil)),
            "generic grouped": (.generic, SourceShape(rootKey: nil, rowsKey: "rows")),
            "generic flat": (.generic, SourceShape(rootKey: nil, rowsKey: nil)),
        ]
        for (name, tree) in RoundTripFixtures.portable {
            let dataset = try importing(DocumentFormat.binaryPlist.write(tree))
            #expect(dataset.kind == expected[name]?.0, "\(name)")
            #expect(dataset.shape == expected[name]?.1, "\(name)")
        }
    }

    @Test("booleans stay booleans and integers stay integers through every format")
    func scalarTypesSurvive() throws {
        let tree: FieldValue = .array([
            .dict([
                "title": .string("t"), "yes": .bool(true), "one": .int(1), "zero": .int(0), "no": .bool(false),
                "real": .real(1.0),
            ])
        ])
        for format in DocumentFormat.allCases {
            let row = try importing(format.write(tree)).sections[0].rows[0].fields
            #expect(row["yes"] == .bool(true) && row["no"] == .bool(false), "\(format)")
            #expect(row["one"] == .int(1) && row["zero"] == .int(0), "\(format)")
            #expect(row["real"] == .real(1.0), "\(format)")
        }
    }

    @Test("dates and data survive the property-list formats, null survives JSON")
    func formatSpecificValues() throws {
        for source in [DocumentFormat.plist, .binaryPlist] {
            let original = try importing(source.write(RoundTripFixtures.plistOnly))
            for target in [DocumentFormat.plist, .binaryPlist] {
                #expect(try importing(DatasetImporter.export(original, as: target)) == original)
            }
        }
        let original = try importing(DocumentFormat.json.write(RoundTripFixtures.jsonOnly))
        #expect(try importing(DatasetImporter.export(original, as: .json)) == original)
    }

    @Test("after edits, an export holds exactly the edited rows with their keys and types")
    func editedDatasetRoundTrips() throws {
        var dataset = try importing(DocumentFormat.json.write(RoundTripFixtures.friends))
        dataset.sections[1].rows.remove(at: 0)
        let id = RowID(dataset.makeID())
        dataset.sections[0].rows.append(Row(id: id, fields: ["name": .string("new"), "vip": .bool(true)]))
        dataset.sections.swapAt(0, 2)
        for format in DocumentFormat.allCases {
            let again = try importing(DatasetImporter.export(dataset, as: format))
            #expect(again.kind == .friends)
            #expect(again.sections.map(\.fields) == dataset.sections.map(\.fields), "\(format)")
            #expect(again.sections.map(\.rowsKeyIndex) == dataset.sections.map(\.rowsKeyIndex), "\(format)")
            #expect(
                again.sections.map { $0.rows.map(\.fields) } == dataset.sections.map { $0.rows.map(\.fields) },
                "\(format)")
        }
    }
}
