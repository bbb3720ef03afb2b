// HTTPServerTests — HTTP paths and queries

import TestSupport
import Testing

@testable import HTTPServer

@Suite("HTTP paths and queries")
struct HTTPPathTests {
    private func normalize(_ path: String) -> String? {
        HTTPPath.normalize(Array(path.utf8)[...])
    }

    @Test(
        "dot segments, empty segments and escapes are resolved",
        arguments: [
            ("/", "/"), ("/a/b", "/a/b"), ("/a/./b", "/a/b"), ("/a/../b", "/b"), ("//a///b", "/a/b"),
            ("/a/b/", "/a/b/"), ("/a/b/..", "/a/"), ("/a/.", "/a/"), ("/%61%62", "/ab"), ("/a%2Fb", "/a/b"),
            ("/a/%2e%2E/b", "/b"), ("/caf%C3%A9", "/café"), ("/a%20b", "/a b"), ("/..a/b..", "/..a/b.."),
        ])
    func resolves(_ raw: String, _ expected: String) {
        #expect(normalize(raw) == expected)
    }

    @Test(
        "traversal above the root and bad bytes are refused in every encoding",
        arguments: [
            "/..", "/../a", "/a/../../b", "/%2e%2e/", "/%2E%2E%2Fetc%2Fpasswd", "/a/..%2F..%2Fb", "/.%2e/x",
            "/%00", "/a%0Ab", "/%7F", "/%c0%ae%c0%ae/", "/%ff", "/%", "/%2", "a/b",
        ])
    func refuses(_ raw: String) {
        #expect(normalize(raw) == nil)
    }

    @Test("query items are split on & and = and decoded, + as a space")
    func queryItems() throws {
        let request = try HTTPRequest(target: "/w?top=10&expanded=a%2Cb&q=x+y&flag&empty=&top=20")
        #expect(request.query("top") == "10")
        #expect(request.query("expanded") == "a,b")
        #expect(request.query("q") == "x y")
        #expect(request.query("flag") == "")
        #expect(request.query("empty") == "")
        #expect(request.query("missing") == nil)
        #expect(request.queryItems.map(\.name) == ["top", "expanded", "q", "flag", "empty", "top"])
        #expect(request.queryItems.last?.value == "20")
        #expect(try HTTPRequest(target: "/w").query("top") == nil)
    }

    @Test("requests built in tests parse their target like the parser")
    func builtRequests() throws {
        #expect(try HTTPRequest(target: "/a/./b%20c?x=1").path == "/a/b c")
        #expect(throws: HTTPRequestParser.Error.invalidPath) { try HTTPRequest(target: "/../x") }
        #expect(throws: HTTPRequestParser.Error.invalidTarget) { try HTTPRequest(target: "nope") }
    }
}
