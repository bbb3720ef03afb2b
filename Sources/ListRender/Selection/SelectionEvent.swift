// ListRender — one delegate call made while the user changes the selection
import Models

/// One delegate call made while the user changes the selection, recorded as a value.
///
/// `willSelect` and `willDeselect` carry the index path proposed to the hook; `didSelect` and
/// `didDeselect` carry the index path that was actually (de)selected, which a hook may have redirected.
public enum SelectionEvent: Sendable, Hashable, CustomStringConvertible {
    case willSelect(IndexPath)
    case didSelect(IndexPath)
    case willDeselect(IndexPath)
    case didDeselect(IndexPath)

    /// `willSelect [0, 1]`, in the order of the UIKit delegate method names.
    public var description: String {
        switch self {
        case .willSelect(let path): "willSelect \(path)"
        case .didSelect(let path): "didSelect \(path)"
        case .willDeselect(let path): "willDeselect \(path)"
        case .didDeselect(let path): "didDeselect \(path)"
        }
    }
}
