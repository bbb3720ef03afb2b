// ListRender — writes the content of one row's cell, after the editing controls
import Bytes
import Foundation
import Models

extension FragmentRenderer {
    /// Writes the content of one row's cell, after the editing controls.
    static func renderCell(_ row: FragmentRow.Lent, cell: CellKind, into html: inout HTMLBuffer) {
        // A friend's cell reads its fields itself, so the dictionary is not copied out for it first.
        if cell == .friend && html.marking == nil && renderFriend(row, into: &html) { return }
        let fields = row.fields.pointee
        switch cell {
        case .friend:
            // The name as a String only for a placeholder's initials; else texts are copied from the fields.
            let fallback = row.imageURL == nil ? fields["name"]?.text ?? "" : ""
            renderIcon(row.imageURL, size: 44, fallback: fallback, into: &html)
            let vip = fields["vip"]?.flag == true
            html.raw(vip ? "<div class=\"tx\"><div class=\"t1 vip\">" : "<div class=\"tx\"><div class=\"t1\">")
            html.cellText(fields, "name")
            html.raw("</div>")
            html.cellLine(fields, "intro", open: "<div class=\"t2\">", close: "</div>")
            html.raw("</div>")
        case .hero:
            renderHero(row, into: &html)
        case .app:
            let name = fields["name"]?.text ?? ""
            renderIcon(row.imageURL, size: 48, fallback: name, into: &html)
            html.raw("<div class=\"tx\"><div class=\"t1\">")
            html.cellText(name)
            html.raw("</div><div class=\"t2\">")
            html.text(appSummary(fields, language: html.language))
            // The App Store cell's button: Download, then Open once the app is installed (`installed`).
            if fields["installed"]?.flag == true {
                html.raw("</div></div><button type=\"button\" class=\"dl\" data-action=\"open\">")
                html.raw(html.language.pick(.open))
            } else {
                html.raw("</div></div><button type=\"button\" class=\"dl\" data-action=\"download\">")
                html.raw(html.language.pick(.download))
            }
            html.raw("</button>")
        case .message:
            renderMessage(fields, into: &html)
        case .table:
            renderTableCell(row, into: &html)
        case .basic:
            let primary = DatasetKind.primaryText(of: fields) ?? ""
            if fields["icon"] != nil || fields["image"] != nil {
                renderIcon(row.imageURL, size: 32, fallback: primary, into: &html)
            }
            html.raw("<div class=\"tx\"><div class=\"t1\">")
            html.cellText(primary)
            html.raw("</div>")
            renderLine(DatasetKind.secondaryText(of: fields), open: "<div class=\"t2\">", close: "</div>", into: &html)
            html.raw("</div>")
        }
    }

    /// Writes a friend's cell from one pass over its fields, its name and intro copied from the bytes
    /// they are stored as; false, having written nothing, when either is not a string (a number read
    /// from a file as one), which the general path writes as its text.
    static func renderFriend(_ row: FragmentRow.Lent, into html: inout HTMLBuffer) -> Bool {
        // The fields are read where the row's owner keeps them, so they are not retained.
        var name = UnsafeRawBufferPointer(start: nil, count: 0)
        var intro = UnsafeRawBufferPointer(start: nil, count: 0)
        var vip = false
        var plain = true
        Fields.forEachMember(of: row.fields) { key, value in
            switch key.count {
            case 3 where ByteComparison.same(key, "vip"):
                // A BOOL as key-value coding reads it: a flag, a number, or YES/true/1.
                switch value {
                case .value(let value): vip = value.flag ?? false
                case .string(let bytes): vip = FieldValue.flag(spelled: bytes) ?? false
                }
            case 4 where ByteComparison.same(key, "name"):
                if case .string(let bytes) = value { name = bytes } else { plain = false }
            case 5 where ByteComparison.same(key, "intro"):
                if case .string(let bytes) = value { intro = bytes } else { plain = false }
            default: break
            }
        }
        // An image with a dark appearance is drawn as a `<picture>`, by the general path.
        guard plain, row.imageURL.flatMap(darkAppearanceStart) == nil else { return false }
        let url = row.imageURL
        if url == nil { renderPlaceholder(size: 44, name: name, into: &html) }
        // The image, name and intro in one reservation: the markup is under 160 bytes, and each text takes
        // at most its escaped length.
        let texts = name.count &+ intro.count &+ (url?.count ?? 0)
        html.withRoom(160 &+ HTMLCursor.escapedRoom(texts)) { out in
            if let url {
                out.raw("<img class=\"icon\" src=\"")
                out.text(utf8: url)
                out.raw("\" alt=\"\" width=\"44\" height=\"44\">")
            }
            if vip {
                out.raw("<div class=\"tx\"><div class=\"t1 vip\">")
            } else {
                out.raw("<div class=\"tx\"><div class=\"t1\">")
            }
            out.text(utf8: name)
            out.raw("</div>")
            if !intro.isEmpty {
                out.raw("<div class=\"t2\">")
                out.text(utf8: intro)
                out.raw("</div>")
            }
            out.raw("</div>")
        }
        return true
    }

