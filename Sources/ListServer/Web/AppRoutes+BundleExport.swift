// Web — a Settings bundle downloaded whole, as one ZIP archive of its folder
import HTTPServer
import Models

extension AppRoutes {
    /// The `format` of ``export(_:_:)`` that downloads a Settings bundle whole.
    static let bundleExportFormat = "bundle"

    /// `GET /api/datasets/{id}/export?format=bundle`: a Settings bundle's folder as one ZIP archive
    /// (`Settings.bundle.zip`, `application/zip`) holding `Root.plist`, the page of every child pane, with the
    /// current values as `DefaultValue`, and the strings tables and images the import kept
    /// (``SettingsExport/bundleArchive(of:)``). Built on a worker once per version and kept, as other exports.
    /// - Throws: ``HTTPError`` `422` for a dataset that is not a Settings bundle.
    func exportBundle(_ entry: DatasetEntry, _ request: HTTPRequest) throws -> HTTPResponse {
        guard entry.dataset.kind == .settings else {
            throw HTTPError(
                422, type: "/api/openapi.json#/components/responses/Unexportable", title: "Cannot be exported",
                detail: "'\(entry.dataset.id)' is a \(entry.dataset.kind.rawValue) list: only Settings bundles "
                    + "export as a bundle")
        }
        let folder = entry.dataset.shape.document?[SettingsBundle.folderKey]?.stringValue ?? "Settings"
        let file = Self.attachmentName(folder)
        let answer = { @Sendable (bytes: [UInt8]) -> HTTPResponse in
            var response = HTTPResponse(status: 200, body: bytes)
            response.headers.set("Content-Type", "application/zip")
            response.headers.set("Content-Disposition", "attachment; filename=\"\(file).bundle.zip\"")
            response.headers.set("Cache-Control", "no-store")
            return response
        }
        let key = ExportCache.Key(tag: entry.tag, format: Self.bundleExportFormat, pane: "")
        if let kept = exports.bytes(for: key) { return answer(kept) }
        let exports = exports
        let dataset = entry.dataset
        return workers.respond(
            to: request, coalescing: "export \(key)",
            work: {
                let bytes = SettingsExport.bundleArchive(of: dataset).bytes
                exports.keep(bytes, for: key)
                return bytes
            },
            answer: answer)
    }
}
