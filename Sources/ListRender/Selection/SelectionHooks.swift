// ListRender — the delegate methods a user selection calls
import Models

/// The delegate methods a user selection calls, as `UITableViewDelegate` has them.
///
/// `willSelectRow` and `willDeselectRow` return the index path to (de)select instead, the one
/// proposed to keep it, or nil to cancel. By default they keep the proposal and the `did` hooks do
/// nothing.
public struct SelectionHooks {
    public var willSelectRow: (IndexPath) -> IndexPath?
    public var didSelectRow: (IndexPath) -> Void
    public var willDeselectRow: (IndexPath) -> IndexPath?
    public var didDeselectRow: (IndexPath) -> Void

    /// Creates hooks; those left out keep UIKit's default behaviour.
    public init(
        willSelectRow: @escaping (IndexPath) -> IndexPath? = { $0 },
        didSelectRow: @escaping (IndexPath) -> Void = { _ in },
        willDeselectRow: @escaping (IndexPath) -> IndexPath? = { $0 },
        didDeselectRow: @escaping (IndexPath) -> Void = { _ in }
    ) {
        self.willSelectRow = willSelectRow
        self.didSelectRow = didSelectRow
        self.willDeselectRow = willDeselectRow
        self.didDeselectRow = didDeselectRow
    }
}
