// ListRender — a hero cell's height estimated from its texts, wrapped as the page wraps them
import Models

extension TableMetrics {
    /// The estimated height of a hero's cell `width` points wide, as cells.css lays it out: 12 + 16 points of
    /// padding around the name and title (17-point bold name, 14-point title, lines of 22, wrapping), a row of
    /// tags when there are any (27), and the description's lines of 18 (14 points, wrapped at spaces and
    /// between CJK characters); never less than the 56-point icon and its padding.
    /// - Complexity: O(text).
    static func heroHeight(_ fields: Fields, width: Double?) -> Double {
        let column = descriptionWidth(inCell: width ?? referenceWidth)
        var heading = TextWrap(lineWidth: column)
        heading.add(fields["name"]?.text ?? "", size: 17, bold: true)
        heading.advance(by: 8)  // the name's margin
        heading.add(fields["title"]?.text ?? "", size: 14)
        var height = 28 + 22 * Double(heading.lines)
        if !FragmentRenderer.heroTags(fields["tags"]).isEmpty { height += 27 }
        if let description = FragmentRenderer.heroDescription(fields), !description.isEmpty {
            height += 18 * Double(descriptionLineCount(description, width: width))
        }
        return max(84, height)
    }

    /// The width of a hero description's text column in a cell `width` points wide: the cell less its
    /// padding (16 + 16), icon (56) and the gap after it (12).
    static func descriptionWidth(inCell width: Double) -> Double { max(120, width - 100) }

    /// The number of lines a hero's description wraps to in a cell `width` points wide (14-point text,
    /// ``TextWrap``), a line break ending a line, at least 1.
    /// - Parameters:
    ///   - text: the description.
    ///   - width: the cell's width in points, or nil for ``referenceWidth``.
    /// - Complexity: O(text).
    public static func descriptionLineCount(_ text: String, width: Double? = nil) -> Int {
        var wrap = TextWrap(lineWidth: descriptionWidth(inCell: width ?? referenceWidth))
        wrap.add(text, size: 14)
        return wrap.lines
    }
}

/// Text laid into lines of one width as a browser wraps `white-space: pre-line`: runs of spaces are one
/// space, a line breaks at a space or between CJK characters, a word longer than a line breaks where it
/// must, `\n` ends a line. Widths are estimated per character from the font size, as the page's system font
/// sets them in Chromium on Linux (DejaVu Sans; Apple's and Android's are a few percent narrower): Latin
/// letters 0.55 em (0.62 bold), spaces 0.32 em, CJK and other wide characters 1 em.
struct TextWrap {
    let lineWidth: Double
    /// The lines so far, at least 1.
    private(set) var lines = 1
    /// The width used on the last line, and the width of the word being read (not yet placed).
    private var used = 0.0
    private var word = 0.0
    private var pendingSpace = 0.0

    init(lineWidth: Double) {
        self.lineWidth = max(1, lineWidth)
    }

    /// Adds `text` set at `size` points.
    mutating func add(_ text: String, size: Double, bold: Bool = false) {
        let narrow = size * (bold ? 0.62 : 0.55)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n":
                placeWord()
                lines += 1
                used = 0
                pendingSpace = 0
            case " ", "\t":
                placeWord()
                if used > 0 { pendingSpace = size * 0.32 }
            default:
                if scalar.value >= 0x1100 {
                    // A wide character is a word of its own: a line may break before and after it.
                    placeWord()
                    word = size
                    placeWord()
                } else {
                    word += narrow
                }
            }
        }
        placeWord()
    }

    /// Leaves `points` of room after what is placed, as a margin does.
    mutating func advance(by points: Double) {
        placeWord()
        used += points
    }

    private mutating func placeWord() {
        guard word > 0 else { return }
        if used > 0, used + pendingSpace + word > lineWidth {
            lines += 1
            used = 0
        } else if used > 0 {
            used += pendingSpace
        }
        pendingSpace = 0
        // A word longer than the line breaks where it must.
        var rest = word
        while used + rest > lineWidth, rest > lineWidth {
            lines += 1
            rest -= lineWidth - used
            used = 0
        }
        used += rest
        word = 0
    }
}
