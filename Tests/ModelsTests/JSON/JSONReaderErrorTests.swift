// ModelsTests — JSONReader errors
import Testing

@testable import Models

@Suite("JSONReader errors")
struct JSONReaderErrorTests {
    @Test(
        "empty and whitespace-only input says the file is empty",
        arguments: [
            [], Array(" ".utf8), Array("\n\t\r ".utf8), [0xEF, 0xBB, 0xBF], [0xEF, 0xBB, 0xBF, 0x20, 0x0A],
        ] as [[UInt8]])
    func emptyInput(bytes: [UInt8]) throws {
        let error = try #require(jsonReadError(bytes))
        #expect(error.message == "the file is empty")
    }

    @Test(
        "malformed numbers are rejected with a clear message",
        arguments: [
            ("01", "leading zeros"), ("-01", "leading zeros"), ("[00]", "leading zeros"),
            ("-", "unexpected end of file inside a number"), ("-a", "expected a digit after '-'"),
            ("- 1", "expected a digit after '-'"), ("+1", "expected a value"), (".5", "expected a value"),
            ("1.", "unexpected end of file inside a number"), ("1.e3", "expected a digit after the decimal point"),
            ("1e", "unexpected end of file inside a number"), ("1e+", "unexpected end of file inside a number"),
            ("1ea", "expected a digit after the exponent marker"), ("0x10", "after the JSON value, found 'x'"),
            ("1.5.2", "after the JSON value, found '.'"), ("Infinity", "expected a value"), ("NaN", "expected a value"),
            ("-Infinity", "expected a digit after '-'"), ("1e400", "too large"), ("[-1e400]", "too large"),
            ("1" + String(repeating: "9", count: 400), "too large"),
        ])
    func badNumbers(text: String, fragment: String) throws {
        try Self.expectReadError(text, containing: fragment)
    }

