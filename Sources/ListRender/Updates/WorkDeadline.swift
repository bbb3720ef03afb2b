// ListRender — a time past which long work gives up, so that a cheaper way can be taken instead

/// A time past which long work gives up (a replace matched as a diff is stored whole and pages reload),
/// so that one request cannot hold a lock, a worker or a loop for as long as its input makes it take.
/// Work asks ``hasPassed(at:)`` at a step of its loops; the clock is read once every ``stride`` steps.
public struct WorkDeadline: Sendable {
    /// How many steps pass between two readings of the clock.
    public static let stride = 4096
    /// A deadline that never passes.
    public static let never = WorkDeadline(end: nil)

    private let end: ContinuousClock.Instant?

    private init(end: ContinuousClock.Instant?) {
        self.end = end
    }

    /// The deadline `budget` from now: zero or less has passed already.
    public init(after budget: Duration) {
        end = .now + budget
    }

    /// Whether the deadline has passed, read now.
    public var hasPassed: Bool {
        guard let end else { return false }
        return ContinuousClock.now >= end
    }

    /// Whether the deadline has passed, read at every ``stride``th step (step 0 included) and assumed not
    /// otherwise.
    /// - Complexity: O(1); a clock reading once every ``stride`` steps.
    @inline(__always)
    public func hasPassed(at step: Int) -> Bool {
        end != nil && step % Self.stride == 0 && hasPassed
    }
}
