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
        return Self.eventStreamResponse(stream)
    }

    /// `GET /api/events?datasets=friends:12,heroes,apps:3`: one `text/event-stream` that follows several
    /// datasets, each from its own last event id (`:version`; none: from now), as one stream per browser
    /// needs: the tab that leads holds it for every dataset the browser's tabs show.
    ///
    /// The events are those of ``events(_:request:)`` for each dataset, one `retry` for all, with ids
    /// `<dataset>:<version>` and the dataset in the data of `ready` and `reload`; a `change` event's bytes are
    /// otherwise the same. A dataset that does not exist is sent one `reload` with `"deleted": true` (id: its
    /// name) and not followed; one deleted later, likewise. `Last-Event-ID` is not read: the query names
    /// where each dataset resumes.
    /// - Throws: ``HTTPError`` `400` when `datasets` is missing, names more than ``multiplexLimit``
    ///   datasets, names one twice, or is not `id[:version]` separated by commas.
    func multiplexedEvents(request: HTTPRequest) throws -> HTTPResponse {
        let wanted = try Self.followedDatasets(request.query("datasets"))
        let library = self.library
        for (id, seen) in wanted {
            if case .version(let seen) = seen, seen > (library.entry(id)?.dataset.version ?? seen) {
                library.catchUp(id)  // a client that saw a later version on another process
            }
        }
        let stream = HTTPStream(bufferLimit: library.events.streamBufferLimit, farewell: Self.drainFarewell)
        let subscribed = library.events.subscribe(stream: stream, format: .multiplexed) {
            stream.write(Self.retry)
            var versions: [String: Int64] = [:]
            for (id, seen) in wanted {
                guard let current = library.entry(id)?.dataset.version else {
                    stream.write(EventHub.reloadMessage(id, version: nil, .multiplexed))
                    continue
                }
                stream.write(
                    Self.catchUp(
                        current: current, lastSeen: seen, byteLimit: stream.bufferLimit, dataset: id
                    ) { after, count in
                        try? library.store.events(datasetID: id, after: after, limit: count)
                    })
                versions[id] = current
            }
            return versions
        }
        if !subscribed { stream.close() }
        return Self.eventStreamResponse(stream)
    }

    /// The most datasets one `GET /api/events` follows.
    static let multiplexLimit = 64

    /// The datasets of `GET /api/events?datasets=…`, in the order named, each with where it resumes.
    /// - Throws: ``HTTPError`` `400` (see ``multiplexedEvents(request:)``).
    static func followedDatasets(_ text: String?) throws -> [(id: String, seen: LastSeen)] {
        guard let text, !text.isEmpty else {
            throw HTTPError(400, detail: "name the datasets to follow: datasets=friends:12,heroes (id[:last event id])")
        }
        var followed: [(id: String, seen: LastSeen)] = []
        var named: Set<String> = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let id = String(parts[0])
            var seen = LastSeen.none
            if parts.count == 2 {
                guard let version = Int64(parts[1]), version >= 0 else {
                    throw HTTPError(400, detail: "'\(item)' in datasets: the last event id after ':' must be a version")
                }
                seen = .version(version)
            }
            let allowed = { (byte: UInt8) in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
            guard !id.isEmpty, id.utf8.allSatisfy(allowed) else {
                throw HTTPError(400, detail: "'\(item)' in datasets is not id[:version]")
            }
            guard named.insert(id).inserted else {
                throw HTTPError(400, detail: "'\(id)' is named twice in datasets")
            }
            followed.append((id, seen))
        }
        guard followed.count <= multiplexLimit else {
            throw HTTPError(
                400, detail: "datasets names \(followed.count) datasets; one stream follows at most \(multiplexLimit)")
        }
        return followed
    }

    /// What a new stream is sent first: reconnect after 2 s.
    static let retry = Array("retry: 2000\n\n".utf8)

    private static func eventStreamResponse(_ stream: HTTPStream) -> HTTPResponse {
        HTTPResponse(
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

    /// The bytes a new subscriber is sent for a dataset: `retry` (in a dataset's own stream), `ready`, then
    /// the missed `change` events or a `reload` event.
    /// - Parameters:
    ///   - dataset: The dataset, in a stream of several (ids `<dataset>:<version>`); nil in a dataset's own.
    ///   - current: The dataset's version now.
    ///   - lastSeen: Where the client says it is.
    ///   - byteLimit: Missed events that take more bytes than this are replaced by `reload`.
    ///   - history: The logged events after a version, at most a count of them, oldest first; nil
    ///     when the log cannot be read.
    /// - Complexity: O(missed events' bytes).
    static func catchUp(
        current: Int64, lastSeen: LastSeen, byteLimit: Int, dataset: String? = nil,
        history: (_ after: Int64, _ count: Int) -> [StoredEvent]?
    ) -> [UInt8] {
        let format: EventHub.Format = dataset == nil ? .dataset : .multiplexed
        func id(_ version: Int64) -> String { EventHub.eventID(dataset ?? "", version, format) }
        var bytes = dataset == nil ? retry : []
        var replay: [UInt8] = []
        var from = current
        if case .version(let seen) = lastSeen, seen < current, current - seen <= Int64(replayLimit) {
            let count = Int(current - seen)
            if let missed = history(seen, count), missed.count == count,
                missed.first?.version == seen + 1, missed.last?.version == current
            {
                for event in missed {
                    replay.append(
                        contentsOf: EventHub.message(event: "change", id: id(event.version), data: event.payload))
                }
                if replay.count <= byteLimit { from = seen }
            }
        }
        let resumes = lastSeen == .none || lastSeen == .version(current) || from != current
        bytes.append(
            contentsOf: EventHub.message(event: "ready", id: id(from), data: versionJSON(current, from: from, dataset)))
        if resumes {
            if from != current { bytes.append(contentsOf: replay) }
        } else {
            bytes.append(contentsOf: EventHub.reloadMessage(dataset ?? "", version: current, format))
        }
        return bytes
    }

    private static func versionJSON(_ version: Int64, from: Int64? = nil, _ dataset: String?) -> [UInt8] {
        var json = JSONOutput()
        json.beginObject()
        if let dataset { json.member("dataset", dataset) }
        json.member("version", version)
        if let from { json.member("from", from) }
        json.endObject()
        return json.bytes
    }
}
