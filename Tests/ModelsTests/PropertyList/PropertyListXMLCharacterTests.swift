// ModelsTests — what XML property lists cannot carry, and exports that always parse
import Foundation
import Testing

@testable import Models

@Suite("XML property lists: characters XML cannot carry")
struct PropertyListXMLCharacterTests {
    @Test("unwritableText names the key path of the first control character, in a value or a key")
    func namesTheKeyPath() {
        let value: FieldValue = .array([
            .dict(["name": .string("fine\ttab\nline\r"), "gone": .null]),
            .dict(["friends": .array([.string("ok"), .dict(["title": .string("bell\u{7}")])])]),
        ])
        let found = XMLPropertyListWriter.unwritableText(in: value)
        #expect(found?.path == "[1].friends[1].title")
        #expect(found?.message.contains("U+0007") == true)
        #expect(XMLPropertyListWriter.unwritableText(in: .dict(["k\u{0}": .int(1)]))?.path == "k\u{0}")
        #expect(XMLPropertyListWriter.unwritableText(in: .string("\u{FFFF}"))?.path == "")
        #expect(XMLPropertyListWriter.unwritableText(in: .dict(["x": .null, "y": .string("\u{7F} is fine")])) == nil)
        #expect(XMLPropertyListWriter.unwritableText(in: .string("中文 😀 \u{FFFD}")) == nil)
    }

    @Test("every XML export that unwritableText passes parses in plistlib; every binary and JSON export parses")
    func exportsParseInTheirOwnReaders() throws {
        let folder = try PlistlibOracle.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var refused = 0
        var files: [String] = []
        for seed in 0..<200 as Range<UInt64> {
            var random = RandomPropertyList(seed: 77_000 + seed, controlCharacters: true)
            let value = FieldValue.array((0..<3).map { _ in random.value() })
            try Data(BinaryPropertyListWriter.write(value)).write(to: folder.appendingPathComponent("\(seed).bin"))
            try Data(JSONWriter.write(value)).write(to: folder.appendingPathComponent("\(seed).json"))
            files += ["\(seed).bin", "\(seed).json"]
            if XMLPropertyListWriter.unwritableText(in: value) == nil {
                try Data(XMLPropertyListWriter.write(value)).write(to: folder.appendingPathComponent("\(seed).xml"))
                files.append("\(seed).xml")
            } else {
                refused += 1
            }
        }
        #expect(refused > 20 && refused < 190, "the seeds should hold both: \(refused) refused")
        let script = #"""
            import json, os, plistlib, sys
            folder = sys.argv[1]
            failures = []
            for name in sorted(os.listdir(folder)):
                with open(os.path.join(folder, name), "rb") as f:
                    data = f.read()
                try:
                    if name.endswith(".json"):
                        json.loads(data.decode("utf-8"))
                    else:
                        plistlib.loads(data)
                except Exception as error:
                    failures.append(f"{name}: {error}")
            print("\n".join(failures) if failures else f"ok {len(os.listdir(folder))}")
            """#
        #expect(try PlistlibOracle.run([folder.path], script: script) == "ok \(files.count)")
    }
}
