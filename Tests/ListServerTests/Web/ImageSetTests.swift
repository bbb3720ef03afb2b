// ListServerTests — an image set's Contents.json read by the rules of Xcode's asset catalogs
import Testing

@testable import ListServer

@Suite("Assets: an image set's Contents.json chooses the file a browser shows best")
struct ImageSetTests {
    /// A `Contents.json` with these entries, as Xcode writes it.
    static func contents(_ images: [String]) -> [UInt8] {
        Array(#"{"images":[\#(images.joined(separator: ","))],"info":{"author":"xcode","version":1}}"#.utf8)
    }

    /// One entry of `images`.
    static func entry(_ file: String?, idiom: String = "universal", scale: String? = nil, extra: String = "") -> String
    {
        var fields = [#""idiom":"\#(idiom)""#]
        if let file { fields.append(#""filename":"\#(file)""#) }
        if let scale { fields.append(#""scale":"\#(scale)""#) }
        if !extra.isEmpty { fields.append(extra) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static let dark = #""appearances":[{"appearance":"luminosity","value":"dark"}]"#

    /// The file chosen in `appearance` when every file named exists, or only those in `existing`.
    static func chosen(_ images: [String], _ appearance: ImageSet.Appearance = .light, existing: Set<String>? = nil)
        throws -> String?
    {
        try ImageSet(contentsJSON: contents(images)).file(for: appearance) { existing?.contains($0) ?? true }
    }

    @Test("the best scale wins: 3x, then 2x, then 1x, then a file with no scale")
    func scales() throws {
        let all = [
            Self.entry("a.svg"), Self.entry("a1.png", scale: "1x"), Self.entry("a3.png", scale: "3x"),
            Self.entry("a2.png", scale: "2x"),
        ]
        #expect(try Self.chosen(all) == "a3.png")
        #expect(try Self.chosen(all, existing: ["a.svg", "a1.png", "a2.png"]) == "a2.png", "a missing file is skipped")
        #expect(try Self.chosen(all, existing: ["a.svg", "a1.png"]) == "a1.png")
        #expect(try Self.chosen(all, existing: ["a.svg"]) == "a.svg")
        #expect(try Self.chosen(all, existing: []) == nil)
        #expect(try Self.chosen([Self.entry(nil, scale: "1x"), Self.entry(nil, scale: "2x")]) == nil, "empty slots")
    }

    @Test("iphone and universal entries are chosen over other idioms, which serve only when they are all there is")
    func idioms() throws {
        let mixed = [
            Self.entry("pad.png", idiom: "ipad", scale: "2x"), Self.entry("mac.png", idiom: "mac", scale: "3x"),
            Self.entry("phone.png", idiom: "iphone", scale: "1x"), Self.entry("any.png", scale: "1x"),
        ]
        #expect(try Self.chosen(mixed) == "phone.png", "iphone before universal at one scale, before any iPad scale")
        #expect(try Self.chosen([Self.entry("pad.png", idiom: "ipad", scale: "2x")]) == "pad.png")
        #expect(try Self.chosen([Self.entry("w.png", idiom: "watch"), Self.entry("u.png")]) == "u.png")
    }

    @Test("PDF, HEIC and TIFF entries are skipped for a file a browser draws; a set of only those shows nothing")
    func formats() throws {
        #expect(try Self.chosen([Self.entry("v.pdf"), Self.entry("r.png", scale: "1x")]) == "r.png")
        #expect(try Self.chosen([Self.entry("v.PDF"), Self.entry("r.SVG")]) == "r.SVG")
        #expect(try Self.chosen([Self.entry("v.pdf"), Self.entry("h.heic", scale: "3x"), Self.entry("t.tiff")]) == nil)
    }

    @Test("the dark appearance has its own file; the light one is a light entry, else one with no appearance")
    func appearances() throws {
        let images = [
            Self.entry("any.png", scale: "2x"), Self.entry("dark.png", scale: "2x", extra: Self.dark),
            Self.entry("dark3.png", scale: "3x", extra: Self.dark),
            Self.entry("high.png", scale: "3x", extra: #""appearances":[{"appearance":"contrast","value":"high"}]"#),
        ]
        #expect(try Self.chosen(images) == "any.png", "a high-contrast entry is never chosen")
        #expect(try Self.chosen(images, .dark) == "dark3.png")
        #expect(try Self.chosen([Self.entry("any.png", scale: "2x")], .dark) == nil)
        let light = #""appearances":[{"appearance":"luminosity","value":"light"}]"#
        #expect(try Self.chosen(images + [Self.entry("light.png", scale: "1x", extra: light)]) == "light.png")
        #expect(try Self.chosen([Self.entry("dark.png", extra: Self.dark)]) == nil, "no light file, nothing to show")
    }

    @Test("an entry for a size class, a subtype or a wide gamut is chosen only when no plainer one has its scale")
    func traits() throws {
        let p3 = Self.entry("p3.png", scale: "2x", extra: #""display-gamut":"display-P3""#)
        let compact = Self.entry("compact.png", scale: "2x", extra: #""width-class":"compact""#)
        #expect(try Self.chosen([p3, compact, Self.entry("plain.png", scale: "2x")]) == "plain.png")
        #expect(
            try Self.chosen([p3, Self.entry("srgb.png", scale: "2x", extra: #""display-gamut":"sRGB""#)]) == "srgb.png")
        #expect(try Self.chosen([Self.entry("plain.png", scale: "1x"), p3]) == "p3.png", "the scale comes first")
    }

    @Test(
        "a Contents.json that is not an object of images, or names a file outside its folder, is refused whole",
        arguments: [
            "", "{", "[]", #"{"images":{}}"#, #"{"images":[1]}"#, #"{"info":{}}"#,
            String(
                decoding: contents([entry("../../outside/secret.png", scale: "2x"), entry("ok.png")]), as: UTF8.self),
            String(decoding: contents([entry("sub/x.png")]), as: UTF8.self),
            String(decoding: contents([entry(".hidden.png")]), as: UTF8.self),
            String(decoding: contents([entry(#"a\\b.png"#)]), as: UTF8.self),
            String(decoding: contents([entry(#"a\u0000.png"#)]), as: UTF8.self),
            String(decoding: contents([entry("")]), as: UTF8.self),
        ])
    func refused(_ json: String) {
        #expect(throws: ImageSet.Error.self) { try ImageSet(contentsJSON: Array(json.utf8)) }
    }
}
