// ListStore — which stored incarnation of a dataset, at which version

/// Which stored incarnation of a dataset, at which version: what a process sharing the store
/// compares with what it holds in memory.
///
/// `key` is given when a dataset id is first stored and never reused, so a dataset deleted and
/// stored again under its id has a new key even if its version is the old one; replacing a
/// dataset keeps its key and raises its version.
public struct DatasetStamp: Sendable, Hashable {
    public var id: String
    public var key: Int64
    public var version: Int64

    public init(id: String, key: Int64, version: Int64) {
        self.id = id
        self.key = key
        self.version = version
    }
}
