// HTTPServer — a bounded pool of threads for work too heavy for an event loop
import Dispatch
import Synchronization
import SystemSupport

/// A bounded pool of threads for work too heavy for an event loop (an export of a million rows, a search
/// no one asked of this version before): a handler gives the work to ``respond(to:coalescing:work:answer:)``
/// and returns at once with a deferred response, so that its loop serves the other connections meanwhile.
///
/// What a client can claim is bounded: at most ``maxJobsPerClient`` jobs of one client address queued or
/// running (one more is answered `429`), at most ``maxJobs`` in all (`503`), both with `Retry-After`, and
/// counted in ``refused`` (`http_refusals_total{reason="workers"}` when the pool is the configuration's
/// ``HTTPServerConfiguration/workers``). Identical work is done once: requests naming the same key while a
/// job for it is queued or running wait for that job's value, and cost no job of their own. The threads run
/// at a lower priority than the loops (a nice value), so that a window is answered at once even while
/// every worker is busy.
public final class HTTPWorkerPool: Sendable {
    /// The most jobs queued or running at once.
    public let maxJobs: Int
    /// The most jobs one client address may have queued or running at once.
    public let maxJobsPerClient: Int
    /// Requests refused for want of room, in all.
    public let refused = Atomic<Int>(0)
    /// Jobs run to their end, in all (`http_worker_jobs_total`): requests that joined a job count none.
    public let completed = Atomic<Int>(0)
    private let problemPaths: ProblemPaths
    private let state = System.Locked(State())
    /// Counts the jobs waiting in `state.queue`: a worker takes one job per signal.
    private let ready = DispatchSemaphore(value: 0)
    /// How many threads run jobs, and their nice value; they start with the first job.
    private let threadCount: Int
    private let niceness: Int32
    private let started = Atomic<Bool>(false)

    private struct State {
        var queue: [Job] = []
        var queuedHead = 0
        /// Jobs queued or running, by coalescing key.
        var byKey: [String: Job] = [:]
        /// Jobs queued or running, by client address.
        var byClient: [String: Int] = [:]
        var jobs = 0
    }

    /// One piece of work and the requests waiting for its value.
    private final class Job: @unchecked Sendable {
        // `waiters` is read and written only under the pool's lock, the other members are set once.
        let key: String?
        let client: String?
        /// The work, given how to answer the waiting requests before it ends.
        let work: @Sendable (_ answerEarly: (Result<any Sendable, any Error>) -> Void) -> Result<any Sendable, any Error>
        var waiters: [Waiter] = []

        init(
            key: String?, client: String?,
            work: @escaping @Sendable ((Result<any Sendable, any Error>) -> Void) -> Result<any Sendable, any Error>
        ) {
            self.key = key
            self.client = client
            self.work = work
        }
    }

    /// A request waiting for a job's value, and how its answer is made from it.
    private struct Waiter: Sendable {
        let request: HTTPRequest
        let deferred: HTTPDeferredResponse
        let answer: @Sendable (Result<any Sendable, any Error>) throws -> HTTPResponse
    }

    /// A pool whose threads start with its first job (a pool that only ever answers in-process costs none).
    /// - Parameters:
    ///   - threads: how many jobs run at once; by default one a core, and at least two.
    ///   - maxJobs: the most jobs queued or running at once.
    ///   - maxJobsPerClient: the most of them one client address may have.
    ///   - niceness: how much lower than the loops' the threads' priority is (`setpriority`, 0 to 19).
    ///   - problemPaths: the paths whose errors are answered as `application/problem+json`.
    public init(
        threads: Int? = nil, maxJobs: Int = 64, maxJobsPerClient: Int = 2,
        niceness: Int32 = 10, problemPaths: ProblemPaths = .none
    ) {
        self.maxJobs = max(1, maxJobs)
        self.maxJobsPerClient = max(1, maxJobsPerClient)
        self.problemPaths = problemPaths
        threadCount = max(1, threads ?? max(2, System.processorCount()))
        self.niceness = niceness
    }

    /// Starts the threads, once. They live as long as the process: a pool is made once per server.
    private func startThreads() {
        guard started.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        for index in 0..<threadCount {
            try? System.spawnDetachedThread(name: "worker-\(index)") { [self, niceness] in
                System.lowerCurrentThreadPriority(by: niceness)
                while true { runNext() }
            }
        }
    }

    /// Jobs queued or running now.
    public var jobCount: Int { state.withLock { $0.jobs } }

    /// The response to `request`: made on a worker from the value of `work`, which runs once for every
    /// request naming the same `key` while it is queued or running. Off the server (a request no event
    /// loop answers, as in-process tests make), both run at once on the caller's thread.
    /// - Parameters:
    ///   - key: what the work computes (a dataset version and a query, say), shared by the requests that
    ///     need the same value; nil for work of its own. Keys of different value types must differ.
    ///   - work: the heavy part, on a worker.
    ///   - answer: the response made from the value, on the worker, for each waiting request.
    /// - Returns: a deferred response; `429` (the client has as many jobs as allowed) or `503` (the pool is
    ///   full) with `Retry-After` when there is no room.
    public func respond<Value: Sendable>(
        to request: HTTPRequest, coalescing key: String? = nil, work: @escaping @Sendable () throws -> Value,
        answer: @escaping @Sendable (Value) throws -> HTTPResponse
    ) -> HTTPResponse {
        respond(to: request, coalescing: key, answeringEarly: { _ in try work() }, answer: answer)
    }

