// ListServerTests — the real `ListServer` binary run as a child process
import Foundation
import HTTPServer
import ListStore
import TestSupport

@testable import ListServer

/// The real `ListServer` binary run as a child process, for tests of the command line, restarts
/// and crashes. It listens on an ephemeral loopback port and is killed when the test ends.
final class ServerProcess: @unchecked Sendable {
    /// What a finished run printed and returned.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    let process = Process()
    private let stdoutPipe = Pipe()
    private let stderrPipe = Pipe()
    /// The port it serves on, read from its start-up line.
    private(set) var port = 0

    /// The built executable: beside the test bundle, else in `.build/debug`.
    static var executable: URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("ListServer")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.appendingPathComponent(".build/debug/ListServer")
    }

    /// The package's `Public/` directory.
    static var publicDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Public").path
    }

    /// A fresh temporary directory, for `--data` or for files to import.
    static func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "listserver-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Runs the binary to completion (for `--help`, bad flags and bad imports).
    /// - Parameter timeout: seconds before it is killed.
    static func run(_ arguments: [String], timeout: Double = 60) throws -> Result {
        let server = ServerProcess(arguments)
        try server.process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while server.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if server.process.isRunning { server.kill() }
        server.process.waitUntilExit()
        return Result(
            status: server.process.terminationStatus,
            stdout: String(decoding: server.stdoutPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            stderr: String(decoding: server.stderrPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    /// Starts a server and waits for its start-up line.
    /// - Parameter arguments: flags besides `--port 0` and `--public`.
    /// - Throws: when it exits or prints no URL within `timeout` seconds, with what it printed.
    static func start(_ arguments: [String], timeout: Double = 60) throws -> ServerProcess {
        let server = ServerProcess(["--port", "0", "--public", publicDirectory] + arguments)
        try server.process.run()
        var output = Data()
        let deadline = Date().addingTimeInterval(timeout)
        let handle = server.stdoutPipe.fileHandleForReading
        while Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            output.append(chunk)
            let text = String(decoding: output, as: UTF8.self)
            if let range = text.range(of: #"http://127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                server.port = Int(text[range].split(separator: ":").last!)!
                return server
            }
        }
        server.kill()
        let stderr = String(decoding: server.stderrPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        throw StartError(message: "the server did not start: \(String(decoding: output, as: UTF8.self)) \(stderr)")
    }

    struct StartError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    private init(_ arguments: [String]) {
        process.executableURL = ServerProcess.executable
        process.arguments = arguments
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        process.standardInput = FileHandle.nullDevice
    }

    /// Sends SIGKILL and waits for the process to be gone.
    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Sends SIGTERM and waits up to `timeout` seconds for the exit status.
    func terminate(timeout: Double = 15) -> Int32 {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGTERM) }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { kill() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Everything it wrote on stderr, once it has exited.
    func standardErrorAfterExit() -> String {
        process.waitUntilExit()
        return String(decoding: stderrPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    deinit { kill() }
}
