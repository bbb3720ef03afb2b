// Library — who follows which dataset
import Foundation
import HTTPServer
import Synchronization
import SystemSupport

/// The open event streams (`GET /api/datasets/{id}/events`, and `GET /api/events`, which follows several
/// datasets in one stream): each accepted batch is written to all of its dataset's subscribers at once.
///
/// Streams live on the event loops, not on threads: a subscriber costs a connection and a small
/// buffer, and writing to it never blocks. An event is one ``StreamMessage`` for every subscriber of a format
/// (one buffer, compressed once); a subscriber more than ``streamBufferLimit`` behind is sent a `reload` in
/// place of what waits for it, so it costs no more memory however far behind it falls.
/// Where a subscriber's events go: written from any thread without blocking, closed by either side.
/// The web layer's `HTTPStream` is one.
protocol EventStream: AnyObject, Sendable {
    /// Queues bytes for the subscriber.
    /// - Returns: false when the stream no longer takes any (closed, gone, or too slow).
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool
    /// Queues a message that other streams share or, when more than the stream's limit already waits,
    /// `catchUp`'s messages in place of what waits (nil: leave `message` out).
    func write(_ message: StreamMessage, fallingBehind catchUp: (() -> [StreamMessage])?) -> StreamDelivery
    /// Ends the stream.
    func close()
    /// Runs `callback` once when the stream ends, for any reason.
    func onClose(_ callback: @escaping @Sendable () -> Void)
}

extension EventStream {
    /// For a stream with no limit of its own: the message's bytes, as any write.
    func write(_ message: StreamMessage, fallingBehind catchUp: (() -> [StreamMessage])?) -> StreamDelivery {
        write(message.bytes) ? .queued : .refused
    }
}

final class EventHub: Sendable {
    /// How a stream names its events.
    enum Format: Sendable {
        /// One dataset's stream: `id: <version>`.
        case dataset
        /// A stream of several datasets (`GET /api/events`): `id: <dataset>:<version>`, and the dataset in the
        /// data of `ready` and `reload`.
        case multiplexed
    }

    private struct Subscription: Sendable {
        let stream: any EventStream
        let format: Format
        /// The last version of each dataset followed that this stream was sent, by its catch-up or by a
        /// publication; a publication of this version or an older one is not sent again.
        var versions: [String: Int64]
    }

    private struct State: Sendable {
        var nextID: UInt64 = 0
        var subscriptions: [UInt64: Subscription] = [:]
        /// The subscriptions that follow each dataset.
        var followers: [String: Set<UInt64>] = [:]
        var isClosed = false
        /// Bumped to end the running heartbeat thread.
        var heartbeatGeneration: UInt64 = 0

        mutating func remove(_ id: UInt64) {
            guard let subscription = subscriptions.removeValue(forKey: id) else { return }
            for dataset in subscription.versions.keys {
                followers[dataset]?.remove(id)
                if followers[dataset]?.isEmpty == true { followers[dataset] = nil }
            }
        }
    }

    private let state = Mutex(State())
    private let bufferLimit = Atomic<Int>(256 << 10)
    private let catchUps = Atomic<Int>(0)

    /// The comment line sent as a heartbeat.
    static let heartbeatMessage = Array(": ping\n\n".utf8)
    private static let heartbeat = StreamMessage(heartbeatMessage)

    init() {}

    /// The most bytes that may wait for a slow client (256 KiB by default): past it, what waits is replaced by a
    /// `reload`. A single event larger than this is still sent to a client that has caught up.
    var streamBufferLimit: Int {
        get { bufferLimit.load(ordering: .relaxed) }
        set { bufferLimit.store(max(1, newValue), ordering: .relaxed) }
    }

    /// The number of times a stream fell behind and was sent a `reload` in place of what waited.
    var fallenBehindCount: Int { catchUps.load(ordering: .relaxed) }

    /// The number of open subscriptions over all datasets (a stream of several datasets counts once for each).
    var subscriberCount: Int {
        state.withLock { $0.followers.values.reduce(0) { $0 + $1.count } }
    }

    /// The number of open subscriptions to one dataset.
    func subscriberCount(datasetID: String) -> Int {
        state.withLock { $0.followers[datasetID]?.count ?? 0 }
    }

    /// The number of open streams, whatever the datasets each follows.
    var streamCount: Int {
        state.withLock { $0.subscriptions.count }
    }

