// HTTPServerTests — HTTP streaming responses and graceful stop

import Foundation
import Synchronization
import SystemSupport
import TestSupport
import Testing

@testable import HTTPServer

/// The streams a test handler has opened, for the test to write to.
final class StreamRegistry: Sendable {
    private let streams = System.Locked<[HTTPStream]>([])
    let closed = Atomic<Int>(0)

    func add(_ stream: HTTPStream) {
        stream.onClose { [self] in closed.add(1, ordering: .relaxed) }
        streams.withLock { $0.append(stream) }
    }

    /// Waits (at most 5 s) for the stream number `index` to exist.
    func stream(_ index: Int) -> HTTPStream? {
        for _ in 0..<500 {
            if let stream = streams.withLock({ $0.count > index ? $0[index] : nil }) { return stream }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return nil
    }

    /// Waits (at most 5 s) until `count` streams have ended.
    func waitForClosed(_ count: Int) -> Bool {
        for _ in 0..<500 {
            if closed.load(ordering: .relaxed) >= count { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }
}

@Suite("HTTP streaming responses and graceful stop")
struct HTTPServerStreamTests {
    private func router(_ registry: StreamRegistry, bufferLimit: Int = 1 << 20) -> HTTPRouter {
        var router = testRouter()
        router.get("/events") { _, _ in
            let stream = HTTPStream(bufferLimit: bufferLimit)
            stream.write("ready\n")
            registry.add(stream)
            return HTTPResponse(headers: ["Content-Type": "text/event-stream"], stream: stream)
        }
        return router
    }

    @Test("a stream sends writes from another thread as chunks, then the next pipelined request is answered")
    func streamsChunks() throws {
        let registry = StreamRegistry()
        try withTestServer(handler: router(registry).handler) { port, _ in
            let client = try RawClient(
                port: port, sending: "GET /events HTTP/1.1\r\nHost: t\r\n\r\nGET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            let stream = try #require(registry.stream(0))
            #expect(stream.write("data: 1\n\n"))
            #expect(stream.write(Array("data: 2\n\n".utf8)))
            let head = try #require(client.readResponse(hasBody: false))
            #expect(head.headers["Transfer-Encoding"] == "chunked")
            #expect(head.headers["Content-Type"] == "text/event-stream")
            #expect(head.headers["Content-Length"] == nil)
            var received = ""
            while !received.contains("data: 2") {
                received += try #require(client.readChunks(1)).joined()
            }
            #expect(received == "ready\ndata: 1\n\ndata: 2\n\n")
            stream.close()
            #expect(!stream.write("late"))
            #expect(client.readChunks(1) == [""])
            #expect(try #require(client.readResponse()).text == "hello")
            #expect(registry.waitForClosed(1))
        }
    }

    @Test("when the client leaves, onClose runs and write returns false")
    func clientLeaves() throws {
        let registry = StreamRegistry()
        try withTestServer(handler: router(registry).handler) { port, _ in
            var client: RawClient? = try RawClient(port: port)
            try client?.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
            let stream = try #require(registry.stream(0))
            _ = client?.readResponse(hasBody: false)
            client = nil
            #expect(registry.waitForClosed(1))
            #expect(!stream.write("after"))
            #expect(!stream.isOpen)
        }
    }

    @Test("a client that stops reading is dropped once its stream buffer is full")
    func slowConsumer() throws {
        let registry = StreamRegistry()
        try withTestServer(handler: router(registry, bufferLimit: 64 * 1024).handler) { port, server in
            let client = try RawClient(port: port)
            try client.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
            let stream = try #require(registry.stream(0))
            let piece = [UInt8](repeating: 120, count: 16 * 1024)
            var accepted = 0
            while accepted < 4096, stream.write(piece) {
                accepted += 1
                if accepted % 64 == 0 { Thread.sleep(forTimeInterval: 0.005) }
            }
            #expect(accepted < 4096)
            #expect(registry.waitForClosed(1))
            let other = try RawClient(port: port, sending: "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try #require(other.readResponse()).status == 200)
            #expect(server.openConnections == 1)
        }
    }

    @Test("HTTP/1.0 streams are sent until close; HEAD ends the stream at once")
    func streamVariants() throws {
        let registry = StreamRegistry()
        try withTestServer(handler: router(registry).handler) { port, _ in
            let old = try RawClient(port: port, sending: "GET /events HTTP/1.0\r\n\r\n")
            let stream = try #require(registry.stream(0))
            stream.write("one")
            stream.close()
            let bytes = String(decoding: old.readToEnd(), as: UTF8.self)
            #expect(bytes.contains("Connection: close\r\n"))
            #expect(!bytes.contains("Transfer-Encoding"))
            #expect(bytes.hasSuffix("\r\n\r\nready\none"))

            let head = try RawClient(
                port: port, sending: "HEAD /events HTTP/1.1\r\nHost: t\r\n\r\nGET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try #require(head.readResponse(hasBody: false)).status == 200)
            #expect(try #require(head.readResponse()).text == "hello")
            #expect(registry.waitForClosed(2))
        }
    }

    @Test("stop finishes a request in flight, ends streams, closes idle connections and refuses new ones")
    func gracefulStop() throws {
        let registry = StreamRegistry()
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.accessLog = false
        let server = HTTPServer(configuration: configuration, handler: router(registry).handler)
        let port = try server.start()

        let idle = try RawClient(port: port, sending: "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try #require(idle.readResponse()).status == 200)
        let watcher = try RawClient(port: port, sending: "GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = try #require(registry.stream(0))
        let busy = try RawClient(port: port, sending: "GET /sleep?ms=400 HTTP/1.1\r\nHost: t\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.1)

        let started = Date()
        server.stop()
        let response = try #require(busy.readResponse())
        #expect(response.status == 200)
        #expect(response.text == "slept")
        #expect(response.headers["Connection"] == "close")
        server.wait()
        #expect(Date().timeIntervalSince(started) < 3)
        #expect(idle.isClosedByServer())
        #expect(watcher.readResponse()?.status == 200)
        #expect(registry.waitForClosed(1))
        #expect(throws: PosixError.self) { try RawClient(port: port) }
    }

    @Test("a client that connected before the stop, while the loop was busy, is answered and not reset")
    func stopAnswersTheListenersQueue() throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.accessLog = false
        configuration.eventLoopCount = 1
        let server = HTTPServer(configuration: configuration, handler: testRouter().handler)
        let port = try server.start()
        // The one loop sleeps in a handler; the stop is asked for, then a client connects (the kernel
        // queues it on the listener) and sends its request, all before the loop looks again.
        let busy = try RawClient(port: port, sending: "GET /sleep?ms=400 HTTP/1.1\r\nHost: t\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.1)
        server.stop()
        let waiting = try RawClient(port: port, sending: "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")

        #expect(try #require(busy.readResponse()).status == 200)
        let response = try #require(waiting.readResponse())
        #expect(response.status == 200)
        #expect(response.text == "hello")
        #expect(response.headers["Connection"] == "close")
        server.wait()
    }

    @Test("stop gives up on a stuck client after the shutdown timeout")
    func stopDeadline() throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.accessLog = false
        configuration.shutdownTimeout = .milliseconds(300)
        let server = HTTPServer(configuration: configuration, handler: testRouter().handler)
        let port = try server.start()
        let stuck = try RawClient(port: port, sending: "GET /hello HTTP/1.1\r\nHost: t\r\n")
        Thread.sleep(forTimeInterval: 0.1)
        let started = Date()
        server.stop()
        server.wait()
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(stuck.isClosedByServer())
    }
}

@Suite("Termination signals")
struct SignalHandlingTests {
    @Test("SIGTERM runs the termination action instead of killing the process")
    func sigterm() throws {
        let received = Atomic<Int32>(0)
        try SignalHandling.onTermination { number in received.store(number, ordering: .relaxed) }
        defer { Posix.restoreTerminationSignals() }
        Posix.raiseSignal(SIGTERM)
        for _ in 0..<500 where received.load(ordering: .relaxed) == 0 { Thread.sleep(forTimeInterval: 0.01) }
        #expect(received.load(ordering: .relaxed) == SIGTERM)
    }
}
