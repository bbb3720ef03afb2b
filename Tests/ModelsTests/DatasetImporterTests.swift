// ModelsTests — DatasetImporter reads hand-made files
import Testing

@testable import Models

/// Hand-made files: JSON and XML written out here, binary plists as hex bytes that CPython's
/// `plistlib.dumps(…, fmt=FMT_BINARY, sort_keys=False)` wrote.
enum ImporterFixtures {
    /// `[{"name":"G","online":1,"friends":[{"name":"a","vip":True},{"name":"b","vip":"often"}]}]`
    static let binaryFriendsWithStringVIP = bytes(
        hex: "62706c6973743030a101d3020304050607546e616d65566f6e6c696e6557667269656e647351471001a2080cd202090a0b53"
            + "766970516109d202090d0e5162556f6674656e080a11161d2527292c313537383d3f0000000000000101000000000000"
            + "000f00000000000000000000000000000045")

    /// `[{"name":"Ahri","title":"the Nine-Tailed Fox","icon":"hero-1","desc":"x","tags":["Mage","Assassin"]},
    ///   {"name":"Garen","tags":"Fighter"}]`
    static let binaryHeroes = bytes(
        hex: "62706c6973743030a2010ed502030405060708090a0b546e616d65557469746c655469636f6e546465736354746167"
            + "7354416872695f1013746865204e696e652d5461696c656420466f78566865726f2d315178a20c0d544d61676558"
            + "417373617373696ed202060f1055476172656e5746696768746572080b161b21262b30354b5254575c656a700000"
            + "000000000101000000000000001100000000000000000000000000000078")

    static let xmlHead = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    static func xml(_ body: String) -> [UInt8] { Array((xmlHead + body + "\n</plist>\n").utf8) }

    static let xmlFriends = xml(
        """
        <array>
          <dict>
            <key>name</key><string>Family &amp; co &lt;b&gt;</string>
            <key>online</key><integer>1</integer>
            <key>friends</key>
            <array>
              <dict><key>name</key><string>Mum 😀</string><key>icon</key><string>f1</string>
                <key>vip</key><true/></dict>
              <dict><key>name</key><string>Dad</string><key>intro</key><string>中文</string>
                <key>vip</key><false/></dict>
            </array>
          </dict>
          <dict><key>name</key><string>Empty</string><key>online</key><integer>0</integer>
            <key>friends</key><array/></dict>
        </array>
        """)

