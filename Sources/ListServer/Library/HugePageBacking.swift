// ListServer — the loaded datasets' memory in 2 MiB pages
import Foundation
import HTTPServer
import Synchronization
import SystemSupport

/// Backs the memory the loaded datasets fill with 2 MiB pages
/// (``Posix/collapseIntoHugePages(minimumResidentFraction:)``), on a thread of its own, after the datasets
/// are loaded and after each dataset put over HTTP.
///
/// Scrolling a million rows at random reads rows, sections and layout nodes spread over a hundred
/// megabytes: with 4 KiB pages nearly every window misses the TLB several times, and in a virtual
/// machine each miss walks two levels of page tables. On this project's load test the server spends about
/// 8 % less CPU a random fragment with its data in huge pages (see the README's performance figures).
/// The kernel copies each range into its huge page while the server goes on serving from it, on a thread of
/// the lowest priority (``niceness``).
final class HugePageBacking: Sendable {
    private struct State {
        var running = false
        var again = false
    }

    private let state = Mutex(State())
    /// Where one line is written after each pass (progress on standard error), nil for none.
    private let report: (@Sendable (String) -> Void)?

    init(report: (@Sendable (String) -> Void)?) {
        self.report = report
    }

    /// Collapses the process's densely used memory soon, on a thread of its own; a call during a pass
    /// makes one more pass after it, for memory filled meanwhile.
    func collapseSoon() {
        let start = state.withLock { state in
            if state.running {
                state.again = true
                return false
            }
            state.running = true
            return true
        }
        guard start else { return }
        do {
            try System.spawnDetachedThread(name: "huge pages") { self.run() }
        } catch {
            state.withLock { $0.running = false }
        }
    }

    /// Paces the collapse: after every ``rangesAStep`` ranges, a pause of ``restPerWork`` times what they took.
    /// A nice value lowers the thread's share of a core, not what each range costs the loops: the kernel
    /// remaps each range under the process's memory lock and flushes the other cores' TLBs. Paced, those
    /// stalls are spread thinner over the first seconds after a load.
    struct Pace {
        static let rangesAStep = 8
        static let restPerWork: UInt64 = 3
        private var ranges = 0
        private var stepStarted = System.monotonicNanoseconds()

        mutating func step() {
            ranges += 1
            guard ranges % Self.rangesAStep == 0 else { return }
            let worked = System.monotonicNanoseconds() - stepStarted
            Thread.sleep(forTimeInterval: Double(worked * Self.restPerWork) / 1e9)
            stepStarted = System.monotonicNanoseconds()
        }
    }

    /// The thread's nice value: the kernel's copies into huge pages take a core only when the event loops
    /// leave it idle, so the first clients after a start or a large put see no difference.
    static let niceness: Int32 = 19

    private func run() {
        System.lowerCurrentThreadPriority(by: Self.niceness)
        repeat {
            let started = System.monotonicNanoseconds()
            var pace = Pace()
            let outcome = System.collapseIntoHugePages { pace.step() }
            let milliseconds = (System.monotonicNanoseconds() - started) / 1_000_000
            if let report, outcome.collapsedBytes + outcome.refusedBytes > 0 {
                var line = "memory: \(outcome.collapsedBytes >> 20) MiB of loaded data in 2 MiB pages"
                if outcome.refusedBytes > 0 { line += " (\(outcome.refusedBytes >> 20) MiB refused by the kernel)" }
                report(line + " in \(milliseconds) ms")
            }
        } while state.withLock { state in
            state.running = state.again
            state.again = false
            return state.running
        }
    }
}
