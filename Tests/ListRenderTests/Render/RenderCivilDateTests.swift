// ListRenderTests — civil dates from unix time
import Foundation
import Models
import TestSupport
import Testing

@testable import ListRender

@Suite("Civil dates from unix time")
struct RenderCivilDateTests {
    @Test(
        "known instants give their UTC date",
        arguments: [
            (0.0, "1970-01-01"), (-1.0, "1969-12-31"), (951_782_400.0, "2000-02-29"), (1_772_414_100.0, "2026-03-02"),
            (253_402_300_799.0, "9999-12-31"), (-62_135_596_800.0, "0001-01-01"), (86_399.9, "1970-01-01"),
        ])
    func knownDates(seconds: Double, date: String) {
        #expect(CivilDate(unixTime: seconds)?.formatted == date)
    }

    @Test("times that are not finite give no date")
    func nonFinite() {
        #expect(CivilDate(unixTime: .nan) == nil)
        #expect(CivilDate(unixTime: .infinity) == nil)
        #expect(FragmentRenderer.messageDate(.string("soon")) == nil)
        #expect(FragmentRenderer.messageDate(nil) == nil)
    }

    @Test("day counts and dates convert both ways over ±1,100 years")
    func roundTrip() {
        var previous = CivilDate(daysSinceEpoch: -400_001)
        for days in Int64(-400_000)...400_000 {
            let date = CivilDate(daysSinceEpoch: days)
            if date.daysSinceEpoch != days {
                Issue.record("\(date) converts back to \(date.daysSinceEpoch), not \(days)")
                return
            }
            let isNext =
                (date.year == previous.year && date.month == previous.month && date.day == previous.day + 1)
                || (date.day == 1 && (date.month == previous.month + 1 || (date.month == 1 && previous.month == 12)))
            if !isNext {
                Issue.record("\(days): \(date) does not follow \(previous)")
                return
            }
            previous = date
        }
    }

    @Test("dates agree with Foundation's Gregorian calendar in UTC on seeded random instants")
    func oracle() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<2000 {
            let seconds = Double(Int64.random(in: -5_000_000_000...5_000_000_000, using: &generator))
            let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: seconds))
            let date = try #require(CivilDate(unixTime: seconds))
            #expect(Int(date.year) == parts.year && date.month == parts.month && date.day == parts.day)
        }
    }
}
