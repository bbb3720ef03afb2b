// ListRenderTests — HTML buffer numbers
import Testing

@testable import ListRender

@Suite("HTML buffer numbers")
struct RenderHTMLBufferTests {
    @Test(
        "pixel values are whole numbers or have at most two decimals",
        arguments: [
            (0.0, "0"), (12.0, "12"), (43.5, "43.5"), (12.25, "12.25"), (-3.5, "-3.5"), (0.004, "0"),
            (44_000_000.0, "44000000"), (1.005, "1"), (Double.nan, "0"), (Double.infinity, "0"), (7.1, "7.1"),
        ])
    func pixels(value: Double, text: String) {
        var buffer = HTMLBuffer()
        buffer.pixels(value)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == text)
    }

    @Test("integers are written in decimal", arguments: [0, 7, 10, 99, 100, -1, -120, Int.max, Int.min])
    func integers(value: Int) {
        var buffer = HTMLBuffer()
        buffer.int(value)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == String(value))
    }

    @Test("pixels round half away from zero as rounded() does, at halves, near them and far out")
    func pixelsRoundLikeTheLibrary() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0.005, -0.005, 0.015, 2.675, -2.675, 0.49999999999999994 / 100, 1e14 + 0.5, -1e14]
        for hundredths in stride(from: -1000.0, through: 1000.0, by: 1) {
            values += [(hundredths + 0.5) / 100, hundredths / 100, (hundredths + 0.4999) / 100]
        }
        for _ in 0..<5000 { values.append(Double.random(in: -1e12...1e12, using: &generator)) }
        for value in values {
            var buffer = HTMLBuffer()
            buffer.pixels(value)
            let hundredths = Int64((value * 100).rounded())
            let whole = String(hundredths.magnitude / 100)
            let fraction = hundredths.magnitude % 100
            let tail = fraction == 0 ? "" : fraction % 10 == 0 ? ".\(fraction / 10)" : ".\(fraction / 10)\(fraction % 10)"
            let expected = (hundredths < 0 ? "-" : "") + whole + tail
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == expected, "\(value)")
        }
    }

    @Test("a run of integers of up to nine digits, zeros inside, written into one growing buffer, as String writes")
    func integersInOneBuffer() {
        var buffer = HTMLBuffer(capacity: 0)
        var expected = ""
        for step in 0..<20_000 {
            let value = UInt64(step) &* 7_919 &* UInt64(1 + step % 13) % 1_000_000_000 + UInt64(step % 3) * 100
            buffer.int(value)
            buffer.raw(",")
            expected += String(value) + ","
        }
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == expected)
    }

    @Test("integers of every digit count and at every power of ten are written as String writes them")
    func integersAtEveryLength() {
        var values: [UInt64] = [0, 9, 10, 11, 99, 100, 101, UInt64.max, UInt64.max - 1]
        var power: UInt64 = 1
        for _ in 0..<19 {
            power *= 10
            values += [power - 1, power, power + 1]
        }
        for value in values {
            var buffer = HTMLBuffer()
            buffer.int(value)
            buffer.int(-Int64(truncatingIfNeeded: value % UInt64(Int64.max)))
            #expect(
                String(decoding: buffer.bytes, as: UTF8.self)
                    == String(value) + String(-Int64(truncatingIfNeeded: value % UInt64(Int64.max))))
        }
    }
}
