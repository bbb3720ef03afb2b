// ListRender — the table document's text fields and sliders, and texts in the reader's language
import Models

extension FragmentRenderer {
    /// A row's or section's text in the reader's language: the translation under `localized` that
    /// ``LanguageMatch`` picks for the reader (`de` for `de-CH`, `zh-Hant-TW` for `zh-TW`), else for `language`
    /// (`{"zh-Hans": {"text": "通用"}}`, as a Settings bundle's strings give them), else the text under `key`.
    /// - Parameter reader: the reader's language tag when the interface does not speak it.
    /// - Returns: nil when none holds a text.
    /// - Complexity: O(bytes of the fields).
    public static func localizedText(_ fields: Fields, _ key: String, language: UILanguage, reader: String? = nil) -> String? {
        if let languages = fields["localized"]?.dictValue {
            // The languages that hold this text, as ``LanguageMatch`` picks among them: the reader's, else the
            // interface's when the reader's is one it speaks (`zh-CN` reads `zh-Hans`).
            let holding = languages.compactMap { $0.value.dictValue?[key]?.text == nil ? nil : $0.key }
            if let reader, let tag = LanguageMatch.best(for: reader, among: holding) {
                return languages[tag]?.dictValue?[key]?.text
            }
            if reader == nil || UILanguage(tag: reader ?? "") != nil,
                let tag = LanguageMatch.best(for: reader ?? language.tag.description, among: holding),
                UILanguage(tag: tag) == language
            {
                return languages[tag]?.dictValue?[key]?.text
            }
        }
        return fields[key]?.text
    }

    /// The detail of a row that opens a choice list (a Settings multi-value): the checked row's short title
    /// (`short`), else its text, in the reader's language.
    /// - Returns: nil when the row opens no choice list or none of its rows is checked.
    /// - Complexity: O(rows of the child table's first choice list).
    static func choiceDetail(_ fields: Fields, language: UILanguage, reader: String? = nil) -> String? {
        guard fields["specifier"] != nil, let child = fields[TableDocument.childKey]?.dictValue else { return nil }
        for section in child[TableDocument.sectionsKey]?.arrayValue ?? [] {
            guard let section = section.dictValue, section[TableDocument.choiceKey]?.stringValue == "single" else { continue }
            let rows = section[TableDocument.rowsKey]?.arrayValue ?? []
            let checked = rows.lazy.compactMap(\.dictValue).first {
                $0["accessory"]?.stringValue == TableAccessory.checkmark.rawValue
            }
            guard let checked else { return nil }
            return localizedText(checked, "short", language: language, reader: reader)
                ?? localizedText(checked, "text", language: language, reader: reader)
        }
        return nil
    }

    /// Writes a text field (`UITextField`) holding the row's `value`: dots when `secure`, the keyboard as
    /// `inputmode`, `autocapitalize` and `autocorrect`/`spellcheck` from the row's text input traits. The
    /// page saves it on Enter or when it loses the focus (`data-action="text"`).
    static func renderTextField(_ fields: Fields, label: String, into html: inout HTMLBuffer) {
        html.raw("<input class=\"acc tf\" data-action=\"text\" data-key=\"value\" type=\"")
        html.raw(fields["secure"]?.flag == true ? "password" : "text")
        html.raw("\" value=\"")
        html.text(fields["value"]?.text ?? "")
        html.raw("\" aria-label=\"")
        html.text(label.isEmpty ? fields["specifier"]?.dictValue?["Key"]?.text ?? "Text" : label)
        html.raw("\" inputmode=\"")
        html.raw(inputMode(fields["keyboardType"]?.stringValue))
        html.raw("\" autocapitalize=\"")
        html.raw(autocapitalize(fields["autocapitalization"]?.stringValue))
        let corrects = fields["autocorrection"]?.stringValue == "Yes"
        html.raw(corrects ? "\" autocorrect=\"on\" spellcheck=\"true\"" : "\" autocorrect=\"off\" spellcheck=\"false\"")
        // A secure field is a password as autofill names one; any other is no address or name to fill in.
        html.raw(fields["secure"]?.flag == true ? " autocomplete=\"current-password\"" : " autocomplete=\"off\"")
        html.raw(" enterkeyhint=\"done\" tabindex=\"-1\">")
    }

