// ModelsTests — property lists against Python's plistlib
import Foundation
import Testing

@testable import Models

/// Runs plistlib (CPython's reference implementation) as an oracle.
///
/// Values travel between Swift and Python as tagged JSON whose payloads are all hex or digits:
/// `["s", utf8hex]`, `["i", decimal]`, `["r", float64 bits hex]`, `["b", "true"]`, `["d", unix seconds]`,
/// `["data", hex]`, `["a", [...]]`, `["dict", [[keyhex, value], ...]]`.
enum PlistlibOracle {
    static let script = #"""
        import datetime, json, math, os, plistlib, random, struct, sys

        EPOCH = datetime.datetime(1970, 1, 1)

        def tag(v):
            if isinstance(v, bool): return ["b", "true" if v else "false"]
            if isinstance(v, int): return ["i", str(v)]
            if isinstance(v, float): return ["r", struct.pack(">d", v).hex()]
            if isinstance(v, str): return ["s", v.encode("utf-8").hex()]
            if isinstance(v, bytes): return ["data", v.hex()]
            if isinstance(v, datetime.datetime):
                delta = v - EPOCH
                return ["d", str(delta.days * 86400 + delta.seconds)]
            if isinstance(v, list): return ["a", [tag(x) for x in v]]
            if isinstance(v, dict): return ["dict", [[k.encode("utf-8").hex(), tag(x)] for k, x in v.items()]]
            raise TypeError(type(v))

        def untag(t):
            kind, payload = t
            if kind == "b": return payload == "true"
            if kind == "i": return int(payload)
            if kind == "r": return struct.unpack(">d", bytes.fromhex(payload))[0]
            if kind == "s": return bytes.fromhex(payload).decode("utf-8")
            if kind == "data": return bytes.fromhex(payload)
            if kind == "d": return EPOCH + datetime.timedelta(seconds=int(payload))
            if kind == "a": return [untag(x) for x in payload]
            if kind == "dict": return {bytes.fromhex(k).decode("utf-8"): untag(x) for k, x in payload}
            raise ValueError(kind)

        def same(a, b, path="$"):
            if type(a) is not type(b): return f"{path}: {type(a).__name__} {a!r} vs {type(b).__name__} {b!r}"
            if isinstance(a, float):
                if math.isnan(a) and math.isnan(b): return None
                if a == b and math.copysign(1, a) == math.copysign(1, b): return None
                return f"{path}: {a!r} vs {b!r}"
            if isinstance(a, list):
                if len(a) != len(b): return f"{path}: {len(a)} vs {len(b)} items"
                for i, (x, y) in enumerate(zip(a, b)):
                    r = same(x, y, f"{path}[{i}]")
                    if r: return r
                return None
            if isinstance(a, dict):
                if list(a) != list(b): return f"{path}: keys {list(a)!r} vs {list(b)!r}"
                for k in a:
                    r = same(a[k], b[k], f"{path}.{k}")
                    if r: return r
                return None
            return None if a == b else f"{path}: {a!r} vs {b!r}"

        PIECES = ["", "a", "plain text", "<&>", "\"'", "]]>", "é", "e\u0301", "😀", "👩‍👩‍👧", "中文字符", "\t", "\n",
                  " ", "&amp;", "<key>", "\ufeff", "\x7f", "Ω≈ç√"]

        def awkward(int64):
            return {
                "unicode": "é e\u0301 😀 👩‍👩‍👧 中文 Ω",
                "markup": "<&> \"quoted\" 'single' ]]> &amp; <!-- not a comment -->",
                "empty": "",
                "whitespace": "  leading and trailing \t\n ",
                "ints": [0, 1, -1, 255, 256, 65535, 65536, 2**31, 2**32, 2**63 - 1, -2**63]
                        + ([] if int64 else [2**63, 2**64 - 1]),
                # no 0.0: plistlib's binary writer shares it with -0.0 (they compare equal in Python)
                "reals": [-0.0, 0.1, 1.0, 1e16, 1e15, 1e-5, 5e-324, 1.7976931348623157e308,
                          float("nan"), float("inf"), float("-inf"), -123.456],
                "dates": [datetime.datetime(2024, 5, 1, 12), datetime.datetime(1, 1, 1),
                          datetime.datetime(9999, 12, 31, 23, 59, 59), datetime.datetime(1900, 1, 1),
                          datetime.datetime(1969, 12, 31, 23, 59, 59)],
                "data": [b"", b"\x00", bytes(range(256))],
                "bools": [True, False],
                "nested": {"a": {"b": {"c": [[], {}, [[]]]}}},
                "emptyDict": {},
                "emptyArray": [],
                "long": "x" * 1000,
                "longUnicode": "é" * 300,
                "many": list(range(300)),
                "repeated": [{"name": "same", "n": 1} for _ in range(20)],
                "é": 1,
                "e\u0301": 2,
                "": "empty key",
            }

