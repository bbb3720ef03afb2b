// HTTPServerTests — what slow bodies, many uploads and many streams may hold of the server

import Foundation
import Glibc
import Synchronization
import TestSupport
import Testing

@testable import HTTPServer

@Suite("HTTP server: budgets for slow bodies, uploads in progress and streams")
struct HTTPServerBudgetTests {
    @Test("a body trickled a few bytes at a time, each read well within the timeout, is 408 once below the rate")
    func trickledBodyTimesOut() throws {
        let configure: (inout HTTPServerConfiguration) -> Void = { configuration in
            configuration.headerTimeout = .milliseconds(300)
            configuration.minimumBodyRate = 2_000
        }
        try withTestServer(configure: configure, handler: testRouter().handler) { port, _ in
            let client = try RawClient(
                port: port, sending: "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 100000\r\n\r\n")
            let started = Date()
            var answered: WireResponse?
            // 10 bytes every 100 ms: 100 bytes a second, far below the rate, never silent for 300 ms.
            for _ in 0..<40 where answered == nil {
                _ = try? client.send([UInt8](repeating: 65, count: 10))
                Thread.sleep(forTimeInterval: 0.1)
                if Date().timeIntervalSince(started) > 0.9 { answered = client.readResponse() }
            }
            let response = try #require(answered)
            #expect(response.status == 408)
            #expect(response.text.contains("too slowly"))
            #expect(Date().timeIntervalSince(started) < 3)
        }
    }

    @Test("a body at the rate is read to its end")
    func bodyAtTheRateArrives() throws {
        let configure: (inout HTTPServerConfiguration) -> Void = { configuration in
            configuration.headerTimeout = .milliseconds(300)
            configuration.minimumBodyRate = 2_000
        }
        try withTestServer(configure: configure, handler: testRouter().handler) { port, _ in
            let client = try RawClient(
                port: port, sending: "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 3000\r\n\r\n")
            for _ in 0..<6 {
                try client.send([UInt8](repeating: 66, count: 500))
                Thread.sleep(forTimeInterval: 0.1)
            }
            #expect(try #require(client.readResponse()).text == "3000")
        }
    }

    @Test("uploads in progress share one budget: past it a new one is 503 with Retry-After, and room comes back")
    func uploadsShareOneBudget() throws {
        let configure: (inout HTTPServerConfiguration) -> Void = { configuration in
            configuration.maxBodyBytes = 4 << 20
            configuration.maxBufferedBodyBytes = 1 << 20
        }
        try withTestServer(configure: configure, handler: testRouter().handler) { port, _ in
            let first = try RawClient(
                port: port, sending: "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 800000\r\n\r\nabc")
            Thread.sleep(forTimeInterval: 0.1)
            let second = try RawClient(
                port: port, sending: "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 600000\r\n\r\n")
            let refused = try #require(second.readResponse())
            #expect(refused.status == 503)
            #expect(refused.headers["Retry-After"] == "5")
            let chunked = try RawClient(
                port: port,
                sending: "POST /upload HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n40000\r\n")
            _ = try? chunked.send([UInt8](repeating: 67, count: 0x40000))
            #expect(try #require(chunked.readResponse()).status == 503)

            try first.send([UInt8](repeating: 68, count: 800000 - 3))
            #expect(try #require(first.readResponse()).text == "800000")
            let again = try RawClient(
                port: port, sending: "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 600000\r\n\r\n")
            try again.send([UInt8](repeating: 69, count: 600000))
            #expect(try #require(again.readResponse()).text == "600000")
        }
    }

    @Test("large bodies take room as their bytes arrive, never the small bodies' reserve: trickled heads starve no one")
    func largeBodiesTakeRoomAsTheyArrive() throws {
        let configure: (inout HTTPServerConfiguration) -> Void = { configuration in
            configuration.maxBodyBytes = 8 << 20
            configuration.maxBufferedBodyBytes = 4 << 20
            configuration.smallBodyReserve = 1 << 20
        }
        try withTestServer(configure: configure, handler: testRouter().handler) { port, _ in
            // Three heads announcing 2 MiB each, trickling: announced, they would hold 6 MiB of a 4 MiB budget.
            let heads = try (0..<3).map { _ in
                try RawClient(port: port, sending: "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 2097152\r\n\r\nabc")
            }
            let small = try RawClient(port: port, sending: "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello")
            #expect(try #require(small.readResponse()).text == "5")
            // Each head still goes on: one sends its whole body.
            try heads[0].send([UInt8](repeating: 70, count: 2_097_152 - 3))
            #expect(try #require(heads[0].readResponse()).text == "2097152")
            // A large body past what large bodies may hold is refused as its bytes arrive; small ones still pass.
            let big = try RawClient(port: port, sending: "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 3670016\r\n\r\n")
            _ = try? big.send([UInt8](repeating: 71, count: 3_670_016))
            #expect(try #require(big.readResponse()).status == 503)
            let after = try RawClient(port: port, sending: "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nok")
            #expect(try #require(after.readResponse()).text == "2")
            _ = heads
        }
    }

