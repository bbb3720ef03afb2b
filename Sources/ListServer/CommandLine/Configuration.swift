// ListServer — everything a run of the server is told on its command line
import HTTPServer
import ListStore
import Models

/// Everything a run of the server is told on its command line.
struct Configuration: Sendable, Equatable {
    /// One `--import [ID=]PATH`.
    struct Import: Sendable, Equatable {
        var id: String
        var path: String
        /// The list to read from a document that holds several (`PATH#KEY`); nil to find it.
        var listKey: String?
    }

    var host = "127.0.0.1"
    var port = 8080
    var dataDirectory = "./.listserver"
    /// A PostgreSQL URL (`--database`): store there, shared with other processes, instead of in SQLite.
    var databaseURL: String?
    var imports: [Import] = []
    var replace = false
    var kind: DatasetKind?
    var quiet = false
    var token: String?
    /// Host names the server answers to besides the loopback names and the listen address (`--allow-host`).
    var allowedHosts: [String] = []
    /// Where the page shell, script, styles and icons are; nil finds `Public/` beside the package.
    var publicDirectory: String?
    /// Folders where the datasets' image names resolve (`--assets`), searched in order.
    var assetDirectories: [String] = []
    /// The largest dataset a `PUT /api/datasets/{id}` may upload.
    var maxImportBytes = 256 << 20
    /// The most event streams one client address may hold open (`--max-streams-per-client`).
    var maxStreamsPerClient = 64
    /// The most connections one client address may hold open (`--max-connections-per-client`).
    var maxConnectionsPerClient = 512
    /// How the access log reads (`--log-format`).
    var logFormat = AccessLog.Format.text
    /// How long a stop on SIGTERM or SIGINT may take (`--drain-timeout`): in-flight requests finish and
    /// event streams end within it; whatever is left then is closed.
    var drainTimeout = Duration.seconds(10)
    /// The longest a replace may spend being matched and diffed before it is stored whole and pages reload
    /// (`--replace-diff-budget`).
    var replaceDiffBudget = Library.defaultReplaceDiffBudget
    var showHelp = false

    static let usage = """
        Usage: ListServer [options]

        Serves grouped, editable lists (plist or JSON datasets) as a UITableView-like web page and a JSON API.

        Options:
          --host HOST          address to listen on (default 127.0.0.1, loopback only)
          --port PORT          port to listen on; 0 picks a free port and prints it (default 8080)
          --data DIR           directory of the SQLite store (default ./.listserver)
          --database URL       store in PostgreSQL instead, e.g. postgresql://user@127.0.0.1:5432/db;
                               any number of servers given the same URL behave as one server
                               (password in the URL, PGPASSWORD or ~/.pgpass)
          --import [ID=]PATH[#KEY]
                               import a .json or .plist file (XML or binary) before serving, or an
                               app's Settings.bundle folder (or its Root.plist); repeatable.
                               #KEY picks the list of a document that holds several lists;
                               ID defaults to the file name without extensions, lower-cased,
                               other characters than letters and digits turned into '-'
          --replace            let --import overwrite a dataset that already exists
          --kind KIND          read the imports as friends, heroes, apps, messages, generic, table or settings
                               instead of detecting the kind from their keys; an empty list ([])
                               has no keys and imports only with --kind; table reads a table
                               document ({"table": {"style": ..., "sections": [...]}})
          --assets DIR         a folder where the datasets' image names (icon, image) resolve as an
                               app bundle's do: name, name@3x.png, name@2x.png, name.png, .jpg, ...;
                               repeatable, searched in order; other names are drawn as initials
          --max-import-bytes N the largest dataset PUT /api/datasets/{id} accepts (default 268435456)
          --max-streams-per-client N
                               the most event streams one client address may hold open (default 64;
                               more get 429). Behind a proxy every client has the proxy's address
          --max-connections-per-client N
                               the most connections one client address may hold open (default 512;
                               more get 503 with Retry-After). Raise it behind a proxy
          --token TOKEN        require 'Authorization: Bearer TOKEN' on every change
          --allow-host NAME    a host name the server answers to besides localhost, 127.0.0.1, [::1]
                               and the listen address; repeatable. Requests naming any other
                               host get 421, so that a foreign page cannot read or change data
          --public DIR         directory of the page's static files (default: Public/ here, else the package's)
          --drain-timeout SECONDS
                               on SIGTERM or SIGINT the server stops accepting, finishes the requests
                               in flight (answering them Connection: close), ends event streams with
                               a retry hint, then exits; what is left after SECONDS is closed (default 10)
          --replace-diff-budget SECONDS
                               the longest a PUT over an existing dataset may spend matching its rows
                               to the old ones; past it the dataset is stored whole and open pages
                               reload instead of animating a change (default 0.5)
          --log-format FORMAT  the access log as text (default) or json: one object a line with time,
                               route, method, path, status, bytes, duration_ms and connection
          --quiet              no access log
          --help               show this help

        A bad flag or a bad import exits with status 2 and leaves the data directory as it was.
        """