    @Test(
        "malformed strings are rejected with a clear message",
        arguments: [
            (#""abc"#, "unexpected end of file inside a string"), (#""a\"#, "unexpected end of file inside a string"),
            (#""\u12"#, "unexpected end of file inside a string"), (#""\x""#, "invalid escape sequence"),
            (#""\U0041""#, "invalid escape sequence"), (#""\u12G4""#, "expected 4 hex digits, found 'G'"),
            (#""\uD83D""#, #"lone high surrogate \uD83D"#), (#""\uD83Dx""#, "lone high surrogate"),
            (#""\uD83D\u0041""#, "lone high surrogate"), (#""\uD83D\uD83D""#, "lone high surrogate"),
            (#""\uDE00""#, #"lone low surrogate \uDE00"#), (#""\uD83D\n""#, "lone high surrogate"),
            (#""\uD83D"#, "unexpected end of file inside a string"), ("\"a\nb\"", "U+000A must be escaped"),
            ("\"\t\"", "U+0009 must be escaped"), ("\"\u{0}\"", "U+0000 must be escaped"),
            (#"'a'"#, "expected a value, found '''"),
        ])
    func badStrings(text: String, fragment: String) throws {
        try Self.expectReadError(text, containing: fragment)
    }

    @Test("every unescaped control character in a string is rejected, every escaped one accepted")
    func controlCharacters() throws {
        for byte in UInt8(0)..<0x20 {
            let error = jsonReadError([0x22, 0x61, byte, 0x22])
            #expect(error?.message.contains("must be escaped") == true, "byte \(byte)")
            #expect(error?.location == "line 1, column 3")
            let escaped = "\"\\u00" + String(byte, radix: 16).leftPadded(to: 2) + "\""
            #expect(try JSONReader.read(escaped) == .string(String(Unicode.Scalar(byte))))
        }
    }

    @Test(
        "invalid UTF-8 in a string is located at its first byte",
        arguments: [
            [0xFF], [0x80], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC3, 0x41],
        ] as [[UInt8]])
    func invalidUTF8(sequence: [UInt8]) throws {
        let error = try #require(jsonReadError(Array(#"["ok","ab"#.utf8) + sequence + Array(#"c"]"#.utf8)))
        #expect(error.message.hasPrefix("invalid UTF-8 byte 0x"))
        #expect(error.location == "line 1, column 10")
    }

    @Test("invalid UTF-8 after an escape is rejected too")
    func invalidUTF8AfterEscape() throws {
        let error = try #require(jsonReadError(Array(#""\n"#.utf8) + [0xC0, 0xAF, 0x22]))
        #expect(error.message.contains("invalid UTF-8"))
    }

    @Test(
        "malformed arrays and objects are rejected with a clear message",
        arguments: [
            ("[1,]", "a trailing comma is not allowed before ']'"), ("[,1]", "expected a value, found ','"),
            ("[1 2]", "expected ',' or ']' after an array element, found '2'"),
            (#"{"a"}"#, "expected ':' after an object key, found '}'"), (#"{"a":}"#, "expected a value before '}'"),
            ("{a:1}", "expected a key in double quotes, found 'a'"), (#"{"a":1,}"#, "a trailing comma is not allowed"),
            (#"{"a" 1}"#, "expected ':' after an object key, found '1'"), ("{1:2}", "expected a key in double quotes"),
            (#"{"a":1 "b":2}"#, "expected ',' or '}' after an object member"), ("[1}", "expected ',' or ']'"),
            (#"{"a":1]"#, "expected ',' or '}'"), ("]", "expected a value before ']'"), ("}", "expected a value"),
            (",", "expected a value, found ','"), ("[1]]", "after the JSON value, found ']'"),
            ("{}{}", "after the JSON value, found '{'"), ("1 2", "after the JSON value, found '2'"),
            ("nullx", "after the JSON value, found 'x'"), ("truex", "after the JSON value, found 'x'"),
            ("tru", "end of file inside the literal"),
            ("nul!", "invalid literal: expected 'null'"), ("True", "expected a value, found 'T'"),
            ("[1,\u{C}2]", "expected a value, found the control character U+000C"),
            ("[\u{A0}1]", "expected a value, found '\u{A0}' (U+00A0)"),
            ("[\u{FEFF}1]", "expected a value, found '\u{FEFF}' (U+FEFF)"),
            ("[1]\u{0}", "end of the file after the JSON value, found the control character U+0000"),
        ])
    func badStructure(text: String, fragment: String) throws {
        try Self.expectReadError(text, containing: fragment)
    }

    @Test(
        "a byte order mark anywhere but the start, or cut short, is an error",
        arguments: [
            [0x20, 0xEF, 0xBB, 0xBF, 0x31], [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x31], [0xEF, 0xBB, 0x31], [0xEF],
        ] as [[UInt8]])
    func misplacedByteOrderMark(bytes: [UInt8]) {
        #expect(jsonReadError(bytes) != nil)
    }

    @Test(
        "errors name the 1-based line and column, counting characters",
        arguments: [
            ("[1,\n  x]", "line 2, column 3"), ("[1,\r\n x]", "line 2, column 2"), ("[1,\r\r x]", "line 3, column 2"),
            (#"["é", x]"#, "line 1, column 7"), ("[1,", "line 1, column 4"), ("\n\n  \"abc", "line 3, column 7"),
            ("x", "line 1, column 1"), ("[\"😀\" x]", "line 1, column 6"),
        ])
    func locations(text: String, location: String) throws {
        let error = try #require(jsonReadError(text))
        #expect(error.location == location, "\(error)")
    }

    @Test("the byte order mark does not count as a column")
    func locationAfterByteOrderMark() throws {
        let error = try #require(jsonReadError([0xEF, 0xBB, 0xBF] + Array("[x]".utf8)))
        #expect(error.location == "line 1, column 2")
        #expect(error.description == "line 1, column 2: expected a value, found 'x'")
    }

    @Test(
        "every strict prefix of a document is an end-of-file error",
        arguments: [
            #"{"name":"Friend 1","friends":[{"vip":false,"n":-1.5e3,"x":null},[true,"é😀\n\u00e9\ud83d\ude00"]]}"#,
            "[0, -0.25, 1E+2, \"\\\"\", {}, [], {\"a\" : [ ] } ]",
            " \r\n [ [ [ 1 ] ] ]",
        ])
    func strictPrefixes(document: String) throws {
        let bytes = Array(document.utf8)
        _ = try JSONReader.read(bytes)
        for length in 0..<bytes.count {
            let prefix = Array(bytes[..<length])
            let error = jsonReadError(prefix)
            let blank = prefix.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            if blank {
                #expect(error?.message == "the file is empty")
            } else {
                let message = error?.message ?? "no error"
                #expect(message.contains("unexpected end of file"), "prefix \(length): \(message)")
            }
        }
    }

    @Test(
        "prefixes of a top-level scalar succeed only when they are themselves complete",
        arguments: [
            ("-1.5e3", ["-1": FieldValue.int(-1), "-1.5": .real(-1.5)]),
            ("12345", ["1": .int(1), "12": .int(12), "123": .int(123), "1234": .int(1234)]),
            ("true", [:]), (#""abc""#, [:]), ("null", [:]),
        ])
    func scalarPrefixes(document: String, complete: [String: FieldValue]) throws {
        let bytes = Array(document.utf8)
        for length in 1..<bytes.count {
            let prefix = String(decoding: bytes[..<length], as: UTF8.self)
            if let expected = complete[prefix] {
                #expect(try JSONReader.read(prefix) == expected)
            } else {
                #expect(jsonReadError(prefix)?.message.contains("unexpected end of file") == true, "\(prefix)")
            }
        }
    }

    @Test(
        "nesting one level past the limit is an error, as is nesting far past it",
        arguments: [
            JSONReader.maximumDepth + 1, 100_000,
        ])
    func nestingTooDeep(depth: Int) throws {
        for (open, close) in [("[", "]"), (#"{"a":"#, "}")] {
            let text = String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
            let error = try #require(jsonReadError(text))
            #expect(error.message.contains("nested more than \(JSONReader.maximumDepth) levels"))
        }
        let unclosed = try #require(jsonReadError(String(repeating: "[", count: depth)))
        #expect(unclosed.message.contains("nested more than"))
    }

    /// Expects reading `text` to fail with a message containing `fragment`.
    private static func expectReadError(
        _ text: String, containing fragment: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let error = try #require(jsonReadError(text), sourceLocation: sourceLocation)
        #expect(error.message.contains(fragment), "\(error)", sourceLocation: sourceLocation)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
