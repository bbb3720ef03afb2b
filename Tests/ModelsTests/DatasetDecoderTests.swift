// ModelsTests — DatasetDecoder
import Testing
@testable import Models

private func friend(_ name: String, vip: FieldValue = .bool(false), intro: String? = nil) -> FieldValue {
    var fields: Fields = ["name": .string(name), "icon": .string("friend-01")]
    if let intro { fields["intro"] = .string(intro) }
    fields["vip"] = vip
    return .dict(fields)
}

private func group(_ name: String, online: Int64, _ friends: [FieldValue]) -> FieldValue {
    .dict(["name": .string(name), "online": .int(online), "friends": .array(friends)])
}

private func decode(_ root: FieldValue, kind: DatasetKind? = nil) throws -> Dataset {
    try DatasetDecoder(file: "test.json", id: "test", kind: kind).decode(root)
}

private func importError(_ root: FieldValue, kind: DatasetKind? = nil) -> ImportError? {
    do {
        _ = try decode(root, kind: kind)
        return nil
    } catch {
        return error as? ImportError
    }
}

@Suite("DatasetDecoder")
struct DatasetDecoderTests {
    @Test("friend groups become collapsed-by-default sections with the group keys kept")
    func friendGroupsBecomeSections() throws {
        let root: FieldValue = .array([
            group("Family", online: 1, [friend("Mum", vip: .bool(true)), friend("Dad", intro: "hi")]),
            group("Empty", online: 0, []),
        ])
        let dataset = try decode(root)
        #expect(dataset.kind == .friends)
        #expect(dataset.style == .plain)
        #expect(dataset.shape == SourceShape(rootKey: nil, rowsKey: "friends"))
        #expect(dataset.sections.map(\.rows.count) == [2, 0])
        #expect(dataset.sections[0].fields.keys == ["name", "online"])
        #expect(dataset.sections[0].rowsKeyIndex == 2)
        #expect(dataset.sections.map(\.id.rawValue) == [1, 2])
        #expect(dataset.sections[0].rows.map(\.id.rawValue) == [3, 4])
        #expect(dataset.nextID == 5)
        #expect(dataset.version == 1)
    }

    @Test("each kind is detected from the keys of its first element")
    func kindsAreDetectedFromKeys() throws {
        let heroes: FieldValue = .array([
            .dict(["name": .string("Ash"), "title": .string("t"), "icon": .string("i"), "desc": .string("d"),
                   "tags": .array([.string("Mage")])])
        ])
        let apps: FieldValue = .array([.dict(["name": .string("A"), "icon": .string("i"), "size": .real(2.5),
                                              "download": .int(10)])])
        let messages: FieldValue = .array([.dict(["send_time": .int(1_700_000_000), "title": .string("t"),
                                                  "content": .string("c")])])
        let genericGrouped: FieldValue = .array([.dict(["title": .string("A"),
                                                        "rows": .array([.dict(["x": .string("y")])])])])
        let genericFlat: FieldValue = .array([.dict(["x": .string("y")])])
        #expect(try decode(heroes).kind == .heroes)
        #expect(try decode(apps).kind == .apps)
        #expect(try decode(messages).kind == .messages)
        #expect(try decode(genericGrouped).kind == .generic)
        #expect(try decode(genericGrouped).shape.rowsKey == "rows")
        #expect(try decode(genericGrouped).style == .grouped)
        #expect(try decode(genericFlat).shape.rowsKey == nil)
        #expect(try decode(genericFlat).style == .plain)
    }

    @Test("a mistyped field is refused with its key path and the value found")
    func mistypedFieldNamesKeyPath() {
        let root: FieldValue = .array([
            group("A", online: 0, [friend("a")]),
            group("B", online: 0, [friend("b"), friend("c"), friend("d"), friend("e", vip: .string("often"))]),
        ])
        let error = importError(root)
        #expect(error?.description == "test.json: [1].friends[3].vip: expected a boolean (true or false, YES or NO, 1 or 0, or a number), found \"often\"")
    }

    @Test("a list wrapped in a one-key dictionary keeps its root key in paths and shape")
    func rootDictionaryIsUnwrapped() throws {
        let root: FieldValue = .dict(["friends": .array([group("A", online: 0, [friend("a", vip: .array([]))])])])
        let error = importError(root)
        #expect(error?.path == "friends[0].friends[0].vip")
        #expect(error?.message == "expected a boolean (true or false, YES or NO, 1 or 0, or a number), found an array of 0")
        let good: FieldValue = .dict(["friends": .array([group("A", online: 0, [friend("a")])])])
        #expect(try decode(good).shape.rootKey == "friends")
    }

    @Test("empty lists, scalars and non-dictionary rows are refused")
    func badShapesAreRefused() {
        #expect(importError(.array([]))?.message == "the list is empty: pass --kind to import an empty list")
        #expect(importError(.string("x"))?.message.hasPrefix("expected a list of rows") == true)
        #expect(importError(.array([.dict(["a": .string("b")]), .int(3)]))?.path == "[1]")
        #expect(importError(.dict(["a": .int(1), "b": .int(2)])) != nil)
        let missingRows: FieldValue = .array([.dict(["name": .string("G"), "online": .int(1)])])
        #expect(importError(missingRows, kind: .friends)?.path == "[0].friends")
        let badOnline: FieldValue = .array([.dict(["name": .string("G"), "online": .string("3 of 5"),
                                                   "friends": .array([])])])
        #expect(
            importError(badOnline)?.description == "test.json: [0].online: expected an integer, found \"3 of 5\"")
    }

    @Test("required keys must be present and nested lists are checked element by element")
    func requiredKeysAndListsAreChecked() {
        let noName: FieldValue = .array([.dict(["title": .string("t"), "desc": .string("d"), "tags": .array([])])])
        #expect(importError(noName, kind: .heroes)?.path == "[0].name")
        let badTag: FieldValue = .array([.dict(["name": .string("n"), "desc": .string("d"),
                                                "tags": .array([.string("a"), .int(2), .null])])])
        #expect(importError(badTag)?.description == "test.json: [0].tags[2]: expected a string, found null")
        let badTime: FieldValue = .array([.dict(["send_time": .string("yesterday"), "title": .string("t")])])
        #expect(importError(badTime)?.path == "[0].send_time")
    }

    @Test("a forced kind is checked against that kind's rules")
    func forcedKindIsChecked() throws {
        let flat: FieldValue = .array([.dict(["name": .string("n"), "size": .string("big")])])
        #expect(try decode(flat, kind: .apps).kind == .apps)
        #expect(importError(flat, kind: .messages)?.path == "[0].send_time")
    }

    @Test("encoding a decoded dataset gives back the source tree exactly")
    func encodingRestoresSource() throws {
        let sources: [FieldValue] = [
            .array([group("A", online: 1, [friend("a", intro: "x")]), group("B", online: 0, [])]),
            .dict(["items": .array([.dict(["send_time": .real(1.5), "title": .string("t"), "read": .bool(true)])])]),
            .array([.dict(["rows": .array([.dict(["k": .null])]), "title": .string("T"), "extra": .int(1)])]),
        ]
        for source in sources {
            let dataset = try decode(source)
            #expect(DatasetEncoder.encode(dataset) == source)
        }
    }
}
