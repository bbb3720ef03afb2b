// HTTPServerTests — HTTPRequest query lookup
import TestSupport
import Testing

@testable import HTTPServer

@Suite("HTTPRequest query lookup")
struct HTTPRequestQueryTests {
    @Test("a name matches only its whole decoded form, escaped or not, and the first match wins")
    func namesMatchDecoded() throws {
        let request = try HTTPRequest(target: "/w?to=1&topx=2&t%6Fp=3&top=4&a+b=5&%C3%A9t%C3%A9=6&&=7&x=%26")
        #expect(request.query("top") == "3")
        #expect(request.query("to") == "1")
        #expect(request.query("t") == nil)
        #expect(request.query("a b") == "5")
        #expect(request.query("a+b") == nil)
        #expect(request.query("été") == "6")
        #expect(request.query("") == "7")
        #expect(request.query("x") == "&")
    }

    @Test("the path and query read in the target and the ones made apart say the same, as strings and as bytes")
    func partsInTargetAndApart() throws {
        let cases: [(target: String, path: String, query: String?, inTarget: Bool)] = [
            ("/api/datasets/big/window?top=1200&height=900", "/api/datasets/big/window", "top=1200&height=900", true),
            ("/d/friends", "/d/friends", nil, true),
            ("/d/friends?", "/d/friends", "", true),
            ("/", "/", nil, true),
            ("/a/./b/../c?x=1", "/a/c", "x=1", false),
            ("/x%20y/window?q=%C3%A9", "/x y/window", "q=%C3%A9", false),
            ("//a//b", "/a/b", nil, false),
            ("http://example.com/w?top=3", "/w", "top=3", false),
            ("*", "*", nil, false),
        ]
        for (target, path, query, inTarget) in cases {
            let request = try HTTPRequest(method: target == "*" ? "OPTIONS" : "GET", target: target)
            #expect(request.target == target)
            #expect(request.path == path, "\(target)")
            #expect(request.rawQuery == query, "\(target)")
            #expect(request.withPathBytes { String(decoding: $0, as: UTF8.self) } == path, "\(target)")
            #expect(request.withRawQueryBytes { $0.map { String(decoding: $0, as: UTF8.self) } } == query, "\(target)")
            let lies = if case .inTarget = request.parts { true } else { false }
            #expect(lies == inTarget, "\(target)")
        }
    }

    @Test("a lookup agrees with the first of the decoded query items for every name")
    func lookupAgreesWithItems() throws {
        let request = try HTTPRequest(target: "/w?b=1&a=2&b=3&c&d=%20&e+f=g+h&&a=9")
        for name in ["a", "b", "c", "d", "e f", "z"] {
            #expect(request.query(name) == request.queryItems.first { $0.name == name }?.value)
        }
    }

    @Test("the parsed query answers as a lookup does, for every name of several queries")
    func parsedQueryAgreesWithLookup() throws {
        let targets = [
            "/w?to=1&topx=2&t%6Fp=3&top=4&a+b=5&%C3%A9t%C3%A9=6&&=7&x=%26", "/w?b=1&a=2&b=3&c&d=%20&e+f=g+h&&a=9",
            "/w", "/w?", "/w?&&", "/w?=", "/w?top=12&height=800&overscan=200&expanded=all",
        ]
        for target in targets {
            let request = try HTTPRequest(target: target)
            let query = request.parsedQuery
            for name in ["top", "to", "t", "a b", "a+b", "été", "", "x", "a", "b", "c", "d", "e f", "z", "expanded"] {
                #expect(query[name] == request.query(name), "\(target) \(name)")
            }
            #expect(query.items.map(\.name) == request.queryItems.map(\.name))
        }
    }

    @Test("names that share a length and a first byte with one present, or a length modulo 8, are still told apart")
    func namesSharingTheirSummary() throws {
        let query = try HTTPRequest(target: "/w?tip=1&aaaaaaaaa=2&abc=3&q=4").parsedQuery
        #expect(query["tip"] == "1")
        #expect(query["top"] == nil)
        #expect(query["aaaaaaaaa"] == "2")
        #expect(query["a"] == nil)
        #expect(query["abc"] == "3")
        #expect(query["abd"] == nil)
        #expect(query["q"] == "4")
        #expect(query["r"] == nil)
    }

    @Test("on every query of up to three pieces (names, escapes, +, = and &), the parsed query answers as a lookup")
    func everyShortQueryAgrees() throws {
        let pieces = ["t", "op", "a", "%6F", "%74", "%20", "%2B", "+", "=", "&", "é"]
        let names = ["t", "to", "top", "tp", "o", "op", "a", "a a", "ta", "", "é", "%", "tot", "ot", " "]
        var queries = [""]
        for _ in 0..<3 { queries += queries.flatMap { query in pieces.map { query + $0 } } }
        for raw in Set(queries) {
            let request = try HTTPRequest(target: "/w?" + raw)
            let query = request.parsedQuery
            for name in names {
                #expect(query[name] == request.query(name), "\(raw) \(name)")
            }
            #expect(query.items.map(\.value) == request.queryItems.map(\.value), "\(raw)")
        }
    }

    @Test("on every query of up to three pieces, a plain number or value read in place agrees with the lookup")
    func plainValuesAgree() throws {
        let pieces = ["t", "op", "a", "1", "07", "x", "%6F", "%31", "+", "=", "&", "%6F=1", "&o=7"]
        let names: [StaticString] = ["t", "to", "top", "a", "op", "o"]
        var queries = [""]
        for _ in 0..<3 { queries += queries.flatMap { query in pieces.map { query + $0 } } }
        for raw in Set(queries) {
            let query = try HTTPRequest(target: "/w?" + raw).parsedQuery
            let isPlain = !raw.contains("%") && !raw.contains("+")
            for name in names {
                let text = query[name.description]
                let digits = text.map { !$0.isEmpty && $0.count <= 15 && $0.allSatisfy(\.isASCIIDigit) } ?? false
                if let number = query.wholeNumber(name) {
                    #expect(digits && Int(text!) == number, "\(raw) \(name)")
                } else {
                    #expect(!(isPlain && digits), "\(raw) \(name): plain digits not read")
                }
                for value: StaticString in ["1", "op", ""] {
                    let matches = query.hasPlainValue(name, value)
                    if matches { #expect(text == value.description, "\(raw) \(name) \(value)") }
                    if isPlain && text == value.description { #expect(matches, "\(raw) \(name) \(value)") }
                }
            }
        }
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
