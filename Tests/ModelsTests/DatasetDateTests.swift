// ModelsTests — dates are finite and within years 1–9999
import Foundation
import Testing

@testable import Models

/// The first unix second of year 10000.
private let year10000: Double = 253_402_300_800
private let notFinite = "the date is not finite"
private let outside = "the date is outside years 1–9999"

private func decode(_ list: [FieldValue], kind: DatasetKind? = nil) throws(ImportError) -> Dataset {
    try DatasetDecoder(file: "test.plist", id: "test", kind: kind).decode(.array(list))
}

/// The error decoding `list` gives, as its one line; nil when it decodes.
private func refusal(_ list: [FieldValue], kind: DatasetKind? = nil) -> String? {
    do {
        _ = try decode(list, kind: kind)
        return nil
    } catch {
        return error.description
    }
}

private func message(sendTime: FieldValue) -> FieldValue {
    .dict(["send_time": sendTime, "title": .string("余额变动提醒"), "content": .string("变动资金-103.40元")])
}

@Suite("Dates are finite and within years 1–9999")
struct DatasetDateTests {
    @Test("send_time takes unix seconds as an integer, a real or a numeric string, or a plist date, as it is")
    func sendTimeForms() throws {
        let times: [FieldValue] = [
            .string("1576139886"), .int(1_576_139_886), .real(1_576_139_886.5), .string("-1.5"),
            .date(Date(timeIntervalSince1970: 1_576_139_886)),
        ]
        let dataset = try decode(times.map { message(sendTime: $0) })
        #expect(dataset.kind == .messages)
        #expect(dataset.sections[0].rows.map { $0.fields["send_time"] } == times)
    }

    @Test(
        "a send_time that is no time is refused with its key path and the value",
        arguments: [
            (FieldValue.string("yesterday"), #"expected unix seconds, a date or a date's text (2026-01-01 10:00:00), found "yesterday""#),
            (.string(""), #"expected unix seconds, a date or a date's text (2026-01-01 10:00:00), found """#),
            (.string("1576139886 "), #"expected unix seconds, a date or a date's text (2026-01-01 10:00:00), found "1576139886 ""#),
            (.bool(true), "expected unix seconds, a date or a date's text (2026-01-01 10:00:00), found true"),
        ])
    func sendTimeRefusals(value: FieldValue, expected: String) {
        #expect(
            refusal([message(sendTime: .int(1)), message(sendTime: value)]) == "test.plist: [1].send_time: \(expected)")
    }

    /// A `send_time` and why it is refused, described without `Date.description`, which traps on NaN.
    struct OutOfRange: Sendable, CustomTestStringConvertible {
        var label: String
        var value: FieldValue
        var message: String
        var testDescription: String { label }
    }

    @Test(
        "a send_time outside years 1–9999 or not finite is refused, whether a date, a number or a string",
        arguments: [
            OutOfRange(label: "NaN date", value: .date(Date(timeIntervalSinceReferenceDate: .nan)), message: notFinite),
            OutOfRange(
                label: "infinite date", value: .date(Date(timeIntervalSinceReferenceDate: .infinity)),
                message: notFinite),
            OutOfRange(label: "year 10000", value: .date(Date(timeIntervalSince1970: year10000)), message: outside),
            OutOfRange(label: "NaN real", value: .real(.nan), message: notFinite),
            OutOfRange(label: "-infinity", value: .real(-.infinity), message: notFinite),
            OutOfRange(label: "Int64.max", value: .int(.max), message: outside),
            OutOfRange(label: "year 10000 string", value: .string("253402300800"), message: outside),
            OutOfRange(label: "year 0 string", value: .string("-62135596801"), message: outside),
        ])
    func sendTimeOutOfRange(_ time: OutOfRange) {
        let list = [message(sendTime: .int(0)), message(sendTime: .int(1)), message(sendTime: time.value)]
        #expect(refusal(list) == "test.plist: [2].send_time: \(time.message)")
    }

    @Test("the first and last moments of years 1 and 9999 are dates, the moments just outside are not")
    func yearLimits() {
        let first = Double(PropertyListDate.earliestSeconds)
        for (seconds, problem) in [
            (first, nil), (year10000 - 0.001, nil), (0, nil),
            (first - 0.001, "the date is outside years 1–9999"), (year10000, "the date is outside years 1–9999"),
        ] as [(Double, String?)] {
            #expect(FieldValue.dateProblem(unixSeconds: seconds) == problem, "\(seconds)")
        }
    }

    @Test("a date under any key, nested in arrays and dictionaries, of a row or a group, is checked")
    func nestedDates() {
        let good = FieldValue.date(Date(timeIntervalSince1970: 0))
        let nan = FieldValue.date(Date(timeIntervalSinceReferenceDate: .nan))
        let row = FieldValue.dict([
            "title": .string("t"), "log": .array([.dict(["at": good]), .dict(["note": .string("x"), "at": nan])]),
        ])
        #expect(
            refusal([.dict(["title": .string("ok"), "at": good]), row])
                == "test.plist: [1].log[1].at: the date is not finite")
        let group = FieldValue.dict([
            "title": .string("G"), "since": .date(Date(timeIntervalSince1970: -1e12)), "rows": .array([]),
        ])
        #expect(refusal([group]) == "test.plist: [0].since: the date is outside years 1–9999")
        let friends = FieldValue.dict([
            "name": .string("G"), "friends": .array([.dict(["name": .string("a"), "seen": .array([good, nan])])]),
        ])
        #expect(refusal([friends]) == "test.plist: [0].friends[0].seen[1]: the date is not finite")
    }
}

/// Files plistlib writes with a plist date in a message's `send_time` and in a friend's extra `since`,
/// that date then replaced by one plistlib cannot write: NaN, ±infinity, years 10000 and 0, as the 8
/// bytes of a binary plist's date object or the text of an XML `<date>`.
private let badDatesScript = #"""
    import datetime, math, plistlib, struct, sys