    static func renderHero(_ row: FragmentRow.Lent, into html: inout HTMLBuffer) {
        let fields = row.fields.pointee
        let name = fields["name"]?.text ?? ""
        renderIcon(row.imageURL, size: 56, fallback: name, into: &html)
        html.raw("<div class=\"tx\"><div class=\"t1\"><span class=\"nm\">")
        html.cellText(name)
        html.raw("</span>")
        renderLine(fields["title"]?.text, open: "<span class=\"ti\">", close: "</span>", into: &html)
        html.raw("</div>")
        let tags = heroTags(fields["tags"])
        if !tags.isEmpty {
            html.raw("<div class=\"tags\">")
            for tag in tags {
                html.raw("<span class=\"tag\">")
                html.cellText(tag)
                html.raw("</span>")
            }
            html.raw("</div>")
        }
        if let desc = heroDescription(fields), !desc.isEmpty {
            html.raw("<p class=\"desc\">")
            html.cellText(desc)
            html.raw("</p>")
        }
        html.raw("</div>")
    }

    /// A hero's description: its `desc`, else its `intro` (the classic `{name, icon, intro}` heroes).
    public static func heroDescription(_ fields: Fields) -> String? {
        fields["desc"]?.text ?? fields["intro"]?.text
    }

    static func renderMessage(_ fields: Fields, into html: inout HTMLBuffer) {
        let unread = fields["read"]?.flag == false
        html.raw("<img class=\"icon\" src=\"")
        html.url(of: unread ? .messageUnread : .message)
        html.raw("\" alt=\"\" width=\"40\" height=\"40\">")
        html.raw("<div class=\"tx\"><div class=\"t1\">")
        if unread { html.raw("<span class=\"dot\" role=\"img\" aria-label=\"Unread\"></span>") }
        html.raw("<span class=\"tt\">")
        html.cellText(fields["title"]?.text ?? "")
        html.raw("</span>")
        if let date = messageDate(fields["send_time"]) {
            html.raw("<time datetime=\"")
            html.text(date)
            html.raw("\">")
            html.text(date)
            html.raw("</time>")
        }
        html.raw("</div>")
        renderLine(fields["content"]?.text, open: "<div class=\"t2\">", close: "</div>", into: &html)
        html.raw("</div>")
    }

