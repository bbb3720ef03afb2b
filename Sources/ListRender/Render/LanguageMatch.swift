// ListRender — a reader's language tag matched to the languages a dataset has, as iOS picks a `.lproj` folder

/// Matches a reader's language tag to the languages a dataset has texts in (a Settings bundle's `*.lproj` folders),
/// as iOS picks a bundle's localization:
/// - tags are compared without case, `_` read as `-` (`zh_CN`, a folder's own spelling, is `zh-CN`);
/// - Chinese gets its script from its region when it names none (`zh-TW`, `zh-HK`, `zh-MO` → `Hant`;
///   `zh-CN`, `zh-SG` and `zh` alone → `Hans`);
/// - then the tag gives way to shorter ones: `zh-Hant-TW`, `zh-TW`, `zh-Hant`, `zh`;
/// - last, any language of the same language and script (`de` finds `de-CH`; `zh-HK` finds `zh-Hant-TW`, never
///   `zh-Hans`).
///
/// Nothing matched, the caller falls back to the development language.
public enum LanguageMatch {
    /// A tag as written in a query or a folder name, `_` read as `-` (`zh_CN` → `zh-CN`).
    public static func normalized(_ tag: some StringProtocol) -> String {
        String(tag.map { $0 == "_" ? "-" : $0 })
    }

    /// The languages written from right to left, by their primary subtags: Arabic, Hebrew (and its old `iw`),
    /// Persian, Urdu, Yiddish, Pashto, Sorani Kurdish, Dhivehi, Sindhi, Uyghur, Syriac.
    static let rightToLeft: Set<String> = ["ar", "he", "iw", "fa", "ur", "yi", "ps", "ckb", "dv", "sd", "ug", "syr"]

    /// Whether text in `tag`'s language runs from right to left (`ar`, `he-IL`, `fa_IR`), as a page's `dir`
    /// says; a script subtag decides when there is one (`ku-Arab` is, `ug-Latn` is not).
    public static func isRightToLeft(_ tag: some StringProtocol) -> Bool {
        let parts = normalized(tag).lowercased().split(separator: "-")
        guard let primary = parts.first else { return false }
        if let script = parts.dropFirst().first(where: { $0.count == 4 }) {
            return ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg"].contains(script)
        }
        return rightToLeft.contains(String(primary))
    }

    /// The tags tried for `tag`, most specific first, lower-cased: `zh-TW` → `zh-hant-tw`, `zh-tw`, `zh-hant`,
    /// `zh`; `de-CH` → `de-ch`, `de`.
    /// - Complexity: O(length of the tag).
    public static func candidates(for tag: some StringProtocol) -> [String] {
        let parts = normalized(tag).lowercased().split(separator: "-").map(String.init)
        guard let language = parts.first else { return [] }
        let (script, region) = subtags(parts)
        var tags: [String] = []
        func add(_ subtags: String?...) {
            let tag = ([language] + subtags.compactMap { $0 }).joined(separator: "-")
            if !tags.contains(tag) { tags.append(tag) }
        }
        add(script, region)
        if parts.count > 1 { add(parts.dropFirst().joined(separator: "-")) }  // as written, variants kept
        add(nil, region)
        add(script)
        add()
        return tags
    }

    /// The language among `available` (as they are spelled there) that a reader of `tag` reads best.
    /// - Returns: nil when none is of the reader's language (and, for Chinese, script).
    /// - Complexity: O(candidates × available).
    public static func best(for tag: some StringProtocol, among available: [String]) -> String? {
        guard !available.isEmpty else { return nil }
        let spelled = available.map { normalized($0).lowercased() }
        for candidate in candidates(for: tag) {
            if let index = spelled.firstIndex(of: candidate) { return available[index] }
        }
        guard let wanted = key(of: tag) else { return nil }
        return available.indices.sorted { spelled[$0] < spelled[$1] }
            .first { key(of: spelled[$0]).map { $0 == wanted } ?? false }.map { available[$0] }
    }

    /// A tag's language and script (the script inferred for Chinese), lower-cased: `zh-TW` → `zh-hant`.
    private static func key(of tag: some StringProtocol) -> String? {
        let parts = normalized(tag).lowercased().split(separator: "-").map(String.init)
        guard let language = parts.first else { return nil }
        return subtags(parts).script.map { language + "-" + $0 } ?? language
    }

    /// The script (explicit, or Chinese's inferred from the region) and the region of a tag's lower-cased parts.
    private static func subtags(_ parts: [String]) -> (script: String?, region: String?) {
        let rest = parts.dropFirst()
        var script = rest.first { $0.count == 4 && $0.allSatisfy(\.isLetter) }
        let region = rest.first { ($0.count == 2 && $0.allSatisfy(\.isLetter)) || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
        if script == nil, parts.first == "zh" {
            script = ["tw", "hk", "mo"].contains(region ?? "") ? "hant" : "hans"
        }
        return (script, region)
    }
}
