// HTTPServer — what a request's Accept-Encoding fields say about gzip

/// What a request's `Accept-Encoding` fields say about gzip (RFC 9110 §12.5.3), read as a pure function
/// over their bytes.
///
/// Each field is a comma-separated list of codings, each with an optional weight (`gzip;q=0.5`), names
/// compared without case. `x-gzip` is `gzip` (RFC 9110 §8.4.1.3). A coding named with `q=0` is refused; `*`
/// stands for every coding not named. So gzip is accepted when a `gzip` element has a weight above 0, or
/// when none is named and a `*` element has one. No field at all, or an empty one, accepts only `identity`
/// here: a client that sends nothing is answered as it always was. An element whose parameters are not
/// well formed (a weight that is not a qvalue, a parameter with no `=`) is ignored as not understood.
struct AcceptEncoding: Equatable {
    /// The highest weight, in thousandths, of the elements naming gzip; nil when none does.
    private(set) var gzipWeight: Int?
    /// The highest weight, in thousandths, of the `*` elements; nil when there is none.
    private(set) var anyWeight: Int?

    init() {}

    /// What the fields with these values say together.
    /// - Complexity: O(total length of the values).
    init(_ values: some Sequence<String>) {
        for value in values { read(value) }
    }

    /// Whether gzip may be sent.
    var acceptsGzip: Bool {
        if let gzipWeight { return gzipWeight > 0 }
        return (anyWeight ?? 0) > 0
    }

    /// Reads one `Accept-Encoding` field value.
    /// - Complexity: O(value.utf8.count).
    mutating func read(_ value: String) {
        var value = value
        value.withUTF8 { read(UnsafeRawBufferPointer($0)) }
    }

    /// Reads one `Accept-Encoding` field value from its bytes.
    /// - Complexity: O(value.count); no allocation.
    mutating func read(_ value: UnsafeRawBufferPointer) {
        var start = 0
        while start <= value.count {
            let end = HTTPBytes.firstIndex(of: UInt8(ascii: ","), in: value, from: start) ?? value.count
            readElement(value[start..<end])
            start = end + 1
        }
    }

    /// One element: a coding, then `;`-separated parameters of which only `q` means anything.
    private mutating func readElement(_ element: Slice<UnsafeRawBufferPointer>) {
        let semicolon = element.firstIndex(of: UInt8(ascii: ";")) ?? element.endIndex
        let coding = HTTPBytes.trimmingWhitespace(element[..<semicolon])
        guard !coding.isEmpty, coding.allSatisfy(HTTPBytes.isTokenByte) else { return }
        var weight = 1000
        var start = semicolon + 1
        while start <= element.endIndex {
            let end = element[start...].firstIndex(of: UInt8(ascii: ";")) ?? element.endIndex
            let parameter = HTTPBytes.trimmingWhitespace(element[start..<end])
            guard let equals = parameter.firstIndex(of: UInt8(ascii: "=")) else { return }
            let name = HTTPBytes.trimmingWhitespace(parameter[..<equals])
            if name.count == 1 && HTTPBytes.lowercased(name[name.startIndex]) == UInt8(ascii: "q") {
                guard let value = Self.qvalue(HTTPBytes.trimmingWhitespace(parameter[(equals + 1)...])) else { return }
                weight = value
            }
            start = end + 1
        }
        let name = UnsafeRawBufferPointer(rebasing: coding)
        if HTTPBytes.equalsIgnoringCase(name, lowercase: "gzip")
            || HTTPBytes.equalsIgnoringCase(name, lowercase: "x-gzip")
        {
            gzipWeight = Swift.max(gzipWeight ?? 0, weight)
        } else if coding.count == 1 && coding.first == UInt8(ascii: "*") {
            anyWeight = Swift.max(anyWeight ?? 0, weight)
        }
    }

    /// A weight (RFC 9110 §12.4.2: `0` to `1` with at most three decimals) in thousandths.
    /// - Returns: nil when `bytes` is not a qvalue.
    static func qvalue(_ bytes: Slice<UnsafeRawBufferPointer>) -> Int? {
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        let units = Int(first - UInt8(ascii: "0"))
        let rest = bytes.dropFirst()
        guard let dot = rest.first else { return units * 1000 }
        let decimals = rest.dropFirst()
        guard dot == UInt8(ascii: "."), decimals.count <= 3 else { return nil }
        var thousandths = 0
        var scale = 100
        for digit in decimals {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            thousandths += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        guard units == 0 || thousandths == 0 else { return nil }
        return units * 1000 + thousandths
    }
}