    /// Adds a stream to a dataset's subscribers; it leaves by itself when the stream ends.
    ///
    /// `open` runs under the hub's lock, so no event is published between the catch-up it writes
    /// and the subscription; an event it already covered is not sent twice.
    /// - Parameters:
    ///   - datasetID: The dataset to follow.
    ///   - stream: Where events are written.
    ///   - open: Writes the greeting and the missed events to `stream` and returns the version the
    ///     stream is then at; nil refuses the subscription. It must not block for long.
    /// - Returns: false when the subscription was refused by `open` or because the hub is closed.
    /// - Complexity: O(1) besides `open`.
    @discardableResult
    func subscribe(datasetID: String, stream: any EventStream, open: () -> Int64?) -> Bool {
        subscribe(stream: stream, format: .dataset) { open().map { [datasetID: $0] } }
    }

    /// Adds a stream that follows several datasets; it leaves by itself when the stream ends.
    /// - Parameters:
    ///   - stream: Where events are written.
    ///   - format: How its events are named.
    ///   - open: Writes the greeting and the missed events of every dataset to `stream` and returns the version
    ///     the stream is then at for each dataset it follows; nil refuses the subscription. Runs under the
    ///     hub's lock, so no event is published between the catch-up and the subscription.
    /// - Returns: false when the subscription was refused by `open` or because the hub is closed.
    /// - Complexity: O(datasets) besides `open`.
    @discardableResult
    func subscribe(stream: any EventStream, format: Format, open: () -> [String: Int64]?) -> Bool {
        let id: UInt64? = state.withLock { state in
            guard !state.isClosed, let versions = open() else { return nil }
            state.nextID += 1
            state.subscriptions[state.nextID] = Subscription(stream: stream, format: format, versions: versions)
            for dataset in versions.keys { state.followers[dataset, default: []].insert(state.nextID) }
            return state.nextID
        }
        guard let id else { return false }
        stream.onClose { [weak self] in self?.state.withLock { $0.remove(id) } }
        return true
    }

    /// Sends one `change` event to every subscriber of a dataset that has not been sent `version`
    /// yet: one message for every stream of a format, made only when a stream of that format follows the
    /// dataset. Never blocks: streams queue the message for their event loops; a stream that is behind gets a
    /// `reload` in place of what waits.
    /// - Parameters:
    ///   - datasetID: The dataset that changed.
    ///   - version: Its new version, the event's `id`.
    ///   - payload: The event's JSON.
    /// - Complexity: O(subscribers of the dataset + payload bytes).
    func publish(datasetID: String, version: Int64, payload: [UInt8]) {
        var messages: [Format: StreamMessage] = [:]
        func message(_ format: Format) -> StreamMessage {
            if let made = messages[format] { return made }
            let id = Self.eventID(datasetID, version, format)
            let made = StreamMessage(Self.message(event: "change", id: id, data: payload))
            messages[format] = made
            return made
        }
        state.withLock { state in
            for id in state.followers[datasetID] ?? [] {
                guard var subscription = state.subscriptions[id], subscription.versions[datasetID, default: 0] < version
                else { continue }
                subscription.versions[datasetID] = version
                write(message(subscription.format), to: subscription, id: id, &state)
            }
        }
    }

    /// Writes a message to a subscription and keeps its new versions; past the stream's limit, one `reload`
    /// for each dataset it follows, at the versions it was sent, takes the place of what waits. A stream that
    /// is closed leaves.
    private func write(_ message: StreamMessage, to subscription: Subscription, id: UInt64, _ state: inout State) {
        let versions = subscription.versions
        let format = subscription.format
        switch subscription.stream.write(message, fallingBehind: { Self.reloads(versions, format) }) {
        case .queued, .skipped:
            state.subscriptions[id] = subscription
        case .replaced:
            state.subscriptions[id] = subscription
            catchUps.add(1, ordering: .relaxed)
        case .refused:
            state.remove(id)
        }
    }

    /// One `reload` event per dataset, at the version given.
    private static func reloads(_ versions: [String: Int64], _ format: Format) -> [StreamMessage] {
        versions.sorted { $0.key < $1.key }.map { dataset, version in
            StreamMessage(reloadMessage(dataset, version: version, format))
        }
    }

    /// A `reload` event: `id` and `version` the dataset's version (nil when it was deleted).
    static func reloadMessage(_ datasetID: String, version: Int64?, _ format: Format) -> [UInt8] {
        var json = JSONOutput()
        json.beginObject()
        if format == .multiplexed { json.member("dataset", datasetID) }
        if let version { json.member("version", version) } else { json.key("version"); json.null() }
        if version == nil { json.member("deleted", true) }
        json.endObject()
        let id = version.map { eventID(datasetID, $0, format) } ?? (format == .multiplexed ? datasetID : nil)
        return message(event: "reload", id: id, data: json.bytes)
    }

