// ListServerTests — fragments written from rows lent by the dataset, against the rows built as values
import Foundation
import HTTPServer
import ListRender
import Models
import Testing

@testable import ListServer

@Suite("Fragments written from lent rows read as the rows built as values")
struct LentFragmentTests {
    /// Image names as an app bundle holds them: some in the built-in icons, some nowhere, one a number
    /// (KVC), one with characters a URL escapes; `icon` before `image`.
    static let images = #"""
        [{"title":"Bundle","rows":[
          {"title":"One","image":"friend-01"},{"title":"Two","image":"no-such-image"},
          {"title":"Three","icon":"app-03","image":"friend-02"},{"title":"Four","icon":42},
          {"title":"Five & <six>","image":"a b/ü.png"},{"title":"Six","icon":"no-such-icon","image":"app-01"},
          {"title":"Seven"}]},
         {"title":"Again","rows":[{"title":"Eight","image":"friend-01"},{"title":"Nine","image":"no-such-image"}]}]
        """#

    static let queries = [
        "top=0&height=3000&expanded=all", "top=250&height=400&overscan=50&expanded=all", "top=0&height=900",
        "editing=true&expanded=all&height=3000", "q=a&expanded=all&height=3000", "expanded=none",
        "width=320&height=2000",
    ]

    @Test("every sample, and image names as a bundle holds them, written lent equal the rows built as values")
    func lentEqualsBuilt() throws {
        let samples = SampleDatasets.all.filter { !$0.isSettingsBundle }.map { ($0.id, $0.json) }
        let bundles = try SampleDatasets.all.filter(\.isSettingsBundle).map { try $0.dataset() }
        let api = try APIFixture(
            datasets: samples + [("images", Self.images), ("teams", APIFixture.teams)], imported: bundles)
        let assets = AssetCatalog(directories: [], publicDirectory: ServerProcess.publicDirectory)
        var rowsWritten = 0
        for id in samples.map(\.0) + bundles.map(\.id) + ["images", "teams"] {
            let entry = try api.library.requireEntry(id)
            for query in Self.queries {
                let request = try WindowRequest(HTTPRequest(target: "/d/\(id)/fragment?\(query)"))
                let view = WindowView(searching: entry, request: request)
                let built = view.fragmentWindow(assets: assets)
                let lent = view.fragment(assets: assets)
                #expect(lent == FragmentRenderer.render(built), "\(id) \(query)")
                rowsWritten += built.rows.count
            }
        }
        #expect(rowsWritten > 200)
    }

    @Test("a bundle's image names resolve to the built-in icons or to placeholders, the same on every window")
    func imageNamesResolve() throws {
        let api = try APIFixture(datasets: [("images", Self.images)])
        let assets = AssetCatalog(directories: [], publicDirectory: ServerProcess.publicDirectory)
        let entry = try api.library.requireEntry("images")
        let request = try WindowRequest(HTTPRequest(target: "/d/images/fragment?expanded=all&height=3000"))
        // The first window resolves the names; the second finds them in the catalogue's table.
        func fragment() -> String {
            String(decoding: WindowView(entry: entry, request: request).fragment(assets: assets), as: UTF8.self)
        }
        let first = fragment()
        let second = fragment()
        #expect(first == second)
        let rows = WindowView(entry: entry, request: request).fragmentWindow(assets: assets).rows
        #expect(rows.map(\.imageURL) == [
            "/icons/friend-01.svg", nil, "/icons/app-03.svg", nil, nil, nil, nil, "/icons/friend-01.svg", nil,
        ])
        #expect(first.components(separatedBy: "src=\"/icons/friend-01.svg\"").count == 3)
        #expect(first.contains("src=\"/icons/app-03.svg\""))
        #expect(!first.contains("app-01"))
        #expect(first.components(separatedBy: "class=\"icon ph\"").count == 6)
    }

    @Test("a section's title read where the section keeps it is the metrics' title, for every kind of dataset")
    func lentTitlesAgree() throws {
        let samples = SampleDatasets.all.filter { !$0.isSettingsBundle }.map { ($0.id, $0.json) }
        let bundles = try SampleDatasets.all.filter(\.isSettingsBundle).map { try $0.dataset() }
        // Group titles as a number (KVC), empty, absent, and beside a name.
        let titles = #"[{"title":12,"rows":[{"title":"a"}]},{"title":"","rows":[{"title":"b"}]},"#
            + #"{"rows":[{"title":"c"}]},{"name":"Named","title":"Titled","rows":[{"title":"d"}]}]"#
        let api = try APIFixture(
            datasets: samples + [("images", Self.images), ("teams", APIFixture.teams), ("titles", titles)],
            imported: bundles)
        var kinds: Set<DatasetKind> = []
        for id in samples.map(\.0) + bundles.map(\.id) + ["images", "teams", "titles"] {
            let entry = try api.library.requireEntry(id)
            kinds.insert(entry.dataset.kind)
            for section in entry.dataset.sections {
                let lent = withUnsafePointer(to: section) {
                    TableMetrics.withTitle(of: $0, kind: entry.dataset.kind) { String(decoding: $0, as: UTF8.self) }
                }
                #expect(lent == entry.metrics.title(of: section), "\(id) \(section.id)")
            }
        }
        #expect(kinds.count >= 6)
        let lentTitles = try api.library.requireEntry("titles").dataset.sections.map { section in
            withUnsafePointer(to: section) {
                TableMetrics.withTitle(of: $0, kind: .generic) { String(decoding: $0, as: UTF8.self) }
            }
        }
        #expect(lentTitles == ["12", "", "", "Named"])
    }

    @Test("a friends header lent to the renderer shows its group's title, online count, rows and toggling link")
    func friendsHeaders() throws {
        let api = try APIFixture()
        let entry = try api.library.requireEntry("friends")
        let assets = AssetCatalog(directories: [], publicDirectory: ServerProcess.publicDirectory)
        let request = try WindowRequest(HTTPRequest(target: "/d/friends/fragment?expanded=all&height=5000"))
        let view = WindowView(entry: entry, request: request)
        let html = String(decoding: view.fragment(assets: assets), as: UTF8.self)
        let sections = entry.dataset.sections
        #expect(sections.count > 2 && view.window.headers.count > 1)
        for (index, header) in view.window.headers.enumerated() {
            let section = sections[header.section]
            let online = section.fields["online"]?.integer ?? 0
            #expect(html.contains(#"<span class="hn">\#(online) / \#(section.rows.count)</span>"#), "\(index)")
            let top = header.frame.y > 0 ? "top=\(Int(header.frame.y))&amp;" : ""
            let others = sections.map(\.id).filter { $0 != section.id }
            let expanded = ExpandedSections.ranges(of: others).map {
                $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)"
            }.joined(separator: ",")
            let title = entry.metrics.title(of: section)
            #expect(html.contains(#"href="/d/friends?\#(top)expanded=\#(expanded)">\#(title)</a>"#), "\(index)")
        }
    }
}
