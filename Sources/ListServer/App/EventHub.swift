// ListServer — ListServer
import Foundation
import Synchronization

/// The open event streams of every dataset (SPEC §6 `/events`): each accepted batch is written to
/// all of its dataset's subscribers at once. Streams live on the event loops, not on threads: a
/// subscriber costs a connection and a small buffer, and one that falls behind is dropped by its
/// stream without delaying anyone.
final class EventHub: Sendable {
    private struct Subscriber: Sendable {
        let id: UInt64
        let stream: HTTPStream
    }

    private struct State: Sendable {
        var nextID: UInt64 = 0
        var subscribers: [String: [Subscriber]] = [:]
    }

    private let state = Mutex(State())

    /// The number of open subscriptions over all datasets.
    var subscriberCount: Int {
        state.withLock { $0.subscribers.values.reduce(0) { $0 + $1.count } }
    }

    /// Adds a stream to a dataset's subscribers; it leaves by itself when the client goes away.
    /// - Parameter replay: run under the hub's lock before any later event can be published, to send
    ///   the events the client missed; returns false to refuse the subscription.
    func subscribe(datasetID: String, stream: HTTPStream, replay: () -> Bool) {
        let id: UInt64? = state.withLock { state in
            guard replay() else { return nil }
            state.nextID += 1
            state.subscribers[datasetID, default: []].append(Subscriber(id: state.nextID, stream: stream))
            return state.nextID
        }
        guard let id else { return }
        stream.onClose { [weak self] in self?.remove(id, from: datasetID) }
    }

    private func remove(_ id: UInt64, from datasetID: String) {
        state.withLock { state in
            state.subscribers[datasetID]?.removeAll { $0.id == id }
            if state.subscribers[datasetID]?.isEmpty == true { state.subscribers[datasetID] = nil }
        }
    }

    /// Sends one `change` event to every subscriber of a dataset.
    func publish(datasetID: String, version: Int64, payload: [UInt8]) {
        let message = EventHub.message(event: "change", id: version, data: payload)
        state.withLock { state in
            state.subscribers[datasetID]?.removeAll { !$0.stream.write(message) }
        }
    }

    /// Writes a comment line to every stream, so proxies and clients see the connection alive and
    /// streams whose clients left are found and closed.
    func heartbeat() {
        let ping = Array(": ping\n\n".utf8)
        state.withLock { state in
            for key in Array(state.subscribers.keys) {
                state.subscribers[key]?.removeAll { !$0.stream.write(ping) }
            }
        }
    }

    /// Closes every stream (graceful stop).
    func closeAll() {
        let streams = state.withLock { state in
            defer { state.subscribers.removeAll() }
            return state.subscribers.values.flatMap { $0.map(\.stream) }
        }
        for stream in streams { stream.close() }
    }

    /// Starts a thread that sends a heartbeat every `interval` until the hub is gone.
    func startHeartbeat(every interval: Duration = .seconds(15)) {
        let thread = Thread { [weak self] in
            while true {
                Thread.sleep(forTimeInterval: Double(interval.components.seconds))
                guard let self else { return }
                self.heartbeat()
            }
        }
        thread.name = "event-heartbeat"
        thread.start()
    }

    /// One server-sent event: `id`, `event` and `data` lines and a blank line.
    static func message(event: String, id: Int64?, data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count + 40)
        if let id { bytes.append(contentsOf: Array("id: \(id)\n".utf8)) }
        bytes.append(contentsOf: Array("event: \(event)\ndata: ".utf8))
        bytes.append(contentsOf: data)
        bytes.append(contentsOf: Array("\n\n".utf8))
        return bytes
    }
}
