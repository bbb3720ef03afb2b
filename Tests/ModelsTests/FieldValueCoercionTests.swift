// ModelsTests — FieldValue reads values as a KVC model property does
import Foundation
import Testing

@testable import Models

/// The error checking `fields` against `rules` gives, as `keyPath: message`; nil when they fit.
private func violation(_ fields: Fields, _ rules: [FieldRule]) -> String? {
    do {
        try rules.check(fields)
        return nil
    } catch {
        return "\(error.keyPath): \(error.message)"
    }
}

@Suite("FieldValue reads values as a KVC model property does")
struct FieldValueCoercionTests {
    @Test("text is a string as it is, an integer's digits and a finite real's shortest text")
    func text() {
        #expect(FieldValue.string("1576139886").text == "1576139886")
        #expect(FieldValue.string("").text == "")
        #expect(FieldValue.int(42).text == "42")
        #expect(FieldValue.int(.min).text == "-9223372036854775808")
        #expect(FieldValue.real(23.4).text == "23.4")
        #expect(FieldValue.real(5).text == "5")
        #expect(FieldValue.real(-0.0).text == "0")
        #expect(FieldValue.real(1e300).text == "1e+300")
        for value: FieldValue in [
            .real(.nan), .real(.infinity), .bool(true), .date(Date(timeIntervalSince1970: 0)), .data([1]),
            .array([.string("a")]), .dict(["a": .string("b")]), .null,
        ] {
            #expect(value.text == nil, "\(value)")
        }
    }

    @Test(
        "a plain decimal is an optional minus, digits and an optional fraction, and nothing else",
        arguments: [
            ("2", true), ("-3", true), ("23.4", true), ("007", true), ("-0.50", true), ("1576139886", true),
            ("", false), ("yes", false), ("2x", false), (" 2", false), ("2 ", false), ("+2", false), ("-", false),
            (".5", false), ("5.", false), ("1e3", false), ("1.2.3", false), ("--1", false), ("0x10", false),
            ("nan", false), ("inf", false), ("٣", false), ("2\n", false),
        ])
    func plainDecimals(text: String, isPlain: Bool) {
        #expect(FieldValue.isPlainDecimal(text) == isPlain)
    }

    @Test("number reads integers, reals and plain decimal strings")
    func number() {
        #expect(FieldValue.int(2).number == 2)
        #expect(FieldValue.real(23.4).number == 23.4)
        #expect(FieldValue.string("23.4").number == 23.4)
        #expect(FieldValue.string("-3").number == -3)
        #expect(FieldValue.string("1576139886").number == 1_576_139_886)
        #expect(FieldValue.string(String(repeating: "9", count: 400)).number == nil)
        for value: FieldValue in [.string("yes"), .string(""), .string("2x"), .bool(true), .null, .array([])] {
            #expect(value.number == nil, "\(value)")
        }
    }

    @Test("integer reads integers and strings of digits that fit in 64 bits, never reals")
    func integer() {
        #expect(FieldValue.int(-7).integer == -7)
        #expect(FieldValue.string("2").integer == 2)
        #expect(FieldValue.string("-3").integer == -3)
        #expect(FieldValue.string("9223372036854775807").integer == .max)
        for value: FieldValue in [
            .string("9223372036854775808"), .string("2.5"), .string("2.0"), .string("yes"), .string(""),
            .real(2), .bool(true),
        ] {
            #expect(value.integer == nil, "\(value)")
        }
    }

    @Test("a string field takes integers and reals, a number field numeric strings, and each keeps its type")
    func rulesAcceptWhatTheAccessorsRead() {
        let rules = [FieldRule("s", .string), FieldRule("i", .integer), FieldRule("n", .number)]
        let fields: Fields = ["s": .int(42), "i": .string("-3"), "n": .string("23.4")]
        #expect(violation(fields, rules) == nil)
        #expect(violation(["s": .real(2.5), "i": .int(2), "n": .real(1)], rules) == nil)
        #expect(fields["s"] == .int(42) && fields["i"] == .string("-3") && fields["n"] == .string("23.4"))
    }

    @Test(
        "values a property cannot read are refused with the value found",
        arguments: [
            (["i": .string("yes")], #"i: expected an integer, found "yes""#),
            (["i": .string("")], #"i: expected an integer, found """#),
            (["i": .string("2x")], #"i: expected an integer, found "2x""#),
            (["i": .string(" 2")], #"i: expected an integer, found " 2""#),
            (["i": .string("2.5")], #"i: expected an integer, found "2.5""#),
            (["i": .real(2)], "i: expected an integer, found 2.0"),
            (["n": .string("yes")], #"n: expected a number, found "yes""#),
            (["n": .string("1e3")], #"n: expected a number, found "1e3""#),
            (["s": .bool(true)], "s: expected a string, found true"),
            (["s": .real(.nan)], "s: expected a string, found nan"),
            (["t": .array([.string("a"), .int(1), .bool(false)])], "t[2]: expected a string, found false"),
        ] as [(Fields, String)])
    func refusals(fields: Fields, expected: String) {
        let rules = [
            FieldRule("s", .string), FieldRule("i", .integer), FieldRule("n", .number), FieldRule("t", .stringList),
        ]
        #expect(violation(fields, rules) == expected)
    }

    @Test("withText lends the bytes a string property reads, and nothing for values without text")
    func withTextLendsTheBytes() {
        let fields: Fields = ["s": .string("今天 ok"), "i": .int(-42), "r": .real(2.5), "b": .bool(true)]
        let read = { (key: String) in fields.withText(forKey: key) { String(decoding: $0, as: UTF8.self) } }
        #expect(read("s") == "今天 ok")
        #expect(read("i") == "-42")
        #expect(read("r") == "2.5")
        #expect(read("b") == nil)
        #expect(read("missing") == nil)
    }
}