        def binary_only():
            return {"controls": "\r\n \r \x00 \x01 \x1f \x0b", "keys": {"\r": 1, "\x00": 2}}

        def random_value(rng, int64, depth=0):
            choice = rng.randrange(7 if depth >= 4 else 10)
            if choice in (0, 6): return "".join(rng.choice(PIECES) for _ in range(rng.randrange(5)))
            if choice == 1:
                return rng.choice([rng.randrange(-2**63, 2**63), rng.randrange(-300, 300),
                                   rng.randrange(2**63 if int64 else 2**64), rng.randrange(100000)])
            if choice == 2:
                return rng.choice([rng.uniform(-1e6, 1e6), struct.unpack(">d", rng.randbytes(8))[0],
                                   float("nan"), -0.0, 1.0])
            if choice == 3: return rng.random() < 0.5
            if choice == 4: return EPOCH + datetime.timedelta(seconds=rng.randrange(-2208988800, 4102444800))
            if choice == 5: return rng.randbytes(rng.randrange(80))
            if choice in (7, 8): return [random_value(rng, int64, depth + 1) for _ in range(rng.randrange(7))]
            return {"".join(rng.choice(PIECES) for _ in range(rng.randrange(4))): random_value(rng, int64, depth + 1)
                    for _ in range(rng.randrange(7))}

        def write(path, data):
            with open(path, "wb") as f: f.write(data)

