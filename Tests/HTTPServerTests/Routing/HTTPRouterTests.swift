// HTTPServerTests — HTTP routing and errors, without sockets

import TestSupport
import Testing

@testable import HTTPServer

@Suite("HTTP routing and errors, without sockets")
struct HTTPRouterTests {
    private func router() -> HTTPRouter {
        var router = HTTPRouter()
        router.get("/api/datasets/:id/window") { request, parameters in
            .text("window \(parameters["id"] ?? "?") top=\(request.query("top") ?? "-")")
        }
        router.post("/api/datasets/:id/batch") { _, _ in throw HTTPError(409, detail: "Stale \"baseVersion\".") }
        router.get("/files/*") { _, parameters in .text(parameters["*"] ?? "") }
        router.get("/crash") { _, _ in
            struct Unexpected: Error {}
            throw Unexpected()
        }
        return router
    }

    private func request(_ method: String, _ target: String) throws -> HTTPRequest {
        try HTTPRequest(method: method, target: target)
    }

    @Test("a route captures its parameters and sees the decoded query")
    func parameters() throws {
        let response = router().respond(to: try request("GET", "/api/datasets/friends/window?top=40"))
        #expect(response.status == 200)
        #expect(String(decoding: response.bodyBytes, as: UTF8.self) == "window friends top=40")
    }

    @Test("a trailing * captures the rest of the path")
    func wildcard() throws {
        let response = router().respond(to: try request("GET", "/files/a/b/c.txt"))
        #expect(String(decoding: response.bodyBytes, as: UTF8.self) == "a/b/c.txt")
    }

    @Test(
        "paths match segment by segment: repeated slashes, an empty *, parameters, long and near-miss literals",
        arguments: [
            ("/api/datasets/friends/window", "window friends top=-"),
            ("//api///datasets/friends/window/", "window friends top=-"),
            ("/files", ""),
            ("/files/", ""),
            ("/files/a//b", "a/b"),
            ("/pairs/12/to/%C3%A9", "12 é"),
            ("/api/datasets/friends/windows", nil),
            ("/api/dataset/friends/window", nil),
            ("/api/datasets/window", nil),
            ("/pairs/12/from/x", nil),
            ("/documents/x/y/z", "x y z"),
            ("/documents/x/y", nil),
            ("/documentz/x/y/z", nil),
            ("/document/x/y/z", nil),
            ("/a/x", "a x"),
            ("/b/x", nil),
            ("/x/tail/more", "x"),
            ("/x/tail", "x"),
            ("/x/tall/more", nil),
        ] as [(String, String?)])
    func segmentMatching(path: String, expected: String?) throws {
        var router = router()
        router.get("/pairs/:a/to/:b") { _, parameters in .text("\(parameters["a"] ?? "?") \(parameters["b"] ?? "?")") }
        router.get("/documents/:a/:b/:c") { _, parameters in
            .text(["a", "b", "c"].map { parameters[$0] ?? "?" }.joined(separator: " "))
        }
        router.get("/a/:id") { _, parameters in .text("a \(parameters["id"] ?? "?")") }
        router.get("/:first/tail/*") { _, parameters in .text(parameters["first"] ?? "?") }
        let response = router.respond(to: try request("GET", path))
        if let expected {
            #expect(response.status == 200)
            #expect(String(decoding: response.bodyBytes, as: UTF8.self) == expected)
        } else {
            #expect(response.status == 404)
        }
    }

    @Test("HEAD is answered by the GET route")
    func head() throws {
        #expect(router().respond(to: try request("HEAD", "/api/datasets/x/window")).status == 200)
    }

    @Test("a known path with another method is 405 with Allow")
    func methodNotAllowed() throws {
        let response = router().respond(to: try request("DELETE", "/api/datasets/x/window"))
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "GET, HEAD")
        let post = router().respond(to: try request("GET", "/api/datasets/x/batch"))
        #expect(post.headers["Allow"] == "POST")
    }

    @Test("an unknown method is 501 and an unknown path 404")
    func unknown() throws {
        #expect(router().respond(to: try request("BREW", "/api/datasets/x/window")).status == 501)
        #expect(router().respond(to: try request("GET", "/nowhere")).status == 404)
    }

    @Test("unmatched paths go to the fallback")
    func fallback() throws {
        var router = router()
        router.fallback = { request in .text("fallback \(request.path)") }
        let response = router.respond(to: try request("GET", "/index.html"))
        #expect(String(decoding: response.bodyBytes, as: UTF8.self) == "fallback /index.html")
    }

    @Test("an HTTPError under /api/ becomes application/problem+json (RFC 9457)")
    func problemJSON() throws {
        let response = router().respond(to: try request("POST", "/api/datasets/x/batch"), problemPaths: .under("/api"))
        #expect(response.status == 409)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(
            String(decoding: response.bodyBytes, as: UTF8.self)
                == #"{"type":"about:blank","title":"Conflict","status":409,"detail":"Stale \"baseVersion\"."}"#)
    }

    @Test("a problem's extension members follow detail in their order; plain text leaves them out")
    func problemMembers() {
        let error = HTTPError(
            409, detail: "stale", members: [.init(name: "currentVersion", json: "3"), .init(name: "conflicts", json: #"[{"row":5}]"#)])
        #expect(
            String(decoding: error.response(forAPI: true).bodyBytes, as: UTF8.self)
                == #"{"type":"about:blank","title":"Conflict","status":409,"detail":"stale","currentVersion":3,"conflicts":[{"row":5}]}"#)
        #expect(String(decoding: error.response(forAPI: false).bodyBytes, as: UTF8.self) == "409 Conflict\nstale\n")
    }

    @Test("an HTTPError elsewhere is short plain text with its headers")
    func plainError() {
        let response = HTTPError.methodNotAllowed(allowed: ["GET", "HEAD"]).response(forAPI: false)
        #expect(response.status == 405)
        #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(response.headers["Allow"] == "GET, HEAD")
        #expect(String(decoding: response.bodyBytes, as: UTF8.self).hasPrefix("405 Method Not Allowed"))
    }

    @Test("any other error is a 500 and does not escape")
    func unexpectedError() throws {
        #expect(router().respond(to: try request("GET", "/crash")).status == 500)
    }

    @Test("JSON strings escape quotes, backslashes and control characters")
    func jsonEscaping() {
        #expect(HTTPError.jsonString("a\"b\\c\n\u{1}") == #""a\"b\\c\n\u0001""#)
    }
}
