// HTTPServerTests — connections spread over the event loops
import Foundation
import HTTPServer
import Synchronization
import Testing
import TestSupport

@Suite("HTTP server: connections spread over the event loops")
struct HTTPServerBalanceTests {
    /// A server of `loops` loops whose handler answers with the index of the loop serving the connection.
    private func withLoopServer(loops: Int, _ body: (_ port: Int, _ server: HTTPServer) throws -> Void) throws {
        try withTestServer(
            configure: { configuration in configuration.eventLoopCount = loops },
            handler: { request in .text("\(request.loop)") }, body)
    }

    /// The loop serving each client, asked over the client's connection.
    private func loops(of clients: [RawClient]) throws -> [Int] {
        try clients.map { client in
            try client.send("GET /loop HTTP/1.1\r\nHost: t\r\n\r\n")
            return Int(client.readResponse()?.text ?? "") ?? -1
        }
    }

    /// How many of `loops` each loop index serves.
    private func counts(_ loops: [Int], loopCount: Int) -> [Int] {
        (0..<loopCount).map { index in loops.filter { $0 == index }.count }
    }

    @Test("connections opened at once are shared out evenly, whichever loop accepts them", arguments: [2, 3])
    func openedAtOnce(loopCount: Int) throws {
        try withLoopServer(loops: loopCount) { port, _ in
            // Opened back to back, as a load generator opens its connections: one loop may be woken for
            // all of them.
            let clients = try (0..<(8 * loopCount)).map { _ in try RawClient(port: port) }
            let served = counts(try loops(of: clients), loopCount: loopCount)
            #expect(served.reduce(0, +) == clients.count, "\(served)")
            // Two loops accepting at the same moment may each count the other one short: one apart at most
            // from an even share, otherwise.
            #expect(served.max()! - served.min()! <= 2, "\(served)")
        }
    }

    @Test("a loop whose connections closed is the one given the next ones")
    func closedConnectionsMakeRoom() throws {
        try withLoopServer(loops: 2) { port, server in
            var clients: [RawClient]? = try (0..<8).map { _ in try RawClient(port: port) }
            let served = try loops(of: clients!)
            #expect(counts(served, loopCount: 2) == [4, 4], "\(served)")
            // Close loop 0's connections (dropping the clients closes them) and wait until the server has
            // seen them go.
            let kept = zip(clients!, served).filter { $0.1 == 1 }.map(\.0)
            clients = nil
            let deadline = Date().addingTimeInterval(5)
            while server.openConnections > kept.count && Date() < deadline { usleep(10_000) }
            #expect(server.openConnections == kept.count)
            let newcomers = try (0..<4).map { _ in try RawClient(port: port) }
            #expect(try loops(of: newcomers) == [0, 0, 0, 0])
            withExtendedLifetime(kept) {}
        }
    }
}
