// Models — A row's stable identity

/// A row's stable identity: assigned once, it survives edits, moves and restarts.
public struct RowID: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public static func < (lhs: RowID, rhs: RowID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { String(rawValue) }
}

/// A section's stable identity: assigned once, it survives edits, moves and restarts.
public struct SectionID: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public static func < (lhs: SectionID, rhs: SectionID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { String(rawValue) }
}

/// A position in a table: section index and row index inside it, as `IndexPath` in UIKit.
public struct IndexPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var section: Int
    public var row: Int
    public init(row: Int, section: Int) {
        self.section = section
        self.row = row
    }
    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }
    public var description: String { "[\(section), \(row)]" }
}
