// Models — A whole list: its identity

/// A whole list: its identity, kind, table style, source shape and sections of rows.
public struct Dataset: Sendable, Hashable, Identifiable {
    /// The dataset's URL name (`friends`, `my-apps`): lower-case letters, digits and `-`.
    public var id: String
    public var title: String
    public var kind: DatasetKind
    public var style: TableStyle
    public var shape: SourceShape
    public var sections: [Section]
    /// Incremented by every accepted change.
    public var version: Int64
    /// The next id to hand out to a new row or section; ids are never reused.
    public var nextID: Int64

    public init(
        id: String, title: String, kind: DatasetKind, style: TableStyle, shape: SourceShape,
        sections: [Section], version: Int64 = 1, nextID: Int64? = nil
    ) {
        self.id = id
        self.title = title
        self.kind = kind
        self.style = style
        self.shape = shape
        self.sections = sections
        self.version = version
        let highest = sections.reduce(Int64(0)) { partial, section in
            Swift.max(partial, section.id.rawValue, section.rows.reduce(0) { Swift.max($0, $1.id.rawValue) })
        }
        self.nextID = Swift.max(nextID ?? 0, highest + 1)
    }

    /// The number of rows in all sections.
    public var rowCount: Int { sections.reduce(0) { $0 + $1.rows.count } }

    /// Hands out a fresh id for a new row or section.
    public mutating func makeID() -> Int64 {
        defer { nextID += 1 }
        return nextID
    }

    /// The dataset id a file name gives: the name without its extensions, lower-cased,
    /// every run of other characters than letters and digits turned into one `-`.
    public static func identifier(forFileName fileName: String) -> String {
        let base = fileName.split(separator: "/").last.map(String.init) ?? fileName
        let stem = base.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? base
        return sanitizedIdentifier(stem.isEmpty ? base : stem)
    }

    /// Whether `text` may name a dataset: lower-case ASCII letters, digits, `-` and `_`, starting and ending
    /// with a letter or a digit (`friends`, `my-apps`, `generic_order`). Every id made from a file name
    /// (``identifier(forFileName:)``) is one.
    /// - Complexity: O(n) in the length of the text.
    public static func isIdentifier(_ text: String) -> Bool {
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        let bytes = text.utf8
        guard let first = bytes.first, let last = bytes.last, isAlphanumeric(first), isAlphanumeric(last) else {
            return false
        }
        return bytes.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    /// `text` lower-cased with every run of non-alphanumerics turned into one `-`, trimmed of `-`.
    public static func sanitizedIdentifier(_ text: String) -> String {
        var result = ""
        var pendingDash = false
        for scalar in text.lowercased().unicodeScalars {
            let isAlphanumeric = (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9")
            if isAlphanumeric {
                if pendingDash && !result.isEmpty { result.append("-") }
                pendingDash = false
                result.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return result
    }
}