    /// The response to `request`, as ``respond(to:coalescing:work:answer:)`` makes it, for work that can answer
    /// before it ends (an export that streams its first pieces while it writes the rest): `work` may call the
    /// function it is given, once, with a value that answers every request waiting for the job then; the
    /// work goes on, and still counts against its client's share until it returns. From that call on, a
    /// request naming `key` no longer joins the job (it must find what the work shares some other way); the
    /// value `work` returns answers the waiting requests when it never called it.
    /// - Parameters:
    ///   - key: what the work computes, shared by the requests that need the same value; nil for work of its
    ///     own.
    ///   - work: the heavy part, on a worker; the function it is given answers early, on the worker's thread.
    ///   - answer: the response made from the value, on the worker, for each waiting request.
    /// - Returns: as ``respond(to:coalescing:work:answer:)``.
    public func respond<Value: Sendable>(
        to request: HTTPRequest, coalescing key: String? = nil,
        answeringEarly work: @escaping @Sendable (_ answerNow: (Value) -> Void) throws -> Value,
        answer: @escaping @Sendable (Value) throws -> HTTPResponse
    ) -> HTTPResponse {
        let waiterAnswer: @Sendable (Result<any Sendable, any Error>) throws -> HTTPResponse = { result in
            guard let value = try result.get() as? Value else {
                throw HTTPError(500, detail: "The server could not complete the request.")
            }
            return try answer(value)
        }
        guard request.isServed else {
            return HTTPResponder.respond(
                to: request, with: { _ in try answer(try work { _ in }) }, problemPaths: problemPaths)
        }
        let deferred = HTTPDeferredResponse()
        let waiter = Waiter(request: request, deferred: deferred, answer: waiterAnswer)
        let client = request.clientAddress
        // nil when the request joined a job queued or running; a job when it queued one.
        let outcome = state.withLock { state -> Result<Job?, HTTPError> in
            if let key, let running = state.byKey[key] {
                running.waiters.append(waiter)
                return .success(nil)
            }
            if let client, state.byClient[client, default: 0] >= maxJobsPerClient {
                return .failure(HTTPError(
                    429, detail: "This client has as much heavy work (exports, searches) in progress as allowed; "
                        + "wait for it to finish.", headers: ["Retry-After": "1"]))
            }
            guard state.jobs < maxJobs else {
                return .failure(HTTPError(
                    503, detail: "The server has as much heavy work in progress as it may; try again shortly.",
                    headers: ["Retry-After": "1"]))
            }
            let job = Job(key: key, client: client) { answerEarly in
                Result { try work { answerEarly(.success($0)) } as any Sendable }
            }
            job.waiters.append(waiter)
            if let key { state.byKey[key] = job }
            if let client { state.byClient[client, default: 0] += 1 }
            state.jobs += 1
            state.queue.append(job)
            return .success(job)
        }
        switch outcome {
        case .failure(let refusal):
            refused.add(1, ordering: .relaxed)
            return refusal.response(forAPI: problemPaths.contains(request.path))
        case .success(let queued):
            if queued != nil {
                startThreads()
                ready.signal()
            }
            return HTTPResponse(deferred: deferred)
        }
    }

    /// Waits for a job, runs it, and answers every request waiting for it (a worker's loop).
    private func runNext() {
        ready.wait()
        guard let job = state.withLock({ state -> Job? in
            guard state.queuedHead < state.queue.count else { return nil }
            let job = state.queue[state.queuedHead]
            state.queuedHead += 1
            if state.queuedHead > 64 && state.queuedHead * 2 > state.queue.count {
                state.queue.removeFirst(state.queuedHead)
                state.queuedHead = 0
            }
            return job
        }) else { return }
        var answered = false
        let result = job.work { early in
            guard !answered else { return }
            answered = true
            answerWaiters(of: job, with: early, ended: false)
        }
        completed.add(1, ordering: .relaxed)
        guard answered else { return answerWaiters(of: job, with: result, ended: true) }
        state.withLock { state in end(job, in: &state) }
    }

    /// Takes `job` off its client's share and the count of jobs.
    private func end(_ job: Job, in state: inout State) {
        if let client = job.client {
            let count = state.byClient[client, default: 1] - 1
            state.byClient[client] = count > 0 ? count : nil
        }
        state.jobs -= 1
    }

    /// Answers every request waiting for `job` with `result`; from here no request joins the job: the ones
    /// that come later start another.
    /// - Parameter ended: whether the job has ended, to be taken off its client's share before its client
    ///   is answered (whose next request must find room).
    private func answerWaiters(of job: Job, with result: Result<any Sendable, any Error>, ended: Bool) {
        let waiters = state.withLock { state -> [Waiter] in
            if let key = job.key, state.byKey[key] === job { state.byKey[key] = nil }
            if ended { end(job, in: &state) }
            defer { job.waiters = [] }
            return job.waiters
        }
        for waiter in waiters {
            let response = HTTPResponder.respond(
                to: waiter.request, with: { _ in try waiter.answer(result) }, problemPaths: problemPaths)
            waiter.deferred.complete(response)
        }
    }
}
