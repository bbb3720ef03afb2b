// ListServerTests — table documents as deep as a page can open them, and no deeper
import Foundation
import HTTPServer
import Models
import TestSupport
import Testing

@testable import ListServer

/// A table document whose one row opens a child table `depth` times over, the last one holding "Leaf".
private func nested(_ depth: Int) -> String {
    var table = #"{"sections": [{"rows": [{"text": "Leaf"}]}]}"#
    for level in (0..<depth).reversed() {
        table = #"{"sections": [{"rows": [{"text": "Level \#(level)", "table": \#(table)}]}]}"#
    }
    return #"{"table": \#(table)}"#
}

@Suite("Child tables as deep as child= opens")
struct APIChildDepthTests {
    @Test("a document nested as deep as child= takes imports, and its deepest table opens by its address")
    func deepestOpens() throws {
        let depth = TableDocument.maximumChildDepth
        let api = try APIFixture(datasets: [("deep", nested(depth))])
        var address = ""
        for level in 0..<depth {
            let window = try jsonBody(api.get("/api/datasets/deep/window?top=0&height=400" + (address.isEmpty ? "" : "&child=" + address)))
            let row = try #require(window["rows"]?.arrayValue?.first?.dictValue)
            #expect(row["fields"]?.dictValue?["text"]?.stringValue == "Level \(level)")
            address = try #require(row["child"]?.stringValue)
        }
        #expect(address.split(separator: "~").count == depth)
        let leaf = try api.get("/api/datasets/deep/window?top=0&height=400&child=" + address)
        #expect(leaf.status == 200)
        let text = try jsonBody(leaf)["rows"]?.arrayValue?.first?.dictValue?["fields"]?.dictValue?["text"]?.stringValue
        #expect(text == "Leaf")
        #expect(try api.get("/d/deep?child=" + address).status == 200)
    }

    @Test("a document nested deeper is refused with the key path of the table too deep, and nothing is stored")
    func deeperRefused() throws {
        let api = try APIFixture(datasets: [("deep", nested(1))])
        let response = try api.send("PUT", "/api/datasets/deeper", body: nested(TableDocument.maximumChildDepth + 1))
        #expect(response.status == 422)
        let detail = try jsonBody(response)["detail"]?.stringValue ?? ""
        #expect(detail.contains("nest at most \(TableDocument.maximumChildDepth) deep"), "\(detail)")
        let path = "table" + String(repeating: ".sections[0].rows[0].table", count: TableDocument.maximumChildDepth + 1)
        #expect(detail.contains(path), "\(detail)")
        #expect(api.library.entry("deeper") == nil)
    }
}
