// Library — who follows which dataset
import Foundation
import HTTPServer
import Synchronization
import SystemSupport

/// The open event streams of every dataset (`GET /api/datasets/{id}/events`): each accepted batch is written to
/// all of its dataset's subscribers at once.
///
/// Streams live on the event loops, not on threads: a subscriber costs a connection and a small
/// buffer, and writing to it never blocks. One that falls more than ``streamBufferLimit`` behind is
/// dropped by its connection without delaying the batch or anyone else.
/// Where a subscriber's events go: written from any thread without blocking, closed by either side.
/// The web layer's `HTTPStream` is one.
protocol EventStream: AnyObject, Sendable {
    /// Queues bytes for the subscriber.
    /// - Returns: false when the stream no longer takes any (closed, gone, or too slow).
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool
    /// Ends the stream.
    func close()
    /// Runs `callback` once when the stream ends, for any reason.
    func onClose(_ callback: @escaping @Sendable () -> Void)
}

final class EventHub: Sendable {
    private struct Subscriber: Sendable {
        let stream: any EventStream
        /// The last version this subscriber was sent, by its catch-up or by a publication; a
        /// publication of this version or an older one is not sent again.
        var version: Int64
    }

    private struct State: Sendable {
        var nextID: UInt64 = 0
        var subscribers: [String: [UInt64: Subscriber]] = [:]
        var isClosed = false
        /// Bumped to end the running heartbeat thread.
        var heartbeatGeneration: UInt64 = 0
    }

    private let state = Mutex(State())
    private let bufferLimit = Atomic<Int>(256 << 10)

    /// The comment line sent as a heartbeat.
    static let heartbeatMessage = Array(": ping\n\n".utf8)

    init() {}

    /// The most bytes a new stream lets wait for a slow client before dropping it (256 KiB by
    /// default); a single event larger than this is still sent to a client that has caught up.
    var streamBufferLimit: Int {
        get { bufferLimit.load(ordering: .relaxed) }
        set { bufferLimit.store(max(1, newValue), ordering: .relaxed) }
    }

    /// The number of open subscriptions over all datasets.
    var subscriberCount: Int {
        state.withLock { $0.subscribers.values.reduce(0) { $0 + $1.count } }
    }

    /// The number of open subscriptions to one dataset.
    func subscriberCount(datasetID: String) -> Int {
        state.withLock { $0.subscribers[datasetID]?.count ?? 0 }
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
        let id: UInt64? = state.withLock { state in
            guard !state.isClosed, let version = open() else { return nil }
            state.nextID += 1
            state.subscribers[datasetID, default: [:]][state.nextID] = Subscriber(stream: stream, version: version)
            return state.nextID
        }
        guard let id else { return false }
        stream.onClose { [weak self] in self?.remove(id, from: datasetID) }
        return true
    }

    private func remove(_ id: UInt64, from datasetID: String) {
        state.withLock { state in
            state.subscribers[datasetID]?[id] = nil
            if state.subscribers[datasetID]?.isEmpty == true { state.subscribers[datasetID] = nil }
        }
    }

    /// Sends one `change` event to every subscriber of a dataset that has not been sent `version`
    /// yet. Never blocks: streams queue the bytes for their event loops.
    /// - Parameters:
    ///   - datasetID: The dataset that changed.
    ///   - version: Its new version, the event's `id`.
    ///   - payload: The event's JSON.
    /// - Complexity: O(subscribers of the dataset + payload bytes).
    func publish(datasetID: String, version: Int64, payload: [UInt8]) {
        let message = EventHub.message(event: "change", id: version, data: payload)
        state.withLock { state in
            guard var subscribers = state.subscribers[datasetID] else { return }
            state.subscribers[datasetID] = nil
            for (id, subscriber) in subscribers where subscriber.version < version {
                if subscriber.stream.write(message) {
                    subscribers[id]?.version = version
                } else {
                    subscribers[id] = nil
                }
            }
            if !subscribers.isEmpty { state.subscribers[datasetID] = subscribers }
        }
    }

    /// Tells every subscriber of a dataset that its content was replaced or deleted: one `reload`
    /// event whose `id` and `version` are the dataset's version now (nil when it was deleted, and the
    /// streams are then closed after it).
    /// - Complexity: O(subscribers of the dataset).
    func reload(datasetID: String, version: Int64?) {
        var json = Array("{\"version\":".utf8)
        json.append(contentsOf: (version.map { String($0) } ?? "null").utf8)
        if version == nil { json.append(contentsOf: ",\"deleted\":true".utf8) }
        json.append(UInt8(ascii: "}"))
        let message = EventHub.message(event: "reload", id: version, data: json)
        let streams = state.withLock { state -> [any EventStream] in
            guard var subscribers = state.subscribers[datasetID] else { return [] }
            if let version { for id in subscribers.keys { subscribers[id]?.version = version } }
            state.subscribers[datasetID] = version == nil ? nil : subscribers
            return subscribers.values.map(\.stream)
        }
        for stream in streams {
            stream.write(message)
            if version == nil { stream.close() }
        }
    }

    /// Writes a comment line to every stream, so that proxies and clients see the connection alive
    /// and a connection whose peer vanished without a word is found out by the kernel.
    func heartbeat() {
        let streams = state.withLock { state in state.subscribers.values.flatMap { $0.values.map(\.stream) } }
        for stream in streams { stream.write(Self.heartbeatMessage) }
    }

    /// Closes every stream and refuses new subscriptions (graceful stop); stops the heartbeat.
    func closeAll() {
        let streams = state.withLock { state in
            defer {
                state.subscribers.removeAll()
                state.isClosed = true
                state.heartbeatGeneration += 1
            }
            return state.subscribers.values.flatMap { $0.values.map(\.stream) }
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
    ///   - id: The event id (a dataset version), or nil for none.
    ///   - data: One line of JSON.
    static func message(event: String, id: Int64?, data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count + 48)
        if let id { bytes.append(contentsOf: "id: \(id)\n".utf8) }
        bytes.append(contentsOf: "event: \(event)\ndata: ".utf8)
        bytes.append(contentsOf: data)
        bytes.append(contentsOf: "\n\n".utf8)
        return bytes
    }
}
