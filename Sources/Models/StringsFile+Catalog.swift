// Models — a string catalog (`.xcstrings`): the tables of every language in one JSON file

extension StringsFile {
    /// Reads a string catalog (`Root.xcstrings`, Xcode 15's JSON form of a strings table):
    /// `{"sourceLanguage": "en", "strings": {KEY: {"localizations": {LANG: {"stringUnit": {"value": …}}}}}}`.
    /// - Parameter bytes: the whole file.
    /// - Returns: each language's table of keys and texts; empty when the bytes are not a catalog. Plural and
    ///   device variations are not read (a Settings page's titles have none).
    /// - Complexity: O(file size).
    public static func readCatalog(_ bytes: [UInt8]) -> [String: [String: String]] {
        guard let root = try? JSONReader.read(bytes).dictValue, let strings = root["strings"]?.dictValue else { return [:] }
        var tables: [String: [String: String]] = [:]
        for entry in strings {
            for localization in entry.value.dictValue?["localizations"]?.dictValue ?? [:] {
                guard let text = localization.value.dictValue?["stringUnit"]?.dictValue?["value"]?.stringValue else { continue }
                tables[localization.key, default: [:]][entry.key] = text
            }
        }
        return tables
    }
}
