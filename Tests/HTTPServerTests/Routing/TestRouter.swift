// HTTPServerTests — the routes the end-to-end tests talk to
import Foundation
import TestSupport

@testable import HTTPServer

/// The routes the end-to-end tests talk to.
func testRouter() -> HTTPRouter {
    var router = HTTPRouter()
    router.get("/hello") { _, _ in .text("hello") }
    router.get("/path/*") { request, _ in .text(request.path) }
    router.post("/echo") { request, _ in
        HTTPResponse(status: 200, headers: ["X-Method": request.method], body: request.body)
    }
    router.post("/upload") { request, _ in .text("\(request.body.count)") }
    router.get("/sleep") { request, _ in
        Thread.sleep(forTimeInterval: Double(request.query("ms") ?? "100")! / 1000)
        return .text("slept")
    }
    router.get("/big") { _, _ in HTTPResponse(body: [UInt8](repeating: 65, count: 3 << 20)) }
    router.get("/pattern/:count") { _, parameters in
        let count = Int(parameters["count"] ?? "") ?? 0
        return HTTPResponse(body: patternBytes(count))
    }
    router.get("/empty") { _, _ in HTTPResponse(status: 204, headers: ["Content-Length": "7"]) }
    router.get("/api/conflict") { _, _ in throw HTTPError(409, detail: "Version 3 is stale.") }
    router.get("/crash") { _, _ in
        struct Unexpected: Error {}
        throw Unexpected()
    }
    return router
}

/// `count` bytes that differ from one offset and one length to the next, so a body cut, shifted or mixed
/// with another is noticed.
func patternBytes(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: ($0 &* 31 &+ count) % 251) }
}
