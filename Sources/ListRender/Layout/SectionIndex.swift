// ListRender — A section index (the A–Z bar at the side of a table)

/// A section index (the A–Z bar at the side of a table): its titles and, for a tapped title, the
/// section to jump to (`sectionIndexTitles(for:)`, `sectionForSectionIndexTitle(_:at:)`).
///
/// Each section files under one index title (its key). A title with no section of its own jumps
/// to the first section filed under a later title, or to the last section when none is.
public struct SectionIndex: Sendable, Hashable {
    /// Which letters an alphabetical index shows.
    public enum Letters: Sendable, Hashable {
        /// All of A–Z, then `#`, used or not (as `UILocalizedIndexedCollation` does).
        case all
        /// Only the titles some section files under, in A–Z, `#` order.
        case used
    }

    /// The index titles, in order.
    public let titles: [String]
    /// `targets[i]` is the section that `titles[i]` jumps to; empty when there are no sections.
    private let targets: [Int]

    /// An index over titles chosen by the caller.
    /// - Parameters:
    ///   - titles: the index titles, in order; repeated titles jump where their first one does.
    ///   - sectionKeys: for each section, the title it files under, or nil to file it nowhere.
    /// - Complexity: O(titles + sections).
    public init(titles: [String], sectionKeys: [String?]) {
        self.titles = titles
        guard !sectionKeys.isEmpty else {
            targets = []
            return
        }
        var position: [String: Int] = [:]
        for (index, title) in titles.enumerated() where position[title] == nil {
            position[title] = index
        }
        var firstSection = [Int?](repeating: nil, count: titles.count)
        for (section, key) in sectionKeys.enumerated() {
            if let key, let index = position[key], firstSection[index] == nil {
                firstSection[index] = section
            }
        }
        var targets = [Int](repeating: sectionKeys.count - 1, count: titles.count)
        var next = sectionKeys.count - 1
        for index in titles.indices.reversed() {
            if let section = firstSection[index] {
                next = section
            }
            targets[index] = next
        }
        for (index, title) in titles.enumerated() {
            targets[index] = targets[position[title] ?? index]
        }
        self.targets = targets
    }

    /// An alphabetical index: each section files under the initial of its title (`#` for titles
    /// that do not start with a Latin letter).
    /// - Parameters:
    ///   - sectionTitles: each section's title.
    ///   - letters: all of A–Z and `#`, or only those used.
    /// - Complexity: O(sections).
    public init(sectionTitles: [String], letters: Letters = .all) {
        let keys = sectionTitles.map(Self.initial(of:))
        var titles = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) } + ["#"]
        if letters == .used {
            let used = Set(keys)
            titles = titles.filter(used.contains)
        }
        self.init(titles: titles, sectionKeys: keys)
    }

    /// The section to jump to when index title `title` at `index` is tapped.
    /// - Returns: nil when the table has no sections or `title` is not in the index.
    /// - Complexity: O(1) when `titles[index] == title`, else O(titles).
    public func section(forTitle title: String, at index: Int) -> Int? {
        guard !targets.isEmpty else { return nil }
        if titles.indices.contains(index) && titles[index] == title {
            return targets[index]
        }
        return titles.firstIndex(of: title).map { targets[$0] }
    }

    /// The index title a section title files under: its first letter, upper-cased and without
    /// accents (`É` → `E`) when it is a Latin letter, else `#`.
    /// - Complexity: O(leading whitespace).
    public static func initial(of title: String) -> String {
        guard let scalar = title.unicodeScalars.first(where: { !$0.properties.isWhitespace }) else { return "#" }
        if let letter = baseLatinLetter(scalar) {
            return String(letter)
        }
        return "#"
    }

    /// `A`–`Z` for a Latin letter, accented or not, in either case.
    private static func baseLatinLetter(_ scalar: Unicode.Scalar) -> Character? {
        let value = scalar.value
        if value >= 0x41 && value <= 0x5A { return Character(scalar) }
        if value >= 0x61 && value <= 0x7A { return Character(Unicode.Scalar(value - 0x20)!) }
        guard let name = scalar.properties.name else { return nil }
        for prefix in ["LATIN CAPITAL LETTER ", "LATIN SMALL LETTER "] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let letter = rest.first, letter.isASCII, letter.isUppercase else { return nil }
            let tail = rest.dropFirst()
            return tail.isEmpty || tail.hasPrefix(" WITH ") ? letter : nil
        }
        return nil
    }
}
