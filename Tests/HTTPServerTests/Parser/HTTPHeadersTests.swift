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

    /// The fields of `head` as the parser keeps them, as the bytes they arrived in.
    private func parsed(_ fields: String, version: String = "1.1") throws -> HTTPHeaders {
        guard case .complete(let head, _) = parseHead("GET / HTTP/\(version)\r\n\(fields)\r\n") else {
            throw HTTPError(400, detail: "not a head: \(fields)")
        }
        return head.request.headers
    }

    @Test("a request's fields, read in place, answer as the same fields made of strings")
    func arrivedFields() throws {
        let fields = "Host: h\r\nAccept:  */* \r\nSet-Cookie: a=1\r\nset-cookie: b=2\r\nX-Empty:\r\n"
            + "Connection: Upgrade, Keep-Alive\r\n"
        let arrived = try parsed(fields)
        let made: HTTPHeaders = [
            "Host": "h", "Accept": "*/*", "Set-Cookie": "a=1", "set-cookie": "b=2", "X-Empty": "",
            "Connection": "Upgrade, Keep-Alive",
        ]
        #expect(arrived == made)
        #expect(arrived.count == 6 && !arrived.isEmpty)
        #expect(arrived.map(\.name) == made.map(\.name) && arrived.map(\.value) == made.map(\.value))
        for name in ["host", "ACCEPT", "Set-Cookie", "x-empty", "missing", "Hos", "Hosts"] {
            #expect(arrived[name] == made[name], "\(name)")
            #expect(arrived.values(for: name) == made.values(for: name), "\(name)")
            #expect(arrived.contains(name) == made.contains(name), "\(name)")
        }
        #expect(arrived.containsToken("keep-alive", in: "connection"))
        #expect(!arrived.containsToken("keep", in: "Connection"))
        var changed = arrived
        changed.set("SET-COOKIE", "c=3")
        #expect(changed.map(\.name) == ["Host", "Accept", "Set-Cookie", "X-Empty", "Connection"])
        #expect(changed["set-cookie"] == "c=3" && arrived["set-cookie"] == "a=1", "a copy keeps its own fields")
        let none = try parsed("", version: "1.0")
        #expect(none.isEmpty && none.count == 0 && none["host"] == nil && none == [:])
    }
}
