// ListServerTests — window API
import Foundation
import HTTPServer
import ListRender
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

/// Windows through the JSON API compared with a linear scan of the whole layout.
@Suite("Window API")
struct WindowAPITests {
    private static func library(in directory: String) throws -> Library {
        var groups: [String] = []
        var random = SplitMix64(seed: 42)
        for group in 0..<40 {
            let count = Int.random(in: 0...30, using: &random)
            let rows = (0..<count).map { #"{"name":"F\#(group)-\#($0)","icon":"friend-01","vip":false}"# }
            groups.append(#"{"name":"G\#(group)","online":0,"friends":[\#(rows.joined(separator: ","))]}"#)
        }
        let json = "[\(groups.joined(separator: ","))]"
        let dataset = try DatasetImporter.importDataset(Array(json.utf8), using: DatasetDecoder(file: "f", id: "big"))
        let store = try SQLiteStore(directory: directory)
        try store.insert([dataset], replacing: false)
        return Library(store: store, datasets: [dataset])
    }

    /// Runs `body` with the library of ``library(in:)`` in a new directory and the app's routes over it.
    private static func withRoutes(_ body: (Library, AppRoutes) throws -> Void) throws {
        try StoreFixtures.withDirectory { directory in
            let library = try Self.library(in: directory)
            defer { library.store.close() }
            let routes = AppRoutes(library: library, policy: MutationPolicy(), files: StaticFiles(root: directory))
            try body(library, routes)
        }
    }

    private static func window(_ routes: AppRoutes, _ query: String) throws -> Fields {
        let response = routes.router.respond(
            to: try HTTPRequest(target: "/api/datasets/big/window?\(query)"), problemPaths: AppRoutes.problemPaths)
        #expect(response.status == 200)
        guard case .dict(let fields) = try JSONReader.read(response.bodyBytes) else {
            Issue.record("the window is not a JSON object")
            return Fields()
        }
        return fields
    }

    private static func number(_ value: FieldValue?) -> Double { value?.doubleValue ?? .nan }

    @Test("rows, headers and the pinned header of random windows match a linear scan of the layout")
    func randomWindowsMatchLinearScan() throws {
        try Self.withRoutes { library, routes in
            let entry = try #require(library.entry("big"))
            var random = SplitMix64(seed: 7)
            let sectionIDs = entry.dataset.sections.map(\.id)
            for round in 0..<60 {
                let expandedIDs = Set(sectionIDs.filter { _ in Bool.random(using: &random) })
                let expanded = expandedIDs.isEmpty ? "none" : expandedIDs.map(\.description).joined(separator: ",")
                let layout = entry.metrics.layout(of: entry.dataset)
                    .withExpandedSections(sectionIDs.map { expandedIDs.contains($0) })
                let top = Double.random(in: -100...(layout.contentHeight + 100), using: &random).rounded()
                let height = Double([300, 800, 1200][round % 3])
                let overscan = Double([0, 100, 400][round % 3])
                let json = try Self.window(
                    routes, "top=\(top)&height=\(height)&overscan=\(overscan)&expanded=\(expanded)")
                #expect(Self.number(json["contentHeight"]) == layout.contentHeight)

                let low = top - overscan
                let high = top + height + overscan
                var expectedRows: [Int64] = []
                var expectedHeaders: [Int] = []
                for section in 0..<layout.numberOfSections {
                    let header = layout.rectForHeader(inSection: section)
                    if header.height > 0 && header.maxY > low && header.y < high { expectedHeaders.append(section) }
                    guard expandedIDs.contains(sectionIDs[section]) else { continue }
                    for row in 0..<layout.numberOfRows(inSection: section) {
                        let frame = try #require(layout.rectForRow(at: IndexPath(row: row, section: section)))
                        if frame.maxY > low && frame.y < high {
                            expectedRows.append(entry.dataset.sections[section].rows[row].id.rawValue)
                        }
                    }
                }
                let rows = json["rows"]?.arrayValue ?? []
                #expect(rows.compactMap { row -> Int64? in
                    if case .int(let id) = row.dictValue?["id"] { return id }
                    return nil
                } == expectedRows, "rows of window \(round) at \(top)")
                for row in rows {
                    let fields = try #require(row.dictValue)
                    let path = IndexPath(row: Int(Self.number(fields["row"])), section: Int(Self.number(fields["section"])))
                    let frame = try #require(layout.rectForRow(at: path))
                    #expect(Self.number(fields["y"]) == frame.y && Self.number(fields["height"]) == frame.height)
                }
                let headers = (json["headers"]?.arrayValue ?? []).map { Int(Self.number($0.dictValue?["section"])) }
                #expect(headers == expectedHeaders, "headers of window \(round)")

                let pinnedSection = layout.section(at: max(0, top)).flatMap {
                    layout.headerHeight(inSection: $0) > 0 && top >= 0 && top < layout.contentHeight ? $0 : nil
                }
                let pinned = json["pinnedHeader"]?.dictValue.map { Int(Self.number($0["section"])) }
                #expect(pinned == pinnedSection, "pinned header of window \(round) at \(top)")
            }
        }
    }

    @Test("collapsed sections keep their headers and show no rows; the default collapses friend groups")
    func collapsedSectionsShowHeadersOnly() throws {
        try Self.withRoutes { _, routes in
            let json = try Self.window(routes, "top=0&height=20000")
            #expect(json["rows"]?.arrayValue?.isEmpty == true)
            #expect(json["headers"]?.arrayValue?.count == 40)
            #expect(Self.number(json["contentHeight"]) == 40 * 44)
            #expect(json["expanded"] == .string("none"))
        }
    }

    @Test("bad window parameters get a 400 problem naming the parameter", arguments: [
        "top=abc", "height=-1", "height=1e9", "overscan=99999", "top=nan", "expanded=1,,x",
    ])
    func badParameters(query: String) throws {
        try Self.withRoutes { _, routes in
            let response = routes.router.respond(
            to: try HTTPRequest(target: "/api/datasets/big/window?\(query)"), problemPaths: AppRoutes.problemPaths)
            #expect(response.status == 400)
            #expect(response.headers["Content-Type"] == "application/problem+json")
        }
    }
}