    /// Writes a slider (`UISlider`) holding the row's `value` between `minimumValue` and `maximumValue`; the
    /// page saves it when it is let go (`data-action="slide"`). The images of its ends (`minimumValueImage`,
    /// `maximumValueImage`) are drawn before and after it when the bundle has them: `minimumImageSources` and
    /// `maximumImageSources` are their `<img srcset>`, each variant at its density, so that an image is drawn
    /// at its size in points as UIKit draws it. They are decoration: the slider's label names it.
    static func renderSlider(_ fields: Fields, label: String, into html: inout HTMLBuffer) {
        renderSliderImage(fields["minimumImageSources"], end: "min", into: &html)
        let minimum = fields["minimumValue"]?.number ?? 0
        let maximum = fields["maximumValue"]?.number ?? 1
        let value = min(max(fields["value"]?.number ?? minimum, minimum), maximum)
        html.raw("<input class=\"acc sl\" data-action=\"slide\" data-key=\"value\" type=\"range\" step=\"any\" min=\"")
        html.text(number(minimum))
        html.raw("\" max=\"")
        html.text(number(maximum))
        html.raw("\" value=\"")
        html.text(number(value))
        // The track is tinted up to the thumb (the page's CSS reads --fill).
        let fill = maximum > minimum ? (value - minimum) / (maximum - minimum) * 100 : 0
        html.raw("\" style=\"--fill:")
        html.text(number((fill * 10).rounded() / 10))
        html.raw("%\" aria-label=\"")
        html.text(label.isEmpty ? sliderName(fields, language: html.language) : label)
        html.raw("\" tabindex=\"-1\">")
        renderSliderImage(fields["maximumImageSources"], end: "max", into: &html)
    }

    /// The name of a slider without a title (the Settings app draws none): its end images' names as a reader
    /// says them (`quiet@2x.png` and `Images/loud.png`: "quiet – loud"), else "Slider"; never its defaults key.
    static func sliderName(_ fields: Fields, language: UILanguage) -> String {
        let ends = ["minimumImage", "maximumImage"].compactMap { key -> String? in
            guard var name = fields[key]?.stringValue?.split(separator: "/").last.map(String.init) else { return nil }
            if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
            for scale in ["@2x", "@3x", "@1x"] where name.hasSuffix(scale) { name = String(name.dropLast(scale.count)) }
            name = String(name.map { $0 == "_" || $0 == "-" ? " " : $0 })
            return name.isEmpty ? nil : name
        }
        return ends.isEmpty ? language.pick(.slider).description : ends.joined(separator: " – ")
    }

    /// Writes the image of one end of a slider, when it has one.
    private static func renderSliderImage(_ sources: FieldValue?, end: StaticString, into html: inout HTMLBuffer) {
        guard let sources = sources?.stringValue, !sources.isEmpty else { return }
        html.raw("<img class=\"si\" data-end=\"")
        html.raw(end)
        html.raw("\" alt=\"\" srcset=\"")
        html.text(sources)
        html.raw("\">")
    }

    /// A number as an HTML number attribute writes it: integers without a fraction.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// `UIKeyboardType` as `PSTextFieldSpecifier` names it, as the `inputmode` a browser's keyboard follows.
    private static func inputMode(_ keyboard: String?) -> StaticString {
        switch keyboard {
        case "NumberPad": "numeric"
        case "NumbersAndPunctuation": "decimal"
        case "URL": "url"
        case "EmailAddress": "email"
        default: "text"
        }
    }

    /// `UITextAutocapitalizationType` as the specifier names it, as `autocapitalize` says it.
    private static func autocapitalize(_ type: String?) -> StaticString {
        switch type {
        case "Sentences": "sentences"
        case "Words": "words"
        case "AllCharacters": "characters"
        default: "none"
        }
    }
}