    /// An event's `id`: the version, or in a stream of several datasets `<dataset>:<version>`.
    static func eventID(_ datasetID: String, _ version: Int64, _ format: Format) -> String {
        format == .dataset ? String(version) : "\(datasetID):\(version)"
    }

    /// Tells every subscriber of a dataset that its content was replaced or deleted: one `reload`
    /// event whose `id` and `version` are the dataset's version now (nil when it was deleted: a stream of
    /// that dataset alone is then closed after it; a stream of several stops following it).
    /// - Complexity: O(subscribers of the dataset).
    func reload(datasetID: String, version: Int64?) {
        var messages: [Format: StreamMessage] = [:]
        let closing = state.withLock { state -> [any EventStream] in
            var closing: [any EventStream] = []
            for id in state.followers[datasetID] ?? [] {
                guard var subscription = state.subscriptions[id] else { continue }
                let format = subscription.format
                let message = messages[format] ?? StreamMessage(Self.reloadMessage(datasetID, version: version, format))
                messages[format] = message
                if let version { subscription.versions[datasetID] = version }
                write(message, to: subscription, id: id, &state)
                guard version == nil else { continue }
                if format == .dataset {
                    closing.append(subscription.stream)
                    state.remove(id)
                } else if var left = state.subscriptions[id] {
                    left.versions[datasetID] = nil
                    state.subscriptions[id] = left
                }
            }
            if version == nil { state.followers[datasetID] = nil }
            return closing
        }
        for stream in closing { stream.close() }
    }

    /// Writes a comment line to every stream, so that proxies and clients see the connection alive
    /// and a connection whose peer vanished without a word is found out by the kernel.
    func heartbeat() {
        let streams = state.withLock { state in state.subscriptions.values.map(\.stream) }
        for stream in streams { _ = stream.write(Self.heartbeat, fallingBehind: nil) }
    }

    /// Closes every stream and refuses new subscriptions (graceful stop); stops the heartbeat.
    func closeAll() {
        let streams = state.withLock { state in
            defer {
                state.subscriptions.removeAll()
                state.followers.removeAll()
                state.isClosed = true
                state.heartbeatGeneration += 1
            }
            return state.subscriptions.values.map(\.stream)
        }
        for stream in streams { stream.close() }
    }

    /// Starts a thread that sends a heartbeat every `interval`, replacing a heartbeat started before.
    /// It ends on ``stopHeartbeat()``, ``closeAll()`` or when the hub is gone (at its next beat).
    /// - Parameter interval: The time between beats; 15 s by default.
    func startHeartbeat(every interval: Duration = .seconds(15)) {
        let generation = state.withLock { state in
            state.heartbeatGeneration += 1
            return state.heartbeatGeneration
        }
        let (seconds, attoseconds) = interval.components
        let pause = max(0.001, Double(seconds) + Double(attoseconds) / 1e18)
        let started: Void? = try? System.spawnDetachedThread(name: "event-heartbeat") { [weak self] in
            while true {
                Thread.sleep(forTimeInterval: pause)
                guard let self, self.state.withLock({ $0.heartbeatGeneration }) == generation else { return }
                self.heartbeat()
            }
        }
        if started == nil { System.writeAll(2, Array("warning: the event heartbeat thread could not start\n".utf8)) }
    }

    /// Stops the heartbeat thread (at its next beat).
    func stopHeartbeat() {
        state.withLock { $0.heartbeatGeneration += 1 }
    }

    /// One server-sent event: `id`, `event` and `data` lines and a blank line.
    /// - Parameters:
    ///   - event: The event type.
    ///   - id: The event id (a dataset version, or `<dataset>:<version>`), or nil for none.
    ///   - data: One line of JSON.
    static func message(event: String, id: String?, data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count + 48)
        if let id { bytes.append(contentsOf: "id: \(id)\n".utf8) }
        bytes.append(contentsOf: "event: \(event)\ndata: ".utf8)
        bytes.append(contentsOf: data)
        bytes.append(contentsOf: "\n\n".utf8)
        return bytes
    }

    /// One server-sent event whose id is a version.
    static func message(event: String, id: Int64?, data: [UInt8]) -> [UInt8] {
        message(event: event, id: id.map { String($0) }, data: data)
    }
}
