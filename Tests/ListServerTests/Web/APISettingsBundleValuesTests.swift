// ListServerTests — the values a batch gives Settings rows keep the types their specifiers store
import Foundation
import HTTPServer
import Models
import TestSupport
import Testing

@testable import ListServer

private func text(_ response: HTTPResponse) -> String { String(decoding: response.bodyBytes, as: UTF8.self) }

/// A page with a text field `name`, a slider `volume`, a multi-value `level` (Values 0, 1, 2) and a radio
/// group `city` ("sea", "pdx"), and a pane `More` with a text field `motto`.
private func typed() throws -> APIFixture {
    let root: FieldValue = .dict([
        "PreferenceSpecifiers": .array([
            .dict(["Type": .string("PSTextFieldSpecifier"), "Title": .string("Name"), "Key": .string("name")]),
            .dict(["Type": .string("PSSliderSpecifier"), "Key": .string("volume"), "DefaultValue": .real(0.5)]),
            .dict([
                "Type": .string("PSMultiValueSpecifier"), "Title": .string("Level"), "Key": .string("level"),
                "DefaultValue": .int(0), "Values": .array([.int(0), .int(1), .int(2)]),
                "Titles": .array([.string("Low"), .string("Mid"), .string("High")]),
            ]),
            .dict([
                "Type": .string("PSRadioGroupSpecifier"), "Title": .string("City"), "Key": .string("city"),
                "Values": .array([.string("sea"), .string("pdx")]), "Titles": .array([.string("Seattle"), .string("Portland")]),
            ]),
            .dict(["Type": .string("PSGroupSpecifier"), "Title": .string("Other")]),
            .dict(["Type": .string("PSChildPaneSpecifier"), "Title": .string("More"), "File": .string("More")]),
        ])
    ])
    let more: FieldValue = .dict([
        "PreferenceSpecifiers": .array([
            .dict(["Type": .string("PSTextFieldSpecifier"), "Title": .string("Motto"), "Key": .string("motto")])
        ])
    ])
    let dataset = try SettingsBundle(name: "Typed", root: root, panes: ["More": more])
        .dataset(id: "typed", title: nil, file: "Root.plist")
    return try APIFixture(datasets: [], imported: [dataset])
}

private func row(_ api: APIFixture, _ key: String) throws -> Row {
    try #require(api.dataset("typed").sections.flatMap(\.rows).first {
        $0.fields["specifier"]?.dictValue?["Key"] == .string(key) || $0.fields["text"]?.text == key
    })
}

private func defaults(_ api: APIFixture) throws -> Fields {
    try #require(try DocumentFormat.plist.read(try api.get("/api/datasets/typed/export?format=defaults").bodyBytes).dictValue)
}

@Suite("API: Settings values keep their types")
struct APISettingsBundleValuesTests {
    @Test("a number given to a text field is refused with 422 naming the row and the field, in a pane too")
    func textFieldTakesText() throws {
        let api = try typed()
        let name = try row(api, "name").id.rawValue
        let detail = try expectProblem(
            try api.batch("typed", #"{"baseVersion":1,"updateRows":[{"id":\#(name),"fields":{"value":12}}]}"#), status: 422)
        #expect(detail.contains("updateRows[0].fields.value") && detail.contains("row \(name)") && detail.contains("string"))
        #expect(api.version("typed") == 1)
        let accepted = try api.batch("typed", #"{"baseVersion":1,"updateRows":[{"id":\#(name),"fields":{"value":"12"}}]}"#)
        #expect(accepted.status == 200, "\(text(accepted))")
        #expect(try defaults(api)["name"] == .string("12"))

        let more = try row(api, "More")
        let pane = try #require(TableDocument.childDataset(of: more, in: api.dataset("typed")))
        let motto = pane.sections[0].rows[0].id.rawValue
        let inPane = try api.batch(
            "typed", #"{"baseVersion":2,"child":"\#(more.id.rawValue)","updateRows":[{"id":\#(motto),"fields":{"value":3.5}}]}"#)
        #expect(try expectProblem(inPane, status: 422).contains("row \(motto)"))
        let slider = try row(api, "volume").id.rawValue
        let word = try api.batch("typed", #"{"baseVersion":2,"updateRows":[{"id":\#(slider),"fields":{"value":"loud"}}]}"#)
        #expect(try expectProblem(word, status: 422).contains("number"))
    }

    @Test("a multi-value or a radio choice given a value not among its Values is refused; one among them is chosen")
    func choicesTakeTheirValues() throws {
        let api = try typed()
        let level = try row(api, "level").id.rawValue
        let outside = try api.batch("typed", #"{"baseVersion":1,"updateRows":[{"id":\#(level),"fields":{"value":7}}]}"#)
        #expect(try expectProblem(outside, status: 422).contains("Values"))
        let asText = try api.batch("typed", #"{"baseVersion":1,"updateRows":[{"id":\#(level),"fields":{"value":"1"}}]}"#)
        #expect(asText.status == 422, "the text \"1\" is not the number 1")
        let among = try api.batch("typed", #"{"baseVersion":1,"updateRows":[{"id":\#(level),"fields":{"value":2}}]}"#)
        #expect(among.status == 200, "\(text(among))")
        #expect(try defaults(api)["level"] == .int(2))
        #expect(text(try api.get("/d/typed/fragment?top=0&height=3000")).contains(">High<"))

        let choices = try #require(TableDocument.childDataset(of: try row(api, "level"), in: api.dataset("typed")))
        let low = choices.sections[0].rows[0].id.rawValue
        let renamed = try api.batch(
            "typed", #"{"baseVersion":2,"child":"\#(level)","updateRows":[{"id":\#(low),"fields":{"value":9}}]}"#)
        #expect(renamed.status == 422, "\(text(renamed))")
        let city = try #require(api.dataset("typed").sections.first { $0.fields["header"]?.text == "City" })
        let seattle = city.rows[0].id.rawValue
        let radio = try api.batch("typed", #"{"baseVersion":2,"updateRows":[{"id":\#(seattle),"fields":{"value":"nyc"}}]}"#)
        #expect(try expectProblem(radio, status: 422).contains("Values"))
        #expect(api.version("typed") == 2)
    }
}
