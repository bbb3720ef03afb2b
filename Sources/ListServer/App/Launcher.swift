// ListServer — ListServer
import Foundation
import Models

/// Starts the server from the command line: reads the imports, stores them (with the samples on
/// the first start), loads everything, serves until SIGINT or SIGTERM.
enum Launcher {
    /// Runs the whole program.
    /// - Returns: the exit status: 0 after a graceful stop, 2 for a bad command line or import,
    ///   1 when the store or the socket fails.
    static func run(_ arguments: [String]) -> Int32 {
        let configuration: Configuration
        do {
            configuration = try Configuration.parse(arguments)
        } catch {
            printError("error: \(error)\nRun 'ListServer --help' for the flags.")
            return 2
        }
        if configuration.showHelp {
            print(Configuration.usage)
            return 0
        }
        let progress: (@Sendable (String) -> Void)? = configuration.quiet ? nil : { @Sendable line in printError(line) }

        let imported: [Dataset]
        do {
            imported = try DatasetFileLoader(kind: configuration.kind, progress: progress).load(configuration.imports)
        } catch {
            printError("error: cannot import \(error)")
            return 2
        }

        let store: DatasetStore
        let datasets: [Dataset]
        do {
            store = try DatasetStore(directory: configuration.dataDirectory)
        } catch {
            printError("error: cannot open the data directory \(configuration.dataDirectory): \(error)")
            return 1
        }
        do {
            var toStore = imported
            if try !store.hasDatasets() {
                let importedIDs = Set(imported.map(\.id))
                toStore = try SampleDatasets.all.filter { !importedIDs.contains($0.id) }.map(Self.decode) + imported
            }
            if !toStore.isEmpty {
                let started = ContinuousClock.now
                try store.insert(toStore, replacing: configuration.replace)
                progress?("stored \(toStore.count) dataset(s) in \(DatasetFileLoader.formatDuration(.now - started))")
            }
            let started = ContinuousClock.now
            datasets = try Self.storedDatasets(store, reusing: toStore)
            if !imported.isEmpty {
                progress?("loaded \(datasets.count) dataset(s) in \(DatasetFileLoader.formatDuration(.now - started))")
            }
        } catch let error as StoreError {
            store.close()
            printError("error: \(error)")
            return 2
        } catch {
            store.close()
            printError("error: \(error)")
            return 1
        }

        let library = Library(store: store, datasets: datasets)
        let routes = AppRoutes(
            library: library, policy: MutationPolicy(token: configuration.token),
            files: StaticFiles(root: publicDirectory(configuration)))
        var serverConfiguration = HTTPServerConfiguration()
        serverConfiguration.host = configuration.host
        serverConfiguration.port = configuration.port
        serverConfiguration.accessLog = !configuration.quiet
        let server = HTTPServer(configuration: serverConfiguration, handler: routes.router.handler)
        let port: Int
        do {
            port = try server.start()
            try SignalHandling.onTermination { _ in
                library.events.closeAll()
                server.stop()
            }
        } catch {
            store.close()
            printError("error: cannot listen on \(configuration.host):\(configuration.port): \(error)")
            return 1
        }
        library.events.startHeartbeat()
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let line = "ListServer serving http://\(host):\(port) (\(datasets.count) datasets, data in \(configuration.dataDirectory))\n"
        FileHandle.standardOutput.write(Data(line.utf8))
        if !isLoopback(configuration.host) {
            printError("warning: listening on \(configuration.host), reachable from other machines")
        }
        server.wait()
        store.close()
        return 0
    }

    private static func decode(_ sample: SampleDataset) throws -> Dataset {
        let decoder = DatasetDecoder(file: "sample \(sample.id)", id: sample.id, title: sample.title)
        return try DatasetImporter.importDataset(Array(sample.json.utf8), using: decoder)
    }

    /// `--public`, else `Public/` in the working directory, else beside the package of the executable.
    private static func publicDirectory(_ configuration: Configuration) -> String {
        if let directory = configuration.publicDirectory { return directory }
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: "Public/table.html") {
            return fileManager.currentDirectoryPath + "/Public"
        }
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = url.appendingPathComponent("Public")
            if fileManager.fileExists(atPath: candidate.appendingPathComponent("table.html").path) { return candidate.path }
            url.deleteLastPathComponent()
        }
        return fileManager.currentDirectoryPath + "/Public"
    }

    private static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