    static func bytes(hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var high: UInt8?
        for character in hex.utf8 {
            let nibble =
                character <= UInt8(ascii: "9") ? character - UInt8(ascii: "0") : character - UInt8(ascii: "a") + 10
            if let value = high {
                result.append(value << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return result
    }
}

/// Imports `bytes` as the file `data.json`.
private func importing(_ bytes: [UInt8], kind: DatasetKind? = nil) throws -> Dataset {
    try DatasetImporter.importDataset(bytes, using: DatasetDecoder(file: "data.json", id: "data", kind: kind))
}

private func importing(_ text: String, kind: DatasetKind? = nil) throws -> Dataset {
    try importing(Array(text.utf8), kind: kind)
}

/// The error importing `bytes` gives, nil when it imports.
private func refusal(_ bytes: [UInt8], kind: DatasetKind? = nil) -> ImportError? {
    do {
        _ = try importing(bytes, kind: kind)
        return nil
    } catch {
        return error as? ImportError
    }
}

private func refusal(_ text: String, kind: DatasetKind? = nil) -> ImportError? {
    refusal(Array(text.utf8), kind: kind)
}

@Suite("DatasetImporter reads hand-made files")
struct DatasetImporterTests {
    @Test("a binary plist written by plistlib imports with its types and key order")
    func binaryPlistImports() throws {
        let dataset = try importing(ImporterFixtures.binaryHeroes)
        #expect(dataset.kind == .heroes)
        #expect(dataset.sections.count == 1)
        let rows = dataset.sections[0].rows.map(\.fields)
        #expect(rows.map(\.keys) == [["name", "title", "icon", "desc", "tags"], ["name", "tags"]])
        #expect(rows[0]["tags"] == .array([.string("Mage"), .string("Assassin")]))
        #expect(rows[0]["title"] == .string("the Nine-Tailed Fox"))
        #expect(rows[1]["tags"] == .string("Fighter"))
    }

    @Test("an XML plist imports with entities decoded, booleans kept and an empty group kept")
    func xmlPlistImports() throws {
        let dataset = try importing(ImporterFixtures.xmlFriends)
        #expect(dataset.kind == .friends)
        #expect(dataset.sections.map(\.rows.count) == [2, 0])
        #expect(dataset.sections[0].fields["name"] == .string("Family & co <b>"))
        let rows = dataset.sections[0].rows.map(\.fields)
        #expect(rows[0]["vip"] == .bool(true))
        #expect(rows[0]["intro"] == nil)
        #expect(rows[0]["name"] == .string("Mum 😀"))
        #expect(rows[1]["intro"] == .string("中文"))
        #expect(rows[1]["vip"] == .bool(false))
    }

    @Test("JSON imports the same with and without a UTF-8 byte-order mark, and from UTF-16")
    func jsonEncodings() throws {
        let text =
            #"{"messages":[{"send_time":1700000000,"title":"hi 👋","content":"a\r\nb"},{"send_time":1,"read":true}]}"#
        let plain = try importing(text)
        let marked = try importing([0xEF, 0xBB, 0xBF] + Array(text.utf8))
        #expect(plain == marked)
        #expect(plain.kind == .messages)
        #expect(plain.shape.rootKey == "messages")
        #expect(plain.sections[0].rows[0].fields["read"] == nil)
        #expect(plain.sections[0].rows[0].fields["content"] == .string("a\r\nb"))
        #expect(plain.sections[0].rows[1].fields["read"] == .bool(true))
        for bigEndian in [true, false] {
            var utf16: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
            for unit in text.utf16 {
                let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
                utf16 += bigEndian ? [high, low] : [low, high]
            }
            #expect(try importing(utf16) == plain)
        }
    }

    @Test("the format is recognised from the bytes, not the file name")
    func formatDetection() {
        #expect(DocumentFormat.detect(ImporterFixtures.binaryHeroes) == .binaryPlist)
        #expect(DocumentFormat.detect(ImporterFixtures.xmlFriends) == .plist)
        #expect(DocumentFormat.detect([0xEF, 0xBB, 0xBF] + Array("  <plist>".utf8)) == .plist)
        #expect(DocumentFormat.detect(Array(" [1]".utf8)) == .json)
        #expect(DocumentFormat.detect([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .json)
        #expect(DocumentFormat.detect([0xFF, 0xFE, 0x20, 0x00, 0x3C, 0x00]) == .plist)
        #expect(DocumentFormat.detect([0xFF, 0xFE, 0x20, 0x00, 0x5B, 0x00]) == .json)
        #expect(DocumentFormat.detect([0xFE, 0xFF, 0x00, 0x7B]) == .json)
    }

    @Test("a wrong type deep inside is named by its key path in every format")
    func deepTypeErrorsNameTheKeyPath() {
        let json = #"[{"name":"G","online":1,"friends":[{"name":"a","vip":true},{"name":"b","vip":"often"}]}]"#
        let xml = ImporterFixtures.xml(
            """
            <array><dict><key>name</key><string>G</string><key>online</key><integer>1</integer>
            <key>friends</key><array><dict><key>name</key><string>a</string><key>vip</key><true/></dict>
            <dict><key>name</key><string>b</string><key>vip</key><string>often</string></dict></array></dict></array>
            """)
        for bytes in [Array(json.utf8), xml, ImporterFixtures.binaryFriendsWithStringVIP] {
            let error = refusal(bytes)
            #expect(error?.description == #"data.json: [0].friends[1].vip: expected a boolean (true or false, YES or NO, 1 or 0, or a number), found "often""#)
        }
    }

    @Test("wrong types are refused for every kind's known keys, at the element for lists")
    func wrongTypesPerKind() {
        let cases: [(String, String)] = [
            (#"[{"name":"G","online":"two","friends":[]}]"#, #"[0].online: expected an integer, found "two""#),
            (#"[{"name":"G","friends":[{"name":true}]}]"#, "[0].friends[0].name: expected a string, found true"),
            (#"[{"name":"A","desc":"d","tags":["x",3,false]}]"#, "[0].tags[2]: expected a string, found false"),
            (
                #"[{"name":"A","desc":"d","tags":{"a":1}}]"#,
                "[0].tags: expected an array of strings, found a dictionary"
            ),
            (
                #"[{"name":"A","size":1,"download":2},{"name":"B","size":true,"download":2}]"#,
                "[1].size: expected a number or a string, found true"
            ),
            (
                #"{"inbox":[{"send_time":"yesterday"}]}"#,
                #"inbox[0].send_time: expected unix seconds, a date or a date's text (2026-01-01 10:00:00), found "yesterday""#
            ),
            (#"[{"send_time":1,"read":"unread"}]"#, #"[0].read: expected a boolean (true or false, YES or NO, 1 or 0, or a number), found "unread""#),
            (#"[{"send_time":1,"read":null}]"#, "[0].read: expected a boolean (true or false, YES or NO, 1 or 0, or a number), found null"),
        ]
        for (text, expected) in cases {
            #expect(refusal(text)?.description == "data.json: " + expected, "\(text)")
        }
    }

    @Test("missing required keys, non-dictionary rows and groups are refused with their paths")
    func structureErrors() {
        let cases: [(String, String)] = [
            (#"[{"name":"G","friends":[{"vip":true}]}]"#, #"[0].friends[0].name: missing required key "name""#),
            (#"[{"name":"G","friends":[]},{"name":"H"}]"#, #"[1].friends: missing required key "friends""#),
            (
                #"[{"name":"G","friends":[]},{"name":"H","friends":{}}]"#,
                "[1].friends: expected an array, found a dictionary"
            ),
            (#"[{"name":"G","friends":[]},"H"]"#, #"[1]: expected a group dictionary, found "H""#),
            (#"[{"title":"a"},[1]]"#, "[1]: expected a row dictionary, found an array of 1"),
            (#"[{"send_time":1},{"title":"no time"}]"#, #"[1].send_time: missing required key "send_time""#),
        ]
        for (text, expected) in cases {
            #expect(refusal(text)?.description == "data.json: " + expected, "\(text)")
        }
    }

    @Test("a file that is not a list of rows is refused")
    func notAList() {
        let cases: [(String, String)] = [
            ("42", "expected a list of rows (or a dictionary holding one), found 42"),
            (#""rows""#, #"expected a list of rows (or a dictionary holding one), found "rows""#),
            (#"{"a":1,"b":"x"}"#, #"expected a list of rows, found a dictionary that holds no list (its keys: "a", "b")"#),
            (#"{"name":"n","a":[1],"b":[2, 3]}"#, #"the dictionary holds 2 lists: "a" (1), "b" (2); pick one with --import ID=PATH#KEY, or ?key=KEY on PUT"#),
            (#"{"rows":{"a":1}}"#, "rows: expected a list of rows, found a dictionary"),
            ("[]", "the list is empty: pass --kind to import an empty list"),
            (#"{"rows":[]}"#, "rows: the list is empty: pass --kind to import an empty list"),
        ]
        for (text, expected) in cases {
            #expect(refusal(text)?.description == "data.json: " + expected, "\(text)")
        }
    }

    @Test("empty and blank files are refused as empty in every format's clothing")
    func emptyFiles() {
        for bytes: [UInt8] in [[], Array(" \n\t\r\n ".utf8), [0xEF, 0xBB, 0xBF], [0xEF, 0xBB, 0xBF, 0x20]] {
            let error = refusal(bytes)
            #expect(error?.file == "data.json")
            #expect(error?.message == "the file is empty", "\(bytes)")
        }
    }

    @Test("every strict prefix of a file is refused, never imported in part")
    func truncatedFiles() {
        let json = Array(#"[{"name":"G","online":1,"friends":[{"name":"a","vip":true}]}]"#.utf8)
        for document in [json, ImporterFixtures.xmlFriends, ImporterFixtures.binaryHeroes] {
            for length in 0..<document.count {
                let prefix = Array(document[..<length])
                // A prefix that ends right after a complete top-level value plus whitespace is not truncated.
                if (try? DocumentFormat.detect(prefix).read(prefix)) != nil, length > 0 { continue }
                let error = refusal(prefix)
                #expect(error != nil, "prefix of \(length) bytes")
                #expect(error?.file == "data.json")
            }
        }
    }

    @Test("syntax errors are located by line and column in text and by byte or object in binary plists")
    func syntaxErrorsAreLocated() throws {
        let json = try #require(refusal("[\n  {\"name\": \"a\",}\n]"))
        #expect(json.path == "line 2, column 16")
        let xml = try #require(refusal(ImporterFixtures.xml("<array>\n<dict><key>a</key></array>")))
        #expect(xml.path.hasPrefix("line "))
        var broken = ImporterFixtures.binaryHeroes
        for index in broken.count - 8..<broken.count { broken[index] = 0xFF }
        let binary = try #require(refusal(broken))
        #expect(binary.path.hasPrefix("byte ") || binary.path.hasPrefix("object "))
        #expect(!binary.message.isEmpty)
    }

    @Test("invalid UTF-8 is refused in JSON and XML text")
    func invalidUTF8() {
        let json: [UInt8] = Array(#"[{"title":""#.utf8) + [0xFF, 0xFE] + Array(#""}]"#.utf8)
        #expect(refusal(json)?.path == "line 1, column 12")
        let xml =
            ImporterFixtures.xml("<array><dict><key>title</key><string>") + [0xC3, 0x28]
            + Array("</string></dict></array></plist>".utf8)
        #expect(refusal(xml)?.path.hasPrefix("line ") == true)
        let utf16: [UInt8] = [0xFF, 0xFE, 0x5B, 0x00, 0x00, 0xD8, 0x5D, 0x00]
        #expect(refusal(utf16)?.message.contains("UTF-16") == true)
    }

    @Test("the kind is detected from the keys of the first elements, not only the first one")
    func detectionLooksPastTheFirstElement() throws {
        let heroes = #"[{"name":"Plain","title":"t"},{"name":"Ahri","desc":"fox","tags":["Mage"]}]"#
        #expect(try importing(heroes).kind == .heroes)
        let apps = #"[{"name":"A","size":1.5},{"name":"B","size":2,"download":3}]"#
        #expect(try importing(apps).kind == .apps)
        let messages = #"{"inbox":[{"title":"draft"},{"send_time":1,"title":"sent"}]}"#
        #expect(refusal(messages)?.description == #"data.json: inbox[0].send_time: missing required key "send_time""#)
        let friends = #"[{"name":"G"},{"name":"H","friends":[]}]"#
        #expect(refusal(friends)?.description == #"data.json: [0].friends: missing required key "friends""#)
        var far = Array(repeating: #"{"name":"x","title":"t"}"#, count: DatasetKind.detectionSampleSize)
        far.append(#"{"name":"y","desc":"d"}"#)
        #expect(try importing("[" + far.joined(separator: ",") + "]").kind == .generic)
    }

    @Test(
        "a kind is detected from its keys whatever their values, then a wrong type is refused with its key path",
        arguments: [
            (#"[{"name":"G","online":1,"friends":"x"}]"#, #"[0].friends: expected an array, found "x""#),
            (
                #"[{"name":"A","friends":[]},{"name":"B","friends":[]},{"name":"C","friends":[]},"#
                    + #"{"name":"D","online":"2","friends":"x"}]"#,
                #"[3].friends: expected an array, found "x""#
            ),
            (
                #"{"groups":[{"name":"G","friends":{"a":1}}]}"#,
                "groups[0].friends: expected an array, found a dictionary"
            ),
            (#"[{"name":"G","friends":null}]"#, "[0].friends: expected an array, found null"),
            (#"[{"send_time":true,"title":"t"}]"#, "[0].send_time: expected unix seconds, a date or a date's text (2026-01-01 10:00:00), found true"),
            (#"[{"name":"A","size":true,"download":false}]"#, "[0].size: expected a number or a string, found true"),
            (#"[{"name":"A","tags":{"a":1}}]"#, "[0].tags: expected an array of strings, found a dictionary"),
            (#"[{"name":["A"],"desc":"d"}]"#, "[0].name: expected a string, found an array of 1"),
        ])
    func detectionByKeysThenTypes(text: String, expected: String) {
        #expect(refusal(text)?.description == "data.json: " + expected)
    }

    @Test("a rows key that holds no array leaves a generic list flat; a forced kind still decides the rules")
    func rowsKeyAndForcedKindAfterKeyDetection() throws {
        let flat = try importing(#"[{"title":"Sheet","rows":12},{"title":"Other","rows":"many"}]"#)
        #expect(flat.kind == .generic)
        #expect(flat.shape.rowsKey == nil)
        #expect(flat.sections[0].rows.count == 2)
        let friendsKeys = #"[{"name":"G","friends":"x"}]"#
        let generic = try importing(friendsKeys, kind: .generic)
        #expect(generic.kind == .generic)
        #expect(generic.sections[0].rows[0].fields["friends"] == .string("x"))
        #expect(
            refusal(friendsKeys, kind: .friends)?.description
                == #"data.json: [0].friends: expected an array, found "x""#)
    }

    @Test("a forced kind reads a file by that kind's rules")
    func forcedKind() throws {
        let text = #"[{"name":"Ahri","title":"fox"},{"name":"Garen","title":"might"}]"#
        #expect(try importing(text).kind == .generic)
        let heroes = try importing(text, kind: .heroes)
        #expect(heroes.kind == .heroes)
        #expect(heroes.sections[0].rows.count == 2)
        #expect(
            refusal(text, kind: .friends)?.description == #"data.json: [0].friends: missing required key "friends""#)
        #expect(
            refusal(text, kind: .messages)?.description
                == #"data.json: [0].send_time: missing required key "send_time""#)
    }
}