    @Test("a body has a deadline for the whole of it: trickled above the minimum rate, it still ends with 408")
    func bodiesHaveADeadline() throws {
        let configure: (inout HTTPServerConfiguration) -> Void = { configuration in
            configuration.headerTimeout = .milliseconds(200)
            configuration.minimumBodyRate = 1
            configuration.bodyDeadlineGrace = .milliseconds(200)
            configuration.bodyDeadlineRate = 1 << 20
        }
        try withTestServer(configure: configure, handler: testRouter().handler) { port, _ in
            let client = try RawClient(
                port: port, sending: "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 100000\r\n\r\n")
            // 100 bytes every 50 ms, far above the minimum rate, far below what completes the body in time.
            for _ in 0..<30 {
                guard (try? client.send([UInt8](repeating: 72, count: 100))) != nil else { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
            let response = try #require(client.readResponse())
            #expect(response.status == 408)
            #expect(response.text.contains("be complete within"))
        }
    }

    @Test("streams are limited per address and in all (429, Retry-After); ordinary requests still find a slot")
    func streamsAreLimited() throws {
        let registry = StreamRegistry()
        var router = testRouter()
        router.get("/events") { _, _ in
            let stream = HTTPStream()
            stream.write("ready\n")
            registry.add(stream)
            return HTTPResponse(headers: ["Content-Type": "text/event-stream"], stream: stream)
        }
        let configure: (inout HTTPServerConfiguration) -> Void = { configuration in
            configuration.maxStreamsPerAddress = 3
            configuration.maxStreams = 5
        }
        try withTestServer(configure: configure, handler: router.handler) { port, _ in
            var open: [RawClient] = []
            for _ in 0..<3 {
                let client = try RawClient(port: port, sending: "GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(try #require(client.readResponse(hasBody: false)).status == 200)
                open.append(client)
            }
            let fourth = try RawClient(port: port, sending: "GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
            let refused = try #require(fourth.readResponse())
            #expect(refused.status == 429)
            #expect(refused.headers["Retry-After"] == "10")
            // The refused connection closes, so that it holds no slot; new ones serve ordinary requests.
            #expect(refused.headers["Connection"]?.lowercased() == "close")
            #expect(fourth.isClosedByServer())
            let ordinary = try RawClient(port: port, sending: "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try #require(ordinary.readResponse()).text == "hello")
            #expect(registry.waitForClosed(1), "the refused stream was finished")

            shutdown(open.removeFirst().fd, Int32(SHUT_RDWR))
            #expect(registry.waitForClosed(2))
            let replacement = try RawClient(port: port, sending: "GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try #require(replacement.readResponse(hasBody: false)).status == 200)
        }
    }

    @Test("one address holds at most its share of the body budget: past it a body is 503, room left for others")
    func addressHoldsItsShare() throws {
        let configure: (inout HTTPServerConfiguration) -> Void = { configuration in
            configuration.maxBodyBytes = 8 << 20
            configuration.maxBufferedBodyBytes = 8 << 20
            configuration.smallBodyReserve = 1 << 20
            configuration.maxBufferedBodyBytesPerAddress = 4 << 20
        }
        try withTestServer(configure: configure, handler: testRouter().handler) { port, _ in
            // Three 2 MiB bodies from one address, all but 3 bytes sent: 6 MiB, within the server's 7 MiB for
            // large bodies, but past the address's 4 MiB. None can end, so none gives its room back: the one whose
            // bytes cross the share, whichever the server reads last, is refused.
            let length = 2 << 20
            let uploads = try (0..<3).map { _ in
                let client = try RawClient(port: port, timeoutSeconds: 1)
                try client.send("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: \(length)\r\n\r\n")
                return client
            }
            for upload in uploads { _ = try? upload.send([UInt8](repeating: 72, count: length - 3)) }
            var refused: Int?
            for _ in 0..<30 where refused == nil {
                for (index, upload) in uploads.enumerated() where refused == nil {
                    guard let answer = upload.readResponse() else { continue }
                    #expect(answer.status == 503 && answer.headers["Retry-After"] == "5")
                    #expect(answer.text.contains("This client"))
                    refused = index
                }
            }
            let refusedIndex = try #require(refused)
            // The others end whole, or (on a slow host, where the server reads a body's last bytes late) are
            // refused the same way.
            for (index, upload) in uploads.enumerated() where index != refusedIndex {
                _ = try? upload.send(Array("end".utf8))
                let answer = try #require(upload.readResponse())
                if answer.status == 200 {
                    #expect(answer.text == "\(length)")
                } else {
                    #expect(answer.status == 503 && answer.text.contains("This client"), "\(answer.text)")
                }
            }
            // Once its bodies are done the address has its share again.
            let again = try RawClient(port: port, sending: "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: \(length)\r\n\r\n")
            try again.send([UInt8](repeating: 73, count: length))
            #expect(try #require(again.readResponse()).text == "\(length)")
        }
    }
}