    /// Reads the command line.
    /// - Parameter arguments: the arguments without the program name.
    /// - Returns: the configuration; `showHelp` is set when `--help` was given.
    /// - Throws: ``UsageError`` naming the flag at fault.
    /// The hosts the server answers to: the loopback names, the listen address and `--allow-host`.
    var hostAllowlist: HostAllowlist {
        HostAllowlist(HostAllowlist.loopbackNames + [host] + allowedHosts)
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Configuration {
        var configuration = Configuration()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var flag = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw UsageError("\(flag) needs a value") }
                return next
            }
            switch flag {
            case "--host":
                configuration.host = try value()
                if configuration.host.isEmpty { throw UsageError("--host needs a non-empty address") }
            case "--port":
                let text = try value()
                guard let port = Int(text), (0...65535).contains(port) else {
                    throw UsageError("--port expects a number from 0 to 65535, found \"\(text)\"")
                }
                configuration.port = port
            case "--data":
                configuration.dataDirectory = try value()
                if configuration.dataDirectory.isEmpty { throw UsageError("--data needs a directory") }
            case "--database":
                let url = try value()
                guard PostgresStore.isDatabaseURL(url) else {
                    throw UsageError("--database expects a postgresql:// URL, found \"\(url)\"")
                }
                configuration.databaseURL = url
            case "--import":
                configuration.imports.append(try parseImport(try value()))
            case "--replace":
                configuration.replace = true
            case "--kind":
                let text = try value()
                guard let kind = DatasetKind(rawValue: text) else {
                    let kinds = DatasetKind.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError("--kind expects one of \(kinds), found \"\(text)\"")
                }
                configuration.kind = kind
            case "--token":
                configuration.token = try value()
                if configuration.token?.isEmpty ?? true { throw UsageError("--token needs a non-empty value") }
            case "--allow-host":
                let name = try value()
                guard !name.isEmpty, !name.contains("/"), !name.contains(" ") else {
                    throw UsageError("--allow-host needs a host name, such as lists.example.com; found \"\(name)\"")
                }
                configuration.allowedHosts.append(name)
            case "--public":
                configuration.publicDirectory = try value()
            case "--assets":
                let directory = try value()
                if directory.isEmpty { throw UsageError("--assets needs a directory") }
                configuration.assetDirectories.append(directory)
            case "--max-streams-per-client":
                let text = try value()
                guard let count = Int(text), count > 0 else {
                    throw UsageError("--max-streams-per-client expects a positive number, found \"\(text)\"")
                }
                configuration.maxStreamsPerClient = count
            case "--max-connections-per-client":
                let text = try value()
                guard let count = Int(text), count > 0 else {
                    throw UsageError("--max-connections-per-client expects a positive number, found \"\(text)\"")
                }
                configuration.maxConnectionsPerClient = count
            case "--max-import-bytes":
                let text = try value()
                guard let bytes = Int(text), bytes > 0 else {
                    throw UsageError("--max-import-bytes expects a positive number of bytes, found \"\(text)\"")
                }
                configuration.maxImportBytes = bytes
            case "--drain-timeout":
                let text = try value()
                guard let seconds = Double(text), seconds >= 0, seconds <= 86_400 else {
                    throw UsageError("--drain-timeout expects a number of seconds from 0 to 86400, found \"\(text)\"")
                }
                configuration.drainTimeout = .milliseconds(Int((seconds * 1_000).rounded()))
            case "--replace-diff-budget":
                let text = try value()
                guard let seconds = Double(text), seconds >= 0, seconds <= 3_600 else {
                    throw UsageError(
                        "--replace-diff-budget expects a number of seconds from 0 to 3600, found \"\(text)\"")
                }
                configuration.replaceDiffBudget = .microseconds(Int((seconds * 1_000_000).rounded()))
            case "--log-format":
                let text = try value()
                guard let format = AccessLog.Format(rawValue: text) else {
                    throw UsageError("--log-format expects text or json, found \"\(text)\"")
                }
                configuration.logFormat = format
            case "--quiet":
                configuration.quiet = true
            case "--help", "-h":
                configuration.showHelp = true
            default:
                throw UsageError("unknown option \"\(argument)\"")
            }
        }
        var seen: Set<String> = []
        for entry in configuration.imports where !seen.insert(entry.id).inserted {
            throw UsageError("two imports would both be stored as '\(entry.id)'; name one with --import ID=PATH")
        }
        return configuration
    }

    /// Reads `PATH` or `ID=PATH`, either followed by `#KEY`; the part before `=` is an id only when it
    /// looks like one, and the part after the last `#` a key only when it holds no `/`.
    private static func parseImport(_ argument: String) throws(UsageError) -> Import {
        var text = argument
        var listKey: String?
        if let hash = text.lastIndex(of: "#"), !text[text.index(after: hash)...].contains("/") {
            let key = String(text[text.index(after: hash)...])
            guard !key.isEmpty else { throw UsageError("--import \(argument): name the list after '#'") }
            listKey = key
            text = String(text[..<hash])
        }
        var entry = try parseImportPath(text)
        entry.listKey = listKey
        return entry
    }

    /// Reads `PATH` or `ID=PATH`; the part before `=` is an id when it holds no `/` (a path's folders).
    /// - Throws: ``UsageError`` for an id that no dataset may have, naming what an id may hold.
    private static func parseImportPath(_ text: String) throws(UsageError) -> Import {
        if let equals = text.firstIndex(of: "="), equals != text.startIndex, !text[..<equals].contains("/") {
            let id = String(text[..<equals])
            let path = String(text[text.index(after: equals)...])
            guard Dataset.isIdentifier(id) else {
                throw UsageError(
                    "--import \(text): '\(id)' is not a dataset id; use lower-case letters, digits, '-' and '_', "
                        + "starting and ending with a letter or a digit")
            }
            guard !path.isEmpty else { throw UsageError("--import \(text): name the file after '='") }
            return Import(id: id, path: path)
        }
        guard !text.isEmpty else { throw UsageError("--import needs a file path") }
        // A Settings bundle is named after its folder, and an app's `Settings.bundle` after the app's folder
        // that holds it (`MyApp/Settings.bundle` or its `Root.plist` → `myapp-settings`), so that it does not
        // take the place of the built-in `settings` sample.
        var parts = text.split(separator: "/").map(String.init)
        if parts.count > 1, parts[parts.count - 2].hasSuffix(".bundle"), parts[parts.count - 1].hasPrefix("Root") {
            parts.removeLast()
        }
        var name = text
        if let bundle = parts.last, bundle.hasSuffix(".bundle") {
            name = bundle == "Settings.bundle" && parts.count > 1 ? parts[parts.count - 2] + "-settings" : bundle
        }
        let id = Dataset.identifier(forFileName: name)
        guard !id.isEmpty else {
            throw UsageError("cannot make a dataset id from \"\(text)\"; name it with --import ID=PATH")
        }
        return Import(id: id, path: text)
    }
}

/// A command line that cannot be followed.
struct UsageError: Error, Equatable, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
