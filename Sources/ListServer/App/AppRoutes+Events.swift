// ListServer — ListServer
import Models

extension AppRoutes {
    /// The most missed events a reconnecting client is sent; further behind, it is told to reload.
    static let replayLimit = 1_000

    /// `GET /api/datasets/{id}/events`: a `text/event-stream` of `change` events, resumed after
    /// `Last-Event-ID` (or `?lastEventId=`) from the stored history, or a `reload` event when the
    /// client is further behind than the history reaches.
    func events(_ id: String, request: HTTPRequest) throws -> HTTPResponse {
        _ = try library.requireEntry(id)
        let lastSeen = (request.headers["Last-Event-ID"] ?? request.query("lastEventId")).flatMap { Int64($0) }
        let stream = HTTPStream(bufferLimit: 256 << 10)
        let library = self.library
        library.events.subscribe(datasetID: id, stream: stream) {
            guard let current = library.entry(id)?.dataset.version else { return false }
            var hello = JSONOutput()
            hello.beginObject()
            hello.member("version", current)
            hello.endObject()
            _ = stream.write("retry: 2000\n\n")
            _ = stream.write(EventHub.message(event: "ready", id: nil, data: hello.bytes))
            guard let lastSeen, lastSeen != current else { return true }
            let missed = lastSeen < current
                ? (try? library.store.events(datasetID: id, after: lastSeen, limit: Self.replayLimit)) : nil
            if let missed, missed.first?.version == lastSeen + 1, missed.last?.version == current {
                for event in missed {
                    _ = stream.write(EventHub.message(event: "change", id: event.version, data: event.payload))
                }
            } else {
                _ = stream.write(EventHub.message(event: "reload", id: current, data: hello.bytes))
            }
            return true
        }
        return HTTPResponse(
            status: 200,
            headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-store", "X-Accel-Buffering": "no"],
            stream: stream)
    }
}
