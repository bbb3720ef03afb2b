// ListServerTests — configuration
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("Configuration")
struct ConfigurationTests {
    @Test("no flags serve the defaults on loopback")
    func defaults() throws {
        let configuration = try Configuration.parse([])
        #expect(configuration == Configuration())
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 8080)
        #expect(configuration.dataDirectory == "./.listserver")
    }

    @Test("every flag is read, in both spellings")
    func everyFlag() throws {
        let configuration = try Configuration.parse([
            "--host", "0.0.0.0", "--port=0", "--data", "/tmp/d", "--import", "a/Big Friends.plist",
            "--import=team=/x/y.json", "--replace", "--kind", "friends", "--quiet", "--token", "t0k",
            "--public", "/srv/p", "--max-connections-per-client", "40",
        ])
        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.port == 0)
        #expect(configuration.dataDirectory == "/tmp/d")
        #expect(configuration.imports == [.init(id: "big-friends", path: "a/Big Friends.plist"),
                                          .init(id: "team", path: "/x/y.json")])
        #expect(configuration.replace && configuration.quiet)
        #expect(configuration.kind == .friends)
        #expect(configuration.token == "t0k")
        #expect(configuration.publicDirectory == "/srv/p")
        #expect(configuration.maxConnectionsPerClient == 40)
    }

    @Test("a path with an equals sign that is not an id stays a path")
    func equalsInPath() throws {
        let configuration = try Configuration.parse(["--import", "dir/a=b.json"])
        #expect(configuration.imports == [.init(id: "a-b", path: "dir/a=b.json")])
    }

    @Test("a Settings bundle is named after its folder, an app's Settings.bundle after the app's folder")
    func bundleIDs() throws {
        let paths = ["Edidown/Settings.bundle", "Edidown/Settings.bundle/", "Edidown/Settings.bundle/Root.plist",
                     "x/Prefs.bundle/Root~iphone.plist", "Settings.bundle"]
        let ids = try paths.map { try Configuration.parse(["--import", $0]).imports.first?.id }
        #expect(ids == ["edidown-settings", "edidown-settings", "edidown-settings", "prefs", "settings"])
    }

    @Test("an id may hold '_', a list may be picked after '#', and a bad id is told apart from a missing file")
    func idsAndListKeys() throws {
        let configuration = try Configuration.parse([
            "--import", "generic_order=/data/order.json", "--import", "source=/data/alt.json#apps",
            "--import", "/data/My Source.json#news", "--import", "dir/a#b/c.json",
        ])
        #expect(configuration.imports == [
            .init(id: "generic_order", path: "/data/order.json"), .init(id: "source", path: "/data/alt.json", listKey: "apps"),
            .init(id: "my-source", path: "/data/My Source.json", listKey: "news"), .init(id: "c", path: "dir/a#b/c.json"),
        ])
        #expect(throws: UsageError(
            "--import Generic_Order=/data/order.json: 'Generic_Order' is not a dataset id; use lower-case letters, "
                + "digits, '-' and '_', starting and ending with a letter or a digit")) {
            try Configuration.parse(["--import", "Generic_Order=/data/order.json"])
        }
        #expect(throws: UsageError("--import /data/alt.json#: name the list after '#'")) {
            try Configuration.parse(["--import", "/data/alt.json#"])
        }
    }

    @Test("bad flags are refused with a message naming them", arguments: [
        (["--port", "http"], "--port expects a number from 0 to 65535, found \"http\""),
        (["--port", "70000"], "--port expects a number from 0 to 65535, found \"70000\""),
        (["--kind", "cats"], "--kind expects one of friends, heroes, apps, messages, generic, table, settings, found \"cats\""),
        (["--data"], "--data needs a value"),
        (["--max-connections-per-client", "0"], "--max-connections-per-client expects a positive number, found \"0\""),
        (["--frobnicate"], "unknown option \"--frobnicate\""),
        (["--import", "a.json", "--import", "b/a.plist"],
         "two imports would both be stored as 'a'; name one with --import ID=PATH"),
        (["--import", "好友.json"], "cannot make a dataset id from \"好友.json\"; name it with --import ID=PATH"),
    ])
    func badFlags(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try Configuration.parse(arguments) }
    }

    @Test("--help is reported, not refused")
    func help() throws {
        #expect(try Configuration.parse(["--help"]).showHelp)
    }
}
