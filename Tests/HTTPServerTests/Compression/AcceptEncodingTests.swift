// HTTPServerTests — what Accept-Encoding says about gzip

import Testing

@testable import HTTPServer

@Suite("Accept-Encoding read for gzip")
struct AcceptEncodingTests {
    private func accepts(_ values: String...) -> Bool {
        AcceptEncoding(values).acceptsGzip
    }

    @Test("gzip named, in any case, among other codings, with a weight above 0, is accepted")
    func named() {
        for value in [
            "gzip", "GZIP", "Gzip", "deflate, gzip", "gzip, deflate, br, zstd", "br;q=1.0, gzip;q=0.8, *;q=0.1",
            "gzip;q=1", "gzip;q=1.000", "gzip;q=0.001", "gzip; q=0.5", "gzip ;Q=0.5", " gzip ", "x-gzip",
            "identity, gzip;level=1", ",gzip,", "gzip;q=0.5;x=y",
        ] {
            #expect(accepts(value), "\(value)")
        }
    }

    @Test("q=0 refuses gzip, even where * would accept it")
    func refused() {
        for value in [
            "gzip;q=0", "gzip;q=0.0", "gzip;q=0.000", "gzip; Q=0", "*, gzip;q=0", "gzip;q=0, *;q=1",
            "x-gzip;q=0, *",
        ] {
            #expect(!accepts(value), "\(value)")
        }
    }

    @Test("* accepts gzip when gzip is not named; *;q=0 refuses it")
    func wildcard() {
        #expect(accepts("*"))
        #expect(accepts("br, *;q=0.2"))
        #expect(!accepts("*;q=0"))
        #expect(!accepts("br, *;q=0"))
    }

    @Test("no field, an empty one, or only other codings take identity")
    func identity() {
        #expect(!AcceptEncoding([String]()).acceptsGzip)
        for value in ["", " ", ",", "identity", "br", "deflate, br", "gzipx", "gzi", "compress"] {
            #expect(!accepts(value), "\(value)")
        }
    }

    @Test("an element with a malformed weight or parameter is ignored, not taken as accepting")
    func malformed() {
        for value in [
            "gzip;q=", "gzip;q=2", "gzip;q=1.5", "gzip;q=0.0001", "gzip;q=abc", "gzip;q=.5", "gzip;q", "gzip;",
            "gzip;q=-1", "g zip", "gzip\u{1}",
        ] {
            #expect(!accepts(value), "\(value)")
        }
        #expect(accepts("gzip;q=abc, *"), "the bad element is ignored, * still stands")
    }

    @Test("several fields are read as one list")
    func severalFields() {
        #expect(accepts("br", "gzip"))
        #expect(!accepts("*", "gzip;q=0"))
        #expect(accepts("gzip;q=0", "gzip;q=0.5"), "the highest weight of the elements naming gzip")
    }

    @Test("qvalues are thousandths")
    func qvalues() {
        func q(_ text: String) -> Int? {
            Array(text.utf8).withUnsafeBytes { AcceptEncoding.qvalue($0[...]) }
        }
        #expect(q("0") == 0)
        #expect(q("0.") == 0)
        #expect(q("0.5") == 500)
        #expect(q("0.25") == 250)
        #expect(q("0.125") == 125)
        #expect(q("1") == 1000)
        #expect(q("1.0") == 1000)
        #expect(q("1.01") == nil)
        #expect(q("0.1234") == nil)
        #expect(q("") == nil)
        #expect(q("2") == nil)
    }
}
