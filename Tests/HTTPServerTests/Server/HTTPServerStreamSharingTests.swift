// HTTPServerTests — one message written to many streams: one buffer, compressed once, bounded per client

import Foundation
import SystemSupport
import TestSupport
import Testing

@testable import HTTPServer

@Suite("One message written to many streams")
struct HTTPServerStreamSharingTests {
    private func router(_ registry: StreamRegistry, bufferLimit: Int = 1 << 20) -> HTTPRouter {
        var router = testRouter()
        router.get("/events") { _, _ in
            let stream = HTTPStream(bufferLimit: bufferLimit)
            registry.add(stream)
            return HTTPResponse(headers: ["Content-Type": "text/event-stream"], stream: stream)
        }
        return router
    }

    /// An event of `count` bytes of JSON-like text that compresses as events do.
    private static func event(_ index: Int, bytes count: Int) -> [UInt8] {
        var text = "id: \(index)\nevent: change\ndata: ["
        var row = 0
        while text.utf8.count < count - 4 {
            text += "{\"id\":\(row * 7 + index),\"section\":\(row / 50),\"row\":\(row % 50)},"
            row += 1
        }
        return Array((text + "0]\n\n").utf8)
    }

    @Test("every gzip stream sends the same compressed bytes of a message, and each inflates to the message")
    func compressedOnce() throws {
        let registry = StreamRegistry()
        try withTestServer(handler: router(registry).handler) { port, _ in
            var clients: [RawClient] = []
            for index in 0..<4 {
                let client = try RawClient(port: port)
                let coding = index < 3 ? "Accept-Encoding: gzip\r\n" : ""
                try client.send("GET /events HTTP/1.1\r\nHost: t\r\n\(coding)\r\n")
                #expect(try #require(client.readResponse(hasBody: false)).status == 200)
                clients.append(client)
            }
            let streams = try (0..<4).map { try #require(registry.stream($0)) }
            let first = StreamMessage(Self.event(1, bytes: 100_000))
            let second = StreamMessage(Self.event(2, bytes: 50))
            for message in [first, second] {
                for stream in streams { #expect(stream.write(message)) }
            }
            for stream in streams { stream.close() }

            var firstSegments: [[UInt8]] = []
            for client in clients.prefix(3) {
                let gunzip = try Gunzip()
                let chunks = try #require(client.readChunkBytes(4))
                #expect(chunks[3].isEmpty, "the last chunk")
                #expect(try gunzip.inflate(chunks[0]) == first.bytes)
                #expect(try gunzip.inflate(chunks[1]) == second.bytes)
                #expect(try gunzip.inflate(chunks[2]).isEmpty)
                #expect(gunzip.isFinished, "the trailer's CRC-32 and length cover both messages")
                firstSegments.append(Array(chunks[0].dropFirst(10)))  // after the gzip header
            }
            #expect(firstSegments.allSatisfy { $0 == firstSegments[0] }, "one compression for every stream")
            #expect(firstSegments[0].count < first.count / 3)
            let plain = try #require(clients[3].readChunkBytes(3))
            #expect(plain[0] == first.bytes && plain[1] == second.bytes && plain[2].isEmpty)
        }
    }

    @Test("past the limit a write replaces what waits with the writer's catch-up, leaves itself out, or drops")
    func behindRules() {
        let stream = HTTPStream(bufferLimit: 100)
        let sixty = StreamMessage([UInt8](repeating: 65, count: 60))
        let catchUp = StreamMessage(Array("reload".utf8))
        #expect(stream.write(sixty, fallingBehind: { [catchUp] }) == .queued)
        #expect(stream.write(sixty, fallingBehind: { [catchUp] }) == .replaced)
        #expect(stream.write(sixty, fallingBehind: { [catchUp] }) == .queued, "after the catch-up, room again")
        #expect(stream.write(sixty, fallingBehind: nil) == .skipped)
        #expect(stream.isOpen)
        #expect(!stream.write(sixty), "a write with no catch-up drops the client")
        #expect(!stream.isOpen)
        #expect(stream.write(sixty, fallingBehind: { [catchUp] }) == .refused)
    }

    @Test("a client that does not read is sent the writer's catch-up in place of what waits, and stays")
    func fallingBehind() throws {
        let registry = StreamRegistry()
        let limit = 64 * 1024
        try withTestServer(handler: router(registry, bufferLimit: limit).handler) { port, _ in
            let client = try RawClient(port: port)
            try client.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try #require(client.readResponse(hasBody: false)).status == 200)
            let stream = try #require(registry.stream(0))
            var replaced = 0
            var index = 0
            // Large events until one has waited behind others the client has not taken a few times (the
            // kernel's socket buffers take some first).
            while replaced < 3 && index < 2_000 {
                index += 1
                let delivery = stream.write(StreamMessage(Self.event(index, bytes: 40_000))) {
                    [StreamMessage(Array("event: reload\ndata: \(index)\n\n".utf8))]
                }
                #expect(delivery != .refused, "the client was dropped")
                if delivery == .replaced { replaced += 1 }
            }
            #expect(replaced == 3, "the client was never behind")
            #expect(stream.isOpen)
            #expect(stream.write(StreamMessage(Array(": ping\n\n".utf8)), fallingBehind: nil) != .refused)
            stream.close()

            // Read at last: whole events in order, where a catch-up stands for the events before it.
            let text = String(decoding: client.readToEndOfChunks(), as: UTF8.self)
            var expected = 1
            var reloads = 0
            var order = true
            for block in text.components(separatedBy: "\n\n") where !block.isEmpty && block != ": ping" {
                if block.hasPrefix("event: reload\ndata: "), let through = Int(block.dropFirst(20)) {
                    order = order && through >= expected - 1
                    expected = through + 1
                    reloads += 1
                } else {
                    let id = Int(block.dropFirst(4).prefix { $0 != "\n" })
                    order = order && block.hasPrefix("id: ") && id == expected && block.hasSuffix("0]")
                    expected += 1
                }
            }
            #expect(order, "events lost, repeated or cut")
            #expect(reloads >= 1)
            #expect(expected == index + 1, "the last events are neither sent nor stood for")
            #expect(text.hasSuffix(": ping\n\n"))
        }
    }
}

extension RawClient {
    /// The chunks of a chunked body until its last chunk, joined.
    fileprivate func readToEndOfChunks() -> [UInt8] {
        var bytes: [UInt8] = []
        while let chunk = readChunkBytes(1)?.first, !chunk.isEmpty { bytes += chunk }
        return bytes
    }
}
