// Models — files that are no dataset, named as what they are instead of a parser's complaint

/// Files a person imports by mistake, recognised so that the refusal says what the file is and what to import
/// instead: a Settings bundle's strings table (`Root.strings`, `Root.xcstrings`), or something named or sent as
/// a ZIP archive that is none. Each reason is a message for ``ImportError``, after the file's name
/// (`Root.strings: is a strings table, …`).
public enum NotADataset {
    /// The reason a file is refused for its name alone: a `.strings` table or an `.xcstrings` catalog, which are
    /// never a list, whatever form their bytes take (a strings table may be an XML property list).
    /// - Parameter name: the file's name or path.
    /// - Returns: nil for any other name.
    public static func reason(forName name: String) -> String? {
        let lowered = name.lowercased()
        if lowered.hasSuffix(".strings") { return stringsTable(upload: false) }
        if lowered.hasSuffix(".xcstrings") {
            return "is a string catalog (a bundle's translations), not a list; "
                + "import the Settings.bundle folder or its Root.plist"
        }
        return nil
    }

    /// The reason bytes that did not read as a document are refused, when they are something known: not a ZIP
    /// archive although named or sent as one, or a strings table.
    /// - Parameters:
    ///   - bytes: the file or body.
    ///   - claimsArchive: whether its name (`.zip`) or `Content-Type` (`application/zip`) says it is a ZIP archive.
    ///   - upload: true for a `PUT`'s body (the message says "the body" and what to send).
    /// - Returns: nil when the parser's own error says best what is wrong.
    /// - Complexity: O(size of the bytes).
    public static func reason(for bytes: [UInt8], claimsArchive: Bool, upload: Bool) -> String? {
        if claimsArchive, !ZipArchive.isArchive(bytes) {
            let subject = upload ? "the body is not a ZIP archive" : "is not a ZIP archive"
            let instead = upload ? "send a .zip of the Settings.bundle folder" : "zip the Settings.bundle folder, or import the folder itself"
            return "\(subject) (\(describe(bytes)), where a ZIP archive begins with PK); \(instead)"
        }
        if let table = StringsFile.read(bytes), !table.isEmpty { return stringsTable(upload: upload) }
        return nil
    }

    /// Whether a `Content-Type` names a ZIP archive.
    public static func isArchiveType(_ contentType: String?) -> Bool {
        guard let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        else { return false }
        return ["application/zip", "application/x-zip-compressed", "application/x-zip"].contains(type)
    }

    private static func stringsTable(upload: Bool) -> String {
        upload
            ? "the body is a strings table (a bundle's translations), not a list; send the Settings bundle's "
                + "Root.plist, or a .zip of its folder"
            : "is a strings table (a bundle's translations), not a list; import the Settings.bundle folder or its Root.plist"
    }

    /// What the first bytes are: `it is empty`, a known format (`it is a gzip file`), the text it begins with,
    /// else its first bytes in hexadecimal.
    static func describe(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "it is empty" }
        let known: [([UInt8], String)] = [
            ([0x1F, 0x8B], "a gzip file"), (Array("Rar!".utf8), "a RAR archive"), ([0x37, 0x7A, 0xBC, 0xAF], "a 7-Zip archive"),
            (Array("%PDF".utf8), "a PDF document"), (Array("bplist00".utf8), "a binary property list"),
            ([0x89, 0x50, 0x4E, 0x47], "a PNG image"),
        ]
        if let (_, name) = known.first(where: { bytes.starts(with: $0.0) }) { return "it is \(name)" }
        // The first 24 bytes, or up to 3 fewer where they cut a character.
        let text = (0...3).lazy.compactMap { String(validating: bytes.prefix(24 - $0), as: UTF8.self) }.first
        if let text, !text.isEmpty, text.unicodeScalars.allSatisfy({ $0.value >= 0x20 || "\n\r\t".unicodeScalars.contains($0) }) {
            let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            let cut = bytes.count > text.utf8.count || line.count < text.count
            return "it begins with the text \"\(line)\(cut ? "…" : "")\""
        }
        let hex = bytes.prefix(8).map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "it begins with the bytes \(hex.joined(separator: " "))"
    }
}
