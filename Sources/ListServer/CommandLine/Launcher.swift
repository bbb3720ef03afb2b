// ListServer — starts the server from the command line
import Foundation
import HTTPServer
import ListStore
import Models

/// Starts the server from the command line: reads the imports, stores them (with the samples on
/// the first start), loads everything, serves until SIGINT or SIGTERM.
enum Launcher {
    /// Runs the whole program.
    /// - Returns: the exit status: 0 after a graceful stop, 2 for a bad command line or import,
    ///   1 when the store or the socket fails.
    static func run(_ arguments: [String]) -> Int32 {
        unblockTerminationSignals()
        let configuration: Configuration
        do {
            configuration = try Configuration.parse(arguments)
        } catch {
            printError("error: \(error) (see ListServer --help)")
            return 2
        }
        if configuration.showHelp {
            print(Configuration.usage)
            return 0
        }
        let progress: (@Sendable (String) -> Void)? =
            configuration.quiet ? nil : { @Sendable line in printError(line) }
        // Checked before anything is imported or stored: without its files the page is only 500s.
        guard let publicDirectory = publicDirectory(configuration) else {
            if let given = configuration.publicDirectory {
                printError("error: --public \(given) holds no table.html: pass the folder of the page's files")
            } else {
                printError(
                    "error: cannot find the page's files (Public/table.html) in the working directory, beside the "
                        + "executable or in the package it was built from; pass --public DIR")
            }
            return 2
        }

        var imported: [Dataset]
        let summaries: [String]
        do {
            let terminal = configuration.quiet || isatty(STDERR_FILENO) == 0 ? nil : progress
            (imported, summaries) = try DatasetFileLoader(kind: configuration.kind, progress: terminal)
                .load(configuration.imports)
        } catch {
            printError("error: cannot import \(error)")
            return 2
        }

        let store: any DatasetStore
        do {
            store = try openStore(configuration)
        } catch {
            printError("error: cannot open \(configuration.storeDescription): \(error)")
            return 1
        }
        let datasets: [Dataset]
        do {
            try checkImportIDs(configuration, in: store)
            for summary in summaries { progress?(summary) }
            let stored = try storeImportsSharing(imported, configuration: configuration, in: store, progress: progress)
            imported = []
            datasets = try loadDatasets(from: store, reusing: stored)
        } catch let error as ImportError {
            store.close()
            printError("error: cannot import \(error)")
            return 2
        } catch StoreError.datasetExists(let id) {
            store.close()
            printError("error: dataset '\(id)' already exists; pass --replace to overwrite it")
            return 2
        } catch let error as StoreError {
            store.close()
            printError("error: \(error)")
            return 2
        } catch {
            store.close()
            printError("error: \(error)")
            return 1
        }

        let hugePages = HugePageBacking(report: progress)
        let library = Library(
            store: store, datasets: datasets, hugePages: hugePages, replaceDiffBudget: configuration.replaceDiffBudget)
        let follower = StoreFollower.start(library: library)
        let files = PageAssets.files(in: publicDirectory)
        let routes = AppRoutes(
            library: library, policy: MutationPolicy(token: configuration.token), files: files,
            assets: AssetCatalog(
                directories: configuration.assetDirectories, publicDirectory: publicDirectory,
                iconDirectory: PageAssets.iconDirectory(of: files)))
        var serverConfiguration = HTTPServerConfiguration()
        serverConfiguration.host = configuration.host
        serverConfiguration.port = configuration.port
        serverConfiguration.accessLog = !configuration.quiet
        serverConfiguration.accessLogFormat = configuration.logFormat
        serverConfiguration.shutdownTimeout = configuration.drainTimeout
        serverConfiguration.metrics = routes.metrics
        serverConfiguration.workers = routes.workers
        serverConfiguration.problemPaths = AppRoutes.problemPaths
        let maxImportBytes = configuration.maxImportBytes
        serverConfiguration.bodyLimit = { path in AppRoutes.isDatasetPath(path) ? maxImportBytes : nil }
        serverConfiguration.allowedHosts = configuration.hostAllowlist
        serverConfiguration.anyHostPaths = [AppRoutes.healthPath]
        serverConfiguration.headCheck = routes.headCheck
        serverConfiguration.maxStreamsPerAddress = configuration.maxStreamsPerClient
        serverConfiguration.maxConnectionsPerAddress = configuration.maxConnectionsPerClient
        // Uploads in progress may hold twice the largest one, and at least 64 MiB.
        serverConfiguration.maxBufferedBodyBytes = max(2 * configuration.maxImportBytes, 64 << 20)
        // One address may hold the largest upload and a few batches beside it, not the whole budget.
        serverConfiguration.maxBufferedBodyBytesPerAddress = serverConfiguration.maxBufferedBodyBytes / 2 + (16 << 20)
        let server = HTTPServer(configuration: serverConfiguration, handler: routes.handler)
        let port: Int
        do {
            port = try server.start()
            try SignalHandling.onTermination { _ in
                // The server first, so that every stream it ends from now on ends with its retry hint.
                server.stop()
                library.events.closeAll()
                follower?.stop()
            }
        } catch {
            follower?.stop()
            store.close()
            printError("error: cannot listen on \(configuration.host):\(configuration.port): \(error)")
            return 1
        }
        library.events.startHeartbeat()
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let line =
            "ListServer serving http://\(host):\(port) "
            + "(\(datasets.count) datasets, data in \(configuration.storeDescription))\n"
        FileHandle.standardOutput.write(Data(line.utf8))
        if !isLoopback(configuration.host) {
            printError(
                "warning: listening on \(configuration.host), reachable from other machines; it answers to the "
                    + "hosts \(configuration.hostAllowlist.names.joined(separator: ", ")) (--allow-host adds one)")
        }
        neverBlockOnStandardError()
        hugePages.collapseSoon()
        server.wait()
        follower?.stop()
        store.close()
        return 0
    }