    /// Writes the row's image, or, when its name resolved nowhere, a placeholder as iOS draws a contact
    /// without a photo: the initials of `fallback` on a colour picked from it, with no request.
    /// - Parameters:
    ///   - url: the UTF-8 bytes of the resolved image URL (already percent-encoded), nil for the placeholder;
    ///     `LIGHT DARK` for an image with a dark appearance, drawn as a `<picture>`.
    ///   - size: the square's side in pixels.
    ///   - fallback: the row's name, for the initials and the colour.
    static func renderIcon(
        _ url: UnsafeRawBufferPointer?, size: Int, fallback: String, into html: inout HTMLBuffer
    ) {
        if let url, let dark = darkAppearanceStart(url) {
            // `LIGHT DARK`: the dark appearance's file where the page is dark, as an asset catalog's image set
            // gives one.
            html.raw("<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"")
            html.text(utf8: UnsafeRawBufferPointer(rebasing: url[dark...]))
            html.raw("\">")
            renderIcon(UnsafeRawBufferPointer(rebasing: url[..<(dark - 1)]), size: size, fallback: fallback, into: &html)
            html.raw("</picture>")
        } else if let url {
            html.raw("<img class=\"icon\" src=\"")
            html.text(utf8: url)
            // The cells' own sizes in one piece each.
            switch size {
            case 32: html.raw("\" alt=\"\" width=\"32\" height=\"32\">")
            case 44: html.raw("\" alt=\"\" width=\"44\" height=\"44\">")
            case 48: html.raw("\" alt=\"\" width=\"48\" height=\"48\">")
            case 56: html.raw("\" alt=\"\" width=\"56\" height=\"56\">")
            default:
                html.raw("\" alt=\"\" width=\"")
                html.int(size)
                html.raw("\" height=\"")
                html.int(size)
                html.raw("\">")
            }
        } else {
            var fallback = fallback
            fallback.withUTF8 { renderPlaceholder(size: size, name: UnsafeRawBufferPointer($0), into: &html) }
        }
    }

    /// Where the dark appearance's URL starts in an image URL that names one after a space (`LIGHT DARK`:
    /// percent-encoded URLs hold no space); nil for a URL of one image, which most are: that is found 16 bytes
    /// at a time (``BlockScan``), not byte by byte.
    /// - Complexity: O(bytes of the URL).
    static func darkAppearanceStart(_ url: UnsafeRawBufferPointer) -> Int? {
        guard BlockScan.anyBlock(of: url, { BlockScan.anyLane($0 .== SIMD16(repeating: 0x20)) }) else { return nil }
        return url.firstIndex(of: UInt8(ascii: " ")).map { $0 + 1 }
    }

    /// Writes the placeholder of an image that resolves nowhere (see ``renderIcon(_:size:fallback:into:)``)
    /// for a name lent as UTF-8 bytes: an ASCII name's initials and colour are read from its bytes, with no
    /// string made. Under 43 px the initials' type is two fifths of the size, so two CJK characters (each
    /// an em wide) fit on one line, as iOS scales a monogram to its circle; larger ones keep the body's 17 px.
    static func renderPlaceholder(size: Int, name: UnsafeRawBufferPointer, into html: inout HTMLBuffer) {
        switch size {
        case 44: html.raw("<span class=\"icon ph\" aria-hidden=\"true\" style=\"width:44px;height:44px;background:")
        default:
            html.raw("<span class=\"icon ph\" aria-hidden=\"true\" style=\"width:")
            html.int(size)
            html.raw("px;height:")
            html.int(size)
            if size * 2 / 5 < 17 {
                html.raw("px;font-size:")
                html.int(size * 2 / 5)
            }
            html.raw("px;background:")
        }
        html.raw(Placeholder.colour(forUTF8: name))
        html.raw("\">")
        if let initials = Placeholder.asciiInitials(utf8: name) {
            withUnsafeBytes(of: initials.letters) { letters in
                html.text(utf8: UnsafeRawBufferPointer(rebasing: letters.prefix(initials.count)))
            }
        } else {
            html.text(Placeholder.unicodeInitials(of: String(decoding: name, as: UTF8.self)))
        }
        html.raw("</span>")
    }

    /// Writes `open`, the escaped text (its search matches marked) and `close` when the text is present
    /// and not empty.
    static func renderLine(_ text: String?, open: StaticString, close: StaticString, into html: inout HTMLBuffer) {
        guard let text, !text.isEmpty else { return }
        html.raw(open)
        html.cellText(text)
        html.raw(close)
    }
}
