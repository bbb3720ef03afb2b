// ListServer — the most missed events a reconnecting client is sent
import Foundation
import HTTPServer
import ListStore
import Models

extension AppRoutes {
    /// The most missed events a reconnecting client is sent; further behind, it is told to reload.
    static let replayLimit = 1_000

    /// What a stream is sent last when the server drains for a stop: reconnect after one second (behind a
    /// load balancer, to another server), with `Last-Event-ID` as usual.
    static let drainFarewell = Array(": the server is stopping\nretry: 1000\n\n".utf8)

    /// `GET /api/datasets/{id}/events`: a `text/event-stream` that follows one dataset.
    ///
    /// The stream opens with `retry: 2000` and a `ready` event whose `id` is the version the stream
    /// continues from, with data `{"version": current, "from": that version}`. A client that sends
    /// `Last-Event-ID` (or `?lastEventId=`, for a first connection made after reading the data) at a
    /// version still in the stored history is then sent each `change` event it missed, in order;
    /// one that is further behind than ``replayLimit`` or the history, or names a version the
    /// dataset never had, is sent a `reload` event (`id` and `version`: the current version)
    /// instead. After that, one `change` event per accepted batch (`id`: the new version, data:
    /// ``PlannedBatch``'s payload), and a `: ping` comment at every heartbeat. When the server stops,
    /// the stream ends with ``drainFarewell``.
    /// - Throws: ``HTTPError`` `404` when there is no such dataset.
    func events(_ id: String, request: HTTPRequest) throws -> HTTPResponse {
        _ = try library.requireEntry(id)
        let lastSeen = Self.lastSeenVersion(request)
        let library = self.library
        if case .version(let seen) = lastSeen, seen > (library.entry(id)?.dataset.version ?? seen) {
            library.catchUp(id)  // a client that saw a later version on another process
        }
        let stream = HTTPStream(bufferLimit: library.events.streamBufferLimit, farewell: Self.drainFarewell)
        let subscribed = library.events.subscribe(datasetID: id, stream: stream) {
            guard let current = library.entry(id)?.dataset.version else { return nil }
            stream.write(
                Self.catchUp(current: current, lastSeen: lastSeen, byteLimit: stream.bufferLimit) { after, count in
                    try? library.store.events(datasetID: id, after: after, limit: count)
                })
            return current
        }
        if !subscribed { stream.close() }
        return HTTPResponse(
            status: 200,
            headers: ["Content-Type": "text/event-stream", "Cache-Control": "no-store", "X-Accel-Buffering": "no"],
            stream: stream)
    }

    /// Where a client says it is.
    enum LastSeen: Equatable {
        /// A first connection: no `Last-Event-ID`.
        case none
        /// The last version the client has.
        case version(Int64)
        /// An id that is not a version.
        case invalid
    }

    /// The `Last-Event-ID` header, else the `lastEventId` query parameter.
    static func lastSeenVersion(_ request: HTTPRequest) -> LastSeen {
        guard let text = request.headers["Last-Event-ID"] ?? request.query("lastEventId") else { return .none }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .none }
        guard let version = Int64(trimmed), version >= 0 else { return .invalid }
        return .version(version)
    }

    /// The bytes a new subscriber is sent first: `retry`, `ready`, then the missed `change` events
    /// or a `reload` event.
    /// - Parameters:
    ///   - current: The dataset's version now.
    ///   - lastSeen: Where the client says it is.
    ///   - byteLimit: Missed events that take more bytes than this are replaced by `reload`.
    ///   - history: The logged events after a version, at most a count of them, oldest first; nil
    ///     when the log cannot be read.
    /// - Complexity: O(missed events' bytes).
    static func catchUp(
        current: Int64, lastSeen: LastSeen, byteLimit: Int, history: (_ after: Int64, _ count: Int) -> [StoredEvent]?
    ) -> [UInt8] {
        var bytes = Array("retry: 2000\n\n".utf8)
        var replay: [UInt8] = []
        var from = current
        if case .version(let seen) = lastSeen, seen < current, current - seen <= Int64(replayLimit) {
            let count = Int(current - seen)
            if let missed = history(seen, count), missed.count == count,
                missed.first?.version == seen + 1, missed.last?.version == current
            {
                for event in missed {
                    replay.append(contentsOf: EventHub.message(event: "change", id: event.version, data: event.payload))
                }
                if replay.count <= byteLimit { from = seen }
            }
        }
        let resumes = lastSeen == .none || lastSeen == .version(current) || from != current
        bytes.append(contentsOf: EventHub.message(event: "ready", id: from, data: versionJSON(current, from: from)))
        if resumes {
            if from != current { bytes.append(contentsOf: replay) }
        } else {
            bytes.append(contentsOf: EventHub.message(event: "reload", id: current, data: versionJSON(current)))
        }
        return bytes
    }

    private static func versionJSON(_ version: Int64, from: Int64? = nil) -> [UInt8] {
        var json = JSONOutput()
        json.beginObject()
        json.member("version", version)
        if let from { json.member("from", from) }
        json.endObject()
        return json.bytes
    }
}
