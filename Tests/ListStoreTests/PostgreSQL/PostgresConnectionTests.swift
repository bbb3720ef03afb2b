// ListStoreTests — one libpq connection: prepared statements and a dropped session
import Foundation
import TestSupport
import Testing

@testable import ListStore

@Suite(
    "PostgreSQL connection",
    .enabled(
        if: StoreBackend.databaseURL != nil,
        Comment(rawValue: "not run: set LISTSERVER_TEST_DATABASE_URL to test the PostgreSQL connection")))
struct PostgresConnectionTests {
    @Test("a statement with parameters is prepared once per parameter types and runs by name after")
    func statementsArePreparedOnce() throws {
        let connection = try PostgresConnection(conninfo: try #require(StoreBackend.databaseURL))
        defer { connection.close() }
        for value in Int64(1)...3 {
            #expect(try connection.query("SELECT $1::int8 + 1", [.int(value)]).int64(0, 0) == value + 1)
        }
        #expect(connection.preparedCount == 1)
        #expect(try connection.query("SELECT $1::int8 * 2", [.int(21)]).int64(0, 0) == 42)
        #expect(try connection.query("SELECT length($1)", [.text("abc")]).int64(0, 0) == 3)
        #expect(try connection.query("SELECT length($1)", [.blob([1, 2])]).int64(0, 0) == 2)
        #expect(connection.preparedCount == 4)
        try connection.execute("SELECT 1")
        #expect(connection.preparedCount == 4, "statements without parameters run unprepared")
    }

    @Test("a statement PostgreSQL refuses throws its error and is not kept")
    func refusedStatementIsNotKept() throws {
        let connection = try PostgresConnection(conninfo: try #require(StoreBackend.databaseURL))
        defer { connection.close() }
        #expect(throws: PostgresError.self) { try connection.query("SELECT no_such_function($1)", [.int(1)]) }
        #expect(connection.preparedCount == 0)
        #expect(try connection.query("SELECT $1::int8", [.int(7)]).int64(0, 0) == 7)
    }

    @Test("after the server ends the session, the connection is reset and prepares its statements again")
    func droppedSessionPreparesAgain() throws {
        let url = try #require(StoreBackend.databaseURL)
        let connection = try PostgresConnection(conninfo: url)
        defer { connection.close() }
        #expect(try connection.query("SELECT $1::int8", [.int(1)]).int64(0, 0) == 1)
        let killed = connection.backendPID
        let admin = try PostgresConnection(conninfo: url)
        defer { admin.close() }
        try admin.query("SELECT pg_terminate_backend($1::int4)", [.int(Int64(killed))])
        // The first statement after the kill finds the session gone; the next one resets it.
        _ = try? connection.query("SELECT $1::int8", [.int(2)])
        var value: Int64?
        for _ in 0..<50 where value == nil {
            value = try? connection.query("SELECT $1::int8", [.int(3)]).int64(0, 0)
            if value == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(value == 3)
        #expect(connection.backendPID != killed)
        #expect(connection.preparedCount == 1)
    }
}