        mode, folder = sys.argv[1], sys.argv[2]
        if mode.startswith("produce"):
            int64 = mode == "produce-int64"
            rng = random.Random(int(sys.argv[3]))
            values = [awkward(int64)] + [random_value(rng, int64) for _ in range(int(sys.argv[4]))]
            for i, v in enumerate(values):
                write(f"{folder}/{i}.xml", plistlib.dumps(v, fmt=plistlib.FMT_XML, sort_keys=False))
                write(f"{folder}/{i}.bin", plistlib.dumps(v, fmt=plistlib.FMT_BINARY, sort_keys=False))
                write(f"{folder}/{i}.json", json.dumps(tag(v)).encode())
            extra = binary_only()
            write(f"{folder}/{len(values)}.bin", plistlib.dumps(extra, fmt=plistlib.FMT_BINARY, sort_keys=False))
            write(f"{folder}/{len(values)}.json", json.dumps(tag(extra)).encode())
            print(f"produced {len(values) + 1}")
        elif mode == "check":
            checked, failures = 0, []
            for name in sorted(os.listdir(folder)):
                if name.endswith(".json"): continue
                base = name.rsplit(".", 1)[0]
                expected = untag(json.load(open(f"{folder}/{base}.json")))
                try:
                    actual = plistlib.load(open(f"{folder}/{name}", "rb"), dict_type=dict)
                except Exception as error:
                    failures.append(f"{name}: plistlib refused it: {error!r}")
                    continue
                problem = same(actual, expected)
                if problem: failures.append(f"{name}: {problem}")
                checked += 1
            print("\n".join(failures) if failures else f"ok {checked}")
        """#

    /// Runs a Python script (by default ``script``) with `arguments` and returns its output; records an
    /// issue when it fails.
    static func run(
        _ arguments: [String], script: String = PlistlibOracle.script, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(process.terminationStatus == 0, "python3 failed: \(text)", sourceLocation: sourceLocation)
        return text
    }

    /// The formats the file-producing scripts write, by file extension.
    static let formats: [(fileExtension: String, format: DocumentFormat)] = [
        ("xml", .plist), ("bin", .binaryPlist), ("json", .json),
    ]

    /// A fresh folder holding the files `script` writes when run with `produce FOLDER`.
    static func produce(_ script: String) throws -> URL {
        let folder = try makeFolder()
        #expect(try run(["produce", folder.path], script: script) == "produced")
        return folder
    }

    /// The dataset `id` imported from `file` of `folder`.
    static func importing(_ folder: URL, _ file: String, id: String) throws -> Dataset {
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
        return try DatasetImporter.importDataset(bytes, using: DatasetDecoder(file: file, id: id))
    }

    /// A fresh temporary folder.
    static func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plist-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    struct MalformedTag: Error {
        var json: String
    }

    /// The value a tagged JSON tree describes, with integers above `Int64.max` as reals (the readers' rule).
    static func value(fromTagged json: Any) throws -> FieldValue {
        guard let pair = json as? [Any], pair.count == 2, let kind = pair[0] as? String else {
            throw MalformedTag(json: "\(json)")
        }
        let payload = pair[1]
        func text() throws -> String {
            guard let text = payload as? String else { throw MalformedTag(json: "\(json)") }
            return text
        }
        func number<Number>(_ parse: (String) -> Number?) throws -> Number {
            guard let number = parse(try text()) else { throw MalformedTag(json: "\(json)") }
            return number
        }
        switch kind {
        case "b": return .bool(try text() == "true")
        case "i":
            if let number = Int64(try text()) { return .int(number) }
            return .real(Double(try number { UInt64($0) }))
        case "r": return .real(Double(bitPattern: try number { UInt64($0, radix: 16) }))
        case "s": return .string(String(decoding: try bytes(fromHex: text()), as: UTF8.self))
        case "data": return .data(try bytes(fromHex: text()))
        case "d": return .date(Date(timeIntervalSince1970: Double(try number { Int64($0) })))
        case "a":
            guard let items = payload as? [Any] else { throw MalformedTag(json: "\(json)") }
            return .array(try items.map(value(fromTagged:)))
        case "dict":
            guard let entries = payload as? [[Any]] else { throw MalformedTag(json: "\(json)") }
            var fields = Fields()
            for entry in entries {
                guard entry.count == 2, let key = entry[0] as? String else { throw MalformedTag(json: "\(entry)") }
                fields.append(
                    Field(String(decoding: try bytes(fromHex: key), as: UTF8.self), try value(fromTagged: entry[1])))
            }
            return .dict(fields)
        default:
            throw MalformedTag(json: "\(json)")
        }
    }

    private static func bytes(fromHex text: String) throws -> [UInt8] {
        let digits = Array(text.utf8)
        return try stride(from: 0, to: digits.count, by: 2).map { index in
            guard index + 1 < digits.count,
                let byte = UInt8(String(decoding: digits[index..<(index + 2)], as: UTF8.self), radix: 16)
            else { throw MalformedTag(json: text) }
            return byte
        }
    }

    /// The tagged JSON of a value (nulls must have been projected away).
    static func tagged(_ value: FieldValue) -> String {
        func hex(_ bytes: some Sequence<UInt8>) -> String {
            bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
        switch value {
        case .string(let text): return "[\"s\",\"\(hex(text.utf8))\"]"
        case .int(let number): return "[\"i\",\"\(number)\"]"
        case .real(let number): return "[\"r\",\"\(hex(bigEndian(number.bitPattern, size: 8)))\"]"
        case .bool(let flag): return "[\"b\",\"\(flag)\"]"
        case .date(let date): return "[\"d\",\"\(Int64(date.timeIntervalSince1970))\"]"
        case .data(let bytes): return "[\"data\",\"\(hex(bytes))\"]"
        case .array(let items): return "[\"a\",[" + items.map(tagged).joined(separator: ",") + "]]"
        case .dict(let fields):
            return "[\"dict\",[" + fields.map { "[\"\(hex($0.key.utf8))\",\(tagged($0.value))]" }.joined(separator: ",")
                + "]]"
        case .null: return "[\"s\",\"\"]"
        }
    }
}

@Suite("Property lists against Python's plistlib") struct PropertyListPythonTests {
    /// plistlib's files for the awkward value and `count` random ones, with their expected values.
    /// With `int64`, integers stay within `Int64` (the model turns larger ones into reals).
    private func produce(
        seed: Int, count: Int, int64: Bool = false
    ) throws -> (folder: URL, cases: [(name: String, bytes: [UInt8], expected: FieldValue)]) {
        let folder = try PlistlibOracle.makeFolder()
        let mode = int64 ? "produce-int64" : "produce"
        let output = try PlistlibOracle.run([mode, folder.path, String(seed), String(count)])
        #expect(output == "produced \(count + 2)")
        var cases: [(String, [UInt8], FieldValue)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        where !name.hasSuffix(".json") {
            let base = name.split(separator: ".")[0]
            let json = try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("\(base).json")))
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            cases.append((name, bytes, try PlistlibOracle.value(fromTagged: json)))
        }
        return (folder, cases)
    }

    @Test("plistlib's XML and binary files, awkward and random, read back with exact values")
    func readsPlistlibOutput() throws {
        let (folder, cases) = try produce(seed: 20_240_501, count: 60)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(cases.count == 61 * 2 + 1)
        for (name, bytes, expected) in cases {
            let isXML = name.hasSuffix(".xml")
            let format: PropertyListFormat = isXML ? .xml : .binary
            #expect(PropertyListFormat.detect(bytes) == format, "\(name)")
            let value = isXML ? try XMLPropertyListReader.read(bytes) : try BinaryPropertyListReader.read(bytes)
            expectIdentical(value, expected, name)
        }
    }

    @Test("the XML writer's output is byte for byte plistlib's for the same values")
    func xmlWriterMatchesPlistlib() throws {
        let (folder, cases) = try produce(seed: 7, count: 40, int64: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, bytes, expected) in cases where name.hasSuffix(".xml") {
            let ours = XMLPropertyListWriter.write(expected)
            let start =
                (0..<min(ours.count, bytes.count)).first { ours[$0] != bytes[$0] } ?? min(ours.count, bytes.count)
            func excerpt(_ bytes: [UInt8]) -> String {
                String(decoding: bytes.dropFirst(start).prefix(80), as: UTF8.self).debugDescription
            }
            #expect(
                ours == bytes, "\(name) differs from byte \(start): ours \(excerpt(ours)), plistlib's \(excerpt(bytes))"
            )
        }
    }

    @Test("the binary writer's output is byte for byte plistlib's: a binary file read and written back is the same file")
    func binaryWriterMatchesPlistlib() throws {
        let (folder, cases) = try produce(seed: 11, count: 40, int64: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var compared = 0
        for (name, bytes, _) in cases where name.hasSuffix(".bin") || name.hasSuffix(".plist") {
            guard PropertyListFormat.detect(bytes) == .binary else { continue }
            let ours = BinaryPropertyListWriter.write(try BinaryPropertyListReader.read(bytes))
            let start =
                (0..<min(ours.count, bytes.count)).first { ours[$0] != bytes[$0] } ?? min(ours.count, bytes.count)
            #expect(ours == bytes, "\(name) differs from byte \(start) of \(bytes.count) (ours: \(ours.count))")
            compared += 1
        }
        #expect(compared >= 40)
    }

    @Test("every strict prefix of plistlib's binary file of the awkward value is an error")
    func plistlibBinaryPrefixesFail() throws {
        let (folder, cases) = try produce(seed: 1, count: 0)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = try #require(cases.first { $0.name == "0.bin" }?.bytes)
        for cut in stride(from: 0, to: bytes.count, by: 1) {
            #expect(throws: DocumentSyntaxError.self, "prefix of \(cut) bytes") {
                try BinaryPropertyListReader.read(Array(bytes[0..<cut]))
            }
        }
    }

    @Test("plistlib reads the writers' XML and binary output, awkward and random, with exact values")
    func plistlibReadsOurOutput() throws {
        let folder = try PlistlibOracle.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (source, cases) = try produce(seed: 99, count: 0)
        try? FileManager.default.removeItem(at: source)
        var values = cases.filter { $0.name == "0.xml" }.map(\.expected)
        values.append(.dict(["nulls": .array([.null, .dict(["gone": .null, "kept": .int(1)])])]))
        for seed in 0..<60 as Range<UInt64> {
            var random = RandomPropertyList(seed: seed, controlCharacters: false)
            values.append(random.value())
        }
        var withControls = RandomPropertyList(seed: 12_345, controlCharacters: true)
        let binaryOnly = (0..<20).map { _ in withControls.value() }
        for (index, value) in values.enumerated() {
            let expected = PlistlibOracle.tagged(value.propertyListWritable)
            try Data(expected.utf8).write(to: folder.appendingPathComponent("\(index).json"))
            try Data(XMLPropertyListWriter.write(value)).write(to: folder.appendingPathComponent("\(index).xml"))
            try Data(BinaryPropertyListWriter.write(value)).write(to: folder.appendingPathComponent("\(index).bin"))
        }
        for (offset, value) in binaryOnly.enumerated() {
            let index = values.count + offset
            try Data(PlistlibOracle.tagged(value).utf8).write(to: folder.appendingPathComponent("\(index).json"))
            try Data(BinaryPropertyListWriter.write(value)).write(to: folder.appendingPathComponent("\(index).bin"))
        }
        let output = try PlistlibOracle.run(["check", folder.path])
        #expect(output == "ok \(values.count * 2 + binaryOnly.count)")
    }
}