    /// Refuses imports over stored datasets unless `--replace` was given.
    /// - Throws: ``ImportError`` naming the first file whose id is taken.
    private static func checkImportIDs(_ configuration: Configuration, in store: any DatasetStore) throws {
        guard !configuration.replace, !configuration.imports.isEmpty else { return }
        let storedIDs = Set(try store.datasetIDs())
        if let taken = configuration.imports.first(where: { storedIDs.contains($0.id) }) {
            throw ImportError(
                file: taken.path, path: "",
                message: "dataset '\(taken.id)' already exists; pass --replace to overwrite it")
        }
    }

    /// Stores the imports in one transaction, with the samples when the store is empty (the first start).
    /// - Returns: the datasets written, as they are now stored.
    /// - Throws: ``StoreError`` or ``SQLiteError``; nothing is written then.
    static func storeImports(
        _ imported: [Dataset], configuration: Configuration, in store: any DatasetStore,
        progress: (@Sendable (String) -> Void)?
    ) throws -> [Dataset] {
        var datasets = imported
        if try !store.hasDatasets() {
            let importedIDs = Set(imported.map(\.id))
            datasets = try SampleDatasets.all.filter { !importedIDs.contains($0.id) }.map { try $0.dataset() } + imported
        }
        guard !datasets.isEmpty else { return [] }
        let started = ContinuousClock.now
        let stored = try store.insert(datasets, replacing: configuration.replace)
        progress?("stored \(datasets.count) dataset(s) in \(DatasetFileLoader.formatDuration(.now - started))")
        return stored
    }

    /// Every stored dataset in the store's order: the ones just written are used as they are (a
    /// stored dataset reads back equal to what was written; debug builds check it), the others are
    /// read from the store. A million imported rows are not read back a second time.
    /// - Throws: ``StoreError`` or ``SQLiteError``.
    private static func loadDatasets(from store: any DatasetStore, reusing written: [Dataset]) throws -> [Dataset] {
        var byID: [String: Dataset] = [:]
        for dataset in written { byID[dataset.id] = dataset }
        return try store.datasetIDs().map { id in
            if let dataset = byID.removeValue(forKey: id) {
                assert((try? store.load(id: id)) == dataset, "dataset '\(id)' does not read back as it was stored")
                return dataset
            }
            guard let dataset = try store.load(id: id) else { throw StoreError.datasetNotFound(id) }
            return dataset
        }
    }

    /// Makes stderr non-blocking when it is a pipe or a socket, so that a reader who never drains it
    /// (a parent that captured the output and only waits) cannot stall the event loops on the access
    /// log: `System.writeAll` drops what does not fit instead. A terminal or a file is left alone (a
    /// terminal's flags are shared with the shell). Nothing is written with `FileHandle` after this.
    private static func neverBlockOnStandardError() {
        var info = stat()
        guard fstat(STDERR_FILENO, &info) == 0 else { return }
        let type = info.st_mode & S_IFMT
        guard type == S_IFIFO || type == S_IFSOCK else { return }
        let flags = fcntl(STDERR_FILENO, F_GETFL)
        if flags >= 0 { _ = fcntl(STDERR_FILENO, F_SETFL, flags | O_NONBLOCK) }
    }

    /// Unblocks SIGINT and SIGTERM in this thread, before any other thread starts (threads inherit
    /// the mask): a parent may have started the process with them blocked (Foundation's `Process`
    /// does when it runs from a thread that blocks them), and a blocked SIGTERM would never stop it.
    private static func unblockTerminationSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// `--public`, else `Public/` in the working directory, else beside the executable or up to five folders
    /// above it (a build folder's package), else in the package the executable was built from (a binary
    /// copied elsewhere on the same machine); nil when the folder found holds no `table.html`.
    private static func publicDirectory(_ configuration: Configuration) -> String? {
        let fileManager = FileManager.default
        let holdsPage = { (folder: URL) in
            fileManager.fileExists(atPath: folder.appendingPathComponent("table.html").path)
        }
        if let directory = configuration.publicDirectory {
            return holdsPage(URL(fileURLWithPath: directory)) ? directory : nil
        }
        if fileManager.fileExists(atPath: "Public/table.html") {
            return fileManager.currentDirectoryPath + "/Public"
        }
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = url.appendingPathComponent("Public")
            if holdsPage(candidate) { return candidate.path }
            url.deleteLastPathComponent()
        }
        // This file is Sources/ListServer/CommandLine/Launcher.swift in the package.
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let built = package.appendingPathComponent("Public")
        return holdsPage(built) ? built.path : nil
    }

    private static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
