// ListServer — imports run off the event loops

import Dispatch
import HTTPServer

/// Runs imports off the event loops: a `PUT` body is read, checked and stored on this worker's thread
/// while the loop that received it serves its other connections, and the answer follows when the import
/// is done. Imports run one at a time, so two large uploads never hold two parsed copies at once.
struct ImportWorker: Sendable {
    private let queue = DispatchQueue(label: "listserver.imports", qos: .utility)

    /// The response to `request` that `work` makes on the worker, errors answered as the router answers
    /// them (``AppRoutes/problemPaths``).
    func respond(to request: HTTPRequest, _ work: @escaping @Sendable () throws -> HTTPResponse) -> HTTPResponse {
        let deferred = HTTPDeferredResponse()
        queue.async {
            let response = HTTPResponder.respond(
                to: request, with: { _ in try work() }, problemPaths: AppRoutes.problemPaths)
            deferred.complete(response)
        }
        return HTTPResponse(deferred: deferred)
    }
}