    folder = sys.argv[1]
    MARK = datetime.datetime(2019, 12, 12, 8, 38, 6)
    MARK_TEXT = b"2019-12-12T08:38:06Z"
    MARK_BITS = struct.pack(">d", 1576139886 - 978307200)

    def write(name, data):
        with open(f"{folder}/{name}", "wb") as f: f.write(data)

    def patched(data, old, new):
        assert data.count(old) == 1, (old, data.count(old))
        return data.replace(old, new)

    messages = [
        {"send_time": "1576139886", "title": "余额变动提醒", "content": "变动资金-103.40元"},
        {"send_time": "1576139000", "title": "b", "content": "c"},
        {"send_time": MARK, "title": "dated", "content": "d"},
    ]
    friends = [{"name": "好友", "online": "1", "friends": [
        {"name": "a", "icon": "friend-01", "vip": False},
        {"name": "b", "icon": "friend-02", "vip": True, "since": MARK},
    ]}]
    for name, value in (("messages", messages), ("friends", friends)):
        xml = plistlib.dumps(value, fmt=plistlib.FMT_XML, sort_keys=False)
        binary = plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=False)
        write(f"{name}-good.xml", xml)
        write(f"{name}-good.bin", binary)
        for label, seconds in (("nan", math.nan), ("inf", math.inf), ("-inf", -math.inf),
                               ("10000", 253402300800 - 978307200), ("0", -62135596801 - 978307200)):
            write(f"{name}-{label}.bin", patched(binary, MARK_BITS, struct.pack(">d", seconds)))
        for label, text in (("10000", b"10000-01-01T00:00:00Z"), ("0", b"0000-12-31T23:59:59Z")):
            write(f"{name}-{label}.xml", patched(xml, MARK_TEXT, text))
    print("ok")
    """#

@Suite("Dates in plistlib's files")
struct DatasetDatePlistlibTests {
    @Test("NaN, infinite and year-10000 or year-0 dates in binary and XML plists are refused with their key path")
    func badDatesAreRefused() throws {
        let folder = try PlistlibOracle.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try PlistlibOracle.run([folder.path], script: badDatesScript) == "ok")
        let paths = ["messages": "[2].send_time", "friends": "[0].friends[1].since"]
        let messages = [
            "nan.bin": "the date is not finite", "inf.bin": "the date is not finite",
            "-inf.bin": "the date is not finite",
            "10000.bin": "the date is outside years 1–9999", "0.bin": "the date is outside years 1–9999",
            "10000.xml": "the date is outside years 1–9999", "0.xml": "the date is outside years 1–9999",
        ]
        var checked = 0
        for (name, path) in paths {
            for suffix in ["good.xml", "good.bin"] {
                let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("\(name)-\(suffix)")))
                let dataset = try DatasetImporter.importDataset(bytes, using: DatasetDecoder(file: suffix, id: name))
                #expect(dataset.kind.rawValue == name, "\(name)-\(suffix)")
            }
            for (suffix, message) in messages {
                let file = "\(name)-\(suffix)"
                let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
                #expect(throws: ImportError(file: file, path: path, message: message), "\(file)") {
                    try DatasetImporter.importDataset(bytes, using: DatasetDecoder(file: file, id: name))
                }
                checked += 1
            }
        }
        #expect(checked == 14)
    }
}

@Suite("Dates written as text")
struct DateTextTests {
    @Test("the forms message lists write name the same instant, zones applied; others are refused", arguments: [
        ("2026-01-01 10:00:00", 1_767_261_600.0), ("2026-01-01T10:00:00Z", 1_767_261_600),
        ("2026-01-01T18:00:00+08:00", 1_767_261_600), ("2026-01-01T05:30:00-0430", 1_767_261_600),
        ("2026/01/01 10:00", 1_767_261_600), ("2026.01.01", 1_767_225_600), ("2026-01-01T10:00:00.250Z", 1_767_261_600.25),
        ("2024-02-29", 1_709_164_800), ("1970-01-01 00:00:00", 0),
    ])
    func acceptedForms(_ text: String, _ seconds: Double) {
        #expect(CivilDate.unixTime(parsing: text) == seconds, "\(text)")
        #expect(FieldValue.string(text).unixTime == seconds)
    }

    @Test("text that is no date is nil", arguments: [
        "", "yesterday", "2026-13-01", "2023-02-29", "2026-01-32", "2026-01-01 24:00", "2026-01-01T10:00:00X",
        "2026-01-01 10", "26-01-01", "2026-01/01", "2026-01-01 10:00:00 ", "2026-01-01T10:00:00+25:00",
    ])
    func refusedForms(_ text: String) {
        #expect(CivilDate.unixTime(parsing: text) == nil, "\(text)")
    }

    @Test("a message's send_time as a date's text imports, shows its day and exports as it came")
    func messagesWithTextDates() throws {
        let json = #"[{"send_time": "2026-03-04 10:00:00", "title": "a"}, {"send_time": "2026-03-05T23:30:00-02:00", "title": "b"}]"#
        let dataset = try DatasetImporter.importDataset(Array(json.utf8), using: DatasetDecoder(file: "m", id: "m"))
        #expect(dataset.kind == .messages)
        #expect(dataset.sections[0].rows.map { $0.fields["send_time"]?.unixTime.flatMap(CivilDate.init(unixTime:))?.formatted }
            == ["2026-03-04", "2026-03-06"])
        #expect(try JSONReader.read(DatasetImporter.export(dataset, as: .json)) == (try JSONReader.read(Array(json.utf8))))
    }
}
