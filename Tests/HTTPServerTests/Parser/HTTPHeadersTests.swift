// HTTPServerTests — HTTP headers

import TestSupport
import Testing

@testable import HTTPServer

@Suite("HTTP headers")
struct HTTPHeadersTests {
    @Test("lookup ignores case and order is kept")
    func lookup() {
        var headers: HTTPHeaders = ["Content-Type": "text/html", "Set-Cookie": "a=1"]
        headers.add("set-cookie", "b=2")
        #expect(headers["content-type"] == "text/html")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        #expect(headers.fields.map(\.name) == ["Content-Type", "Set-Cookie", "set-cookie"])
        #expect(headers["missing"] == nil)
    }

    @Test("set replaces every field of a name in place; remove drops them")
    func setAndRemove() {
        var headers: HTTPHeaders = ["A": "1", "B": "2", "a": "3"]
        headers.set("a", "9")
        #expect(headers.fields.map(\.name) == ["A", "B"])
        #expect(headers["A"] == "9")
        headers.remove("b")
        #expect(headers.count == 1)
    }

    @Test("token lists are searched case-insensitively across fields")
    func tokens() {
        let headers: HTTPHeaders = ["Connection": "Upgrade, Keep-Alive", "connection": " close "]
        #expect(headers.containsToken("keep-alive", in: "connection"))
        #expect(headers.containsToken("CLOSE", in: "Connection"))
        #expect(!headers.containsToken("keep", in: "Connection"))
    }
}
