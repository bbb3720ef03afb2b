// ListRender — cell text with the matches of a search marked
import Models

extension HTMLBuffer {
    /// Appends the text of a cell, escaped as ``text(_:)`` escapes it, with every match of
    /// ``marking`` wrapped in `<mark>`…`</mark>`. Only for element content: attribute values go
    /// through ``text(_:)``, which never marks.
    /// - Complexity: O(n) in the UTF-8 length of `text` outside a search; O(n · m) at worst for a
    ///   query of m bytes during one.
    public mutating func cellText(_ text: String) {
        guard let query = marking, !text.isEmpty else {
            self.text(text)
            return
        }
        let ranges = query.ranges(in: text)
        guard !ranges.isEmpty else {
            self.text(text)
            return
        }
        // Every range covers whole scalars, so each piece decodes to exactly its part of the text.
        let utf8 = Array(text.utf8)
        var written = 0
        for range in ranges {
            if range.lowerBound > written { self.text(String(decoding: utf8[written..<range.lowerBound], as: UTF8.self)) }
            raw("<mark>")
            self.text(String(decoding: utf8[range], as: UTF8.self))
            raw("</mark>")
            written = range.upperBound
        }
        if written < utf8.count { self.text(String(decoding: utf8[written...], as: UTF8.self)) }
    }

    /// The text of a field as a cell shows it (``FieldValue/text``): marked while searching, else escaped
    /// straight from the bytes the field lends, with no `String` made. A missing field writes nothing.
    public mutating func cellText(_ fields: Fields, _ key: String) {
        guard marking == nil else { return cellText(fields[key]?.text ?? "") }
        _ = fields.withText(forKey: key) { text(utf8: $0) }
    }

    /// A field's text between `open` and `close`, as ``cellText(_:_:)`` writes it; nothing at all when the
    /// field is missing or its text empty.
    public mutating func cellLine(_ fields: Fields, _ key: String, open: StaticString, close: StaticString) {
        guard marking == nil else {
            guard let text = fields[key]?.text, !text.isEmpty else { return }
            raw(open)
            cellText(text)
            raw(close)
            return
        }
        _ = fields.withText(forKey: key) { bytes in
            guard !bytes.isEmpty else { return }
            raw(open)
            text(utf8: bytes)
            raw(close)
        }
    }
}
