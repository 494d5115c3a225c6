import XCTest
@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel

/// A meal as an all-day VEVENT: written, read back, patched, and a phone's timed event read on
/// the day it starts where the person is.
final class EventMappingTests: XCTestCase {
    static let meal = SharedMeal(
        uid: "meal-1@shopper", day: PlanDay(year: 2026, month: 11, day: 26), summary: "Pancakes for 6",
        text: "Ingredients\n300 g flour\n3 eggs, beaten\n450 ml milk; cold\nSalt \\ pepper, 1\\2 tsp\n\nMethod\n"
            + "1. Whisk, rest; fry.", recipeUID: "recipe-1@shopper", servings: 6, plannedBy: "Ana, at home",
        addedTo: "Groceries; weekly", addedBy: "Ana", shares: ["3 Eggs", "300 g Flour, plain", "50% off; 1\\2 l"])

    static func calendar(_ zone: String) -> Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: zone)!
        return c
    }

    func testRoundTrip() throws {
        let text = EventMapping.text(for: Self.meal, patching: nil)
        let lines = JournalMappingTests.lines(text)
        for wanted in ["DTSTART;VALUE=DATE:20261126", "DTEND;VALUE=DATE:20261127", "TRANSP:TRANSPARENT",
                       "SUMMARY:Pancakes for 6", "X-SHOPPER-SERVINGS:6"] {
            XCTAssert(lines.contains(wanted), "\(wanted) in \(lines)")
        }
        XCTAssertEqual(lines.filter { $0.hasPrefix("X-SHOPPER-SHARE:") }.count, 3)
        let read = try EventMapping.meal(from: text)
        XCTAssertEqual(read, Self.meal)
        let again = EventMapping.text(for: read, patching: text)
        XCTAssertEqual(again, text, "the same meal again changes nothing")
        XCTAssertEqual(try EventMapping.meal(from: again), Self.meal)
        // libical keeps a backslash before "n" as it is (Xandikos reads it as a line break: the
        // server test leaves it out).
        var path = Self.meal
        path.text = "C:\\new \\n not a break\r\nnext"
        XCTAssertEqual(try EventMapping.meal(from: EventMapping.text(for: path, patching: nil)).text,
                       "C:\\new \\n not a break\nnext", "line breaks read as \\n")
    }

    func testLastDayOfTheMonthEndsNextMonth() throws {
        var meal = Self.meal
        meal.day = PlanDay(year: 2026, month: 12, day: 31)
        let lines = JournalMappingTests.lines(EventMapping.text(for: meal, patching: nil))
        XCTAssert(lines.contains("DTEND;VALUE=DATE:20270101"), "\(lines)")
    }

    func testPatchKeepsWhatShopperDoesNotKnow() throws {
        var text = EventMapping.text(for: Self.meal, patching: nil)
        text = text.replacingOccurrences(of: "END:VEVENT", with: [
            "X-MOZ-GENERATION:3", "ATTENDEE;CN=Ben:mailto:ben@example.org", "BEGIN:VALARM", "TRIGGER:-PT2H",
            "ACTION:DISPLAY", "DESCRIPTION:Thaw the berries", "END:VALARM", "END:VEVENT"].joined(separator: "\r\n"))
        var moved = Self.meal
        moved.day = PlanDay(year: 2026, month: 11, day: 28)
        moved.shares = []
        moved.addedTo = nil
        let patched = EventMapping.text(for: moved, patching: text)
        let lines = JournalMappingTests.lines(patched)
        for kept in ["X-MOZ-GENERATION:3", "ATTENDEE;CN=Ben:mailto:ben@example.org", "BEGIN:VALARM", "TRIGGER:-PT2H",
                     "DESCRIPTION:Thaw the berries", "DTSTART;VALUE=DATE:20261128"] {
            XCTAssert(lines.contains(kept), "\(kept) in \(lines)")
        }
        XCTAssertFalse(lines.contains { $0.hasPrefix("X-SHOPPER-SHARE") || $0.hasPrefix("X-SHOPPER-LIST") })
        XCTAssertEqual(try EventMapping.meal(from: patched), moved)
    }

    /// "Chili for 4" made on a phone at 23:30 in Berlin: the 28th in Berlin and New York, the 29th
    /// in Tokyo. A UTC time and a floating one alike.
    func testPhonesTimedEventIsOnItsLocalDay() throws {
        let berlin = JournalMappingTests.wrap("VEVENT", [
            "UID:phone-1", "DTSTAMP:20261120T100000Z", "DTSTART;TZID=Europe/Berlin:20261128T233000",
            "DTEND;TZID=Europe/Berlin:20261129T003000", "SUMMARY:Chili for 4"])
            .replacingOccurrences(of: "BEGIN:VEVENT", with: Self.berlinZone + "\r\nBEGIN:VEVENT")
        let utc = JournalMappingTests.wrap("VEVENT", [
            "UID:phone-2", "DTSTART:20261128T233000Z", "DURATION:PT1H", "SUMMARY:Chili for 4"])
        let floating = JournalMappingTests.wrap("VEVENT", ["UID:phone-3", "DTSTART:20261128T233000", "SUMMARY:Chili"])
        // python-icalendar (and some phones) name the zone without its VTIMEZONE.
        let named = JournalMappingTests.wrap("VEVENT", [
            "UID:phone-4", "DTSTART;TZID=Europe/Berlin:20261128T233000", "SUMMARY:Chili for 4"])
        let d28 = PlanDay(year: 2026, month: 11, day: 28), d29 = PlanDay(year: 2026, month: 11, day: 29)
        for (text, zone, day) in [(berlin, "Europe/Berlin", d28), (berlin, "America/New_York", d28),
                                  (berlin, "Asia/Tokyo", d29), (utc, "Europe/Berlin", d29),
                                  (utc, "America/New_York", d28), (floating, "Asia/Tokyo", d28),
                                  (named, "Asia/Tokyo", d29), (named, "America/New_York", d28)] {
            let meal = try EventMapping.meal(from: text, calendar: Self.calendar(zone))
            XCTAssertEqual(meal.day, day, "\(meal.uid) in \(zone)")
            XCTAssertNil(meal.recipeUID)
        }
        // Written back on the same day, the phone's time stays; on another day, all-day.
        let meal = try EventMapping.meal(from: berlin, calendar: Self.calendar("Europe/Berlin"))
        let same = JournalMappingTests.lines(EventMapping.text(for: meal, patching: berlin,
                                                               calendar: Self.calendar("Europe/Berlin")))
        XCTAssert(same.contains("DTSTART;TZID=Europe/Berlin:20261128T233000"), "\(same)")
    }

    static let berlinZone = [
        "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
        "TZNAME:CEST", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT",
        "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET", "DTSTART:19701025T030000",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD", "END:VTIMEZONE"].joined(separator: "\r\n")

    func testMealIsCodable() throws {
        let data = try JSONEncoder().encode(Self.meal)
        XCTAssert(String(decoding: data, as: UTF8.self).contains("\"2026-11-26\""))
        XCTAssertEqual(try JSONDecoder().decode(SharedMeal.self, from: data), Self.meal)
        let recipe = try JSONEncoder().encode(JournalMappingTests.pancakes)
        XCTAssertEqual(try JSONDecoder().decode(SharedRecipe.self, from: recipe), JournalMappingTests.pancakes)
    }
}
