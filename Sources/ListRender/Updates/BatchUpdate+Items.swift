// ListRender — A section inserted by a ``BatchUpdate``
import Models

/// A section inserted by a ``BatchUpdate``: its index after the batch and its new id.
public struct SectionInsertion: Sendable, Hashable {
    public var section: Int
    public var id: SectionID

    public init(section: Int, id: SectionID) {
        self.section = section
        self.id = id
    }
}

/// A section moved by a ``BatchUpdate``: from its index before the batch to its index after it.
public struct SectionMove: Sendable, Hashable {
    public var from: Int
    public var to: Int

    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }
}

/// A row inserted by a ``BatchUpdate``: its index path after the batch and its new id.
public struct RowInsertion: Sendable, Hashable {
    public var indexPath: IndexPath
    public var id: RowID

    public init(indexPath: IndexPath, id: RowID) {
        self.indexPath = indexPath
        self.id = id
    }
}

/// A row moved by a ``BatchUpdate``: from its index path before the batch to its index path after it.
public struct RowMove: Sendable, Hashable {
    public var from: IndexPath
    public var to: IndexPath

    public init(from: IndexPath, to: IndexPath) {
        self.from = from
        self.to = to
    }
}
