// HTTPServerTests — responses that another thread completes, while the loop serves others

import Foundation
import Synchronization
import TestSupport
import Testing

@testable import HTTPServer

/// How many deferred responses the test handler has completed.
private final class Completions: Sendable {
    let count = Atomic<Int>(0)
}

@Suite("HTTP server: deferred responses completed off the event loop")
struct HTTPServerDeferredTests {
    /// `/slow?ms=N` answers after N ms on a thread of its own; `/hello` at once.
    private static func router(completions: Completions) -> HTTPRouter {
        var router = testRouter()
        router.post("/slow") { request, _ in
            let deferred = HTTPDeferredResponse()
            let milliseconds = Double(request.query("ms") ?? "300")!
            let body = request.body
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: milliseconds / 1000)
                deferred.complete(HTTPResponse(status: 201, headers: ["X-Done": "yes"], body: body))
                completions.count.add(1, ordering: .relaxed)
            }
            return HTTPResponse(deferred: deferred)
        }
        return router
    }

    @Test("one event loop answers other clients while a deferred response is pending, then sends it in order")
    func loopServesOthersMeanwhile() throws {
        let completions = Completions()
        let configure: (inout HTTPServerConfiguration) -> Void = { $0.eventLoopCount = 1 }
        try withTestServer(configure: configure, handler: Self.router(completions: completions).handler) { port, _ in
            let waiting = try RawClient(
                port: port,
                sending: "POST /slow?ms=600 HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\nbody"
                    + "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            let started = Date()
            let other = try RawClient(port: port)
            for _ in 0..<5 {
                try other.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(try #require(other.readResponse()).text == "hello")
            }
            #expect(Date().timeIntervalSince(started) < 0.5, "the loop answered others while the work ran")
            let deferred = try #require(waiting.readResponse())
            #expect(deferred.status == 201)
            #expect(deferred.headers["X-Done"] == "yes")
            #expect(deferred.text == "body")
            #expect(Date().timeIntervalSince(started) >= 0.55)
            #expect(try #require(waiting.readResponse()).text == "hello", "the pipelined request waited its turn")
        }
    }

    @Test("a client that leaves before its deferred response completes costs nothing; the loop goes on")
    func clientLeavesFirst() throws {
        let completions = Completions()
        let configure: (inout HTTPServerConfiguration) -> Void = { $0.eventLoopCount = 1 }
        try withTestServer(configure: configure, handler: Self.router(completions: completions).handler) { port, _ in
            do {
                let leaving = try RawClient(
                    port: port, sending: "POST /slow?ms=200 HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\n\r\nx")
                Thread.sleep(forTimeInterval: 0.05)
                _ = leaving
            }
            for _ in 0..<100 where completions.count.load(ordering: .relaxed) == 0 {
                Thread.sleep(forTimeInterval: 0.01)
            }
            #expect(completions.count.load(ordering: .relaxed) == 1)
            let client = try RawClient(port: port, sending: "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try #require(client.readResponse()).text == "hello")
        }
    }

    @Test("a body handed to a worker keeps its share of the upload budget until the work is done, client or not")
    func workerKeepsTheBodyBudget() throws {
        let completions = Completions()
        let configure: (inout HTTPServerConfiguration) -> Void = { configuration in
            configuration.maxBodyBytes = 4 << 20
            configuration.maxBufferedBodyBytes = 1 << 20
        }
        try withTestServer(configure: configure, handler: Self.router(completions: completions).handler) { port, _ in
            do {
                // Sent whole, then the client leaves: the worker still has the 800 kB for 700 ms.
                let leaving = try RawClient(
                    port: port, sending: "POST /slow?ms=700 HTTP/1.1\r\nHost: t\r\nContent-Length: 800000\r\n\r\n")
                try leaving.send([UInt8](repeating: 65, count: 800_000))
                Thread.sleep(forTimeInterval: 0.1)
            }
            let refused = try RawClient(
                port: port, sending: "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 600000\r\n\r\n")
            #expect(try #require(refused.readResponse()).status == 503)
            for _ in 0..<200 where completions.count.load(ordering: .relaxed) == 0 {
                Thread.sleep(forTimeInterval: 0.01)
            }
            #expect(completions.count.load(ordering: .relaxed) == 1)
            let accepted = try RawClient(
                port: port, sending: "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 600000\r\n\r\n")
            try accepted.send([UInt8](repeating: 66, count: 600_000))
            #expect(try #require(accepted.readResponse()).text == "600000")
        }
    }
}
