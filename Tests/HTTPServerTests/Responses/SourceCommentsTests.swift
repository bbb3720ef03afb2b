// HTTPServerTests — the comments of scripts and stylesheets, left out of what is sent
import HTTPServer
import Testing

@Suite("Source comments")
struct SourceCommentsTests {
    private func script(_ text: String) -> String {
        String(decoding: SourceComments.stripped(Array(text.utf8), stylesheet: false), as: UTF8.self)
    }

    private func stylesheet(_ text: String) -> String {
        String(decoding: SourceComments.stripped(Array(text.utf8), stylesheet: true), as: UTF8.self)
    }

    @Test("a script's whole-line comments become empty lines; a comment after code and code stay")
    func scriptLines() {
        let source = "// The module.\n/// A doc line.\n  // indented\nconst a = 1; // after code\nconst url = 'http://x';\n"
        #expect(script(source) == "\n\n\nconst a = 1; // after code\nconst url = 'http://x';\n")
        #expect(script("// no line feed at the end") == "")
        #expect(script("") == "")
    }

    @Test("a line inside a template literal stays, even one that looks like a comment")
    func templates() {
        let source = "const t = `first\n// not a comment\nlast`;\n// a comment\nconst e = `\\`` + `x`;\n// gone\n"
        #expect(script(source) == "const t = `first\n// not a comment\nlast`;\n\nconst e = `\\`` + `x`;\n\n")
    }

    @Test("a stylesheet's block comments go, their line feeds kept; the rules stay as they were")
    func stylesheets() {
        let source = "/* head\n   second */\na{color:red}/* inline */b{x:url(/i/a.svg)}\n/* unterminated"
        #expect(stylesheet(source) == "\n\na{color:red}b{x:url(/i/a.svg)}\n")
    }

    @Test("the line count never changes, so errors point at the file's own lines")
    func lineCounts() {
        for source in ["a\n// b\nc\n", "x`\n// y\n`\n// z", "/* a\nb */c\n"] {
            for sheet in [false, true] {
                let out = SourceComments.stripped(Array(source.utf8), stylesheet: sheet)
                #expect(out.count { $0 == UInt8(ascii: "\n") } == source.utf8.count { $0 == UInt8(ascii: "\n") })
            }
        }
    }
}
