import XCTest
@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel

/// Kitchen entries a hostile or broken server might hold: each is refused or read within bounds.
final class KitchenHostileTests: XCTestCase {
    func journal(_ lines: [String]) -> String { JournalMappingTests.wrap("VJOURNAL", ["UID:h1"] + lines) }

    func testTenMegabyteDescription() throws {
        let huge = String(repeating: "2 eggs\\n", count: 10 << 20 / 8)
        let recipe = try JournalMapping.recipe(from: journal(["SUMMARY:Huge", "DESCRIPTION:" + huge]))
        XCTAssertLessThanOrEqual(recipe.ingredients.count, RecipeDraft.maxLines)
        let meal = try EventMapping.meal(from: JournalMappingTests.wrap("VEVENT", [
            "UID:e1", "DTSTART;VALUE=DATE:20261128", "SUMMARY:" + String(repeating: "x", count: 1 << 20),
            "DESCRIPTION:" + huge]))
        XCTAssertLessThanOrEqual(meal.text.count, KitchenLimits.maxText)
        XCTAssertLessThanOrEqual(meal.summary.count, KitchenLimits.maxSummary)
    }

    func testHundredThousandCategories() throws {
        let many = (0..<100_000).map { "CATEGORIES:tag\($0)" }
        let recipe = try JournalMapping.recipe(from: journal(["SUMMARY:Tagged"] + many))
        XCTAssertEqual(recipe.tags.count, 50)
        XCTAssertEqual(recipe.tags.first, "tag0")
    }

    func testThousandsOfShares() throws {
        let shares = (0..<5_000).map { "X-SHOPPER-SHARE:line \($0)" }
        let meal = try EventMapping.meal(from: JournalMappingTests.wrap("VEVENT", [
            "UID:e2", "DTSTART;VALUE=DATE:20261128", "SUMMARY:Soup", "X-SHOPPER-SERVINGS:99999999999999999999",
        ] + shares))
        XCTAssertEqual(meal.shares.count, KitchenLimits.maxShares)
        XCTAssertNil(meal.servings, "servings past the model's bound are none")
    }

    /// A stale or broken attachment is passed over: the DESCRIPTION is read instead.
    func testBadBase64() throws {
        let text = JournalMapping.text(for: JournalMappingTests.pancakes, patching: nil)
        let entry = try ICalEntry(text: text, kind: .journal)
        entry.setAttachment(type: JournalMapping.jsonType, base64: "!!!!not base64 at all====")
        XCTAssertEqual(try JournalMapping.recipe(from: entry.text()), Self.fromText)
    }

    /// The recipe as its DESCRIPTION has it: all but the yield's own words, which only the JSON holds.
    static let fromText = {
        var r = JournalMappingTests.pancakes
        r.yieldText = nil
        return r
    }()

    func testJSONBomb() throws {
        let text = JournalMapping.text(for: JournalMappingTests.pancakes, patching: nil)
        let entry = try ICalEntry(text: text, kind: .journal)
        // 200,000 nested arrays, within the attachment's 256 KiB: refused by the JSON's bounds.
        let bomb = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        entry.setAttachment(type: JournalMapping.jsonType, base64: bomb.base64EncodedString())
        XCTAssertEqual(try JournalMapping.recipe(from: entry.text()), Self.fromText)
        // Too long to decode at all.
        let long = Data(repeating: UInt8(ascii: " "), count: 300 << 10).base64EncodedString()
        entry.setAttachment(type: JournalMapping.jsonType, base64: long)
        XCTAssertNil(JournalMapping.json(in: try ICalEntry(text: entry.text(), kind: .journal), source: nil))
    }

    /// A weekly event is read as its first day (the plan has no repeats).
    func testRecurringEventIsItsFirstDay() throws {
        let text = JournalMappingTests.wrap("VEVENT", [
            "UID:weekly", "DTSTART;VALUE=DATE:20261127", "RRULE:FREQ=WEEKLY;COUNT=10", "SUMMARY:Pizza Friday"])
        let meal = try EventMapping.meal(from: text)
        XCTAssertEqual(meal.day, PlanDay(year: 2026, month: 11, day: 27))
    }

    /// Lines cut before libical reads them: folded or not, never inside a character or an escape.
    func testBoundedLines() {
        let folded = "A:" + String(repeating: "é", count: 10) + "\r\n " + String(repeating: "b", count: 30)
            + "\r\nB:ok\r\n"
        XCTAssertEqual(ICalEntry.bounded(folded, maxLine: 15), "A:éééééé\r\n \r\nB:ok\r\n")
        XCTAssertEqual(ICalEntry.bounded("X:ab\\cdefgh\nY:1\n", maxLine: 5), "X:ab\r\nY:1\r\n")
        XCTAssertEqual(ICalEntry.bounded("short", maxLine: 15), "short")
    }

    /// 100,000 nested VALARMs overflowed libical's recursive parser: refused before it reads them,
    /// folded or not, and a task's text alike.
    func testDeepNesting() {
        let deep = journal(["SUMMARY:Deep"] + Array(repeating: "BEGIN:VALARM", count: 100_000)
            + Array(repeating: "END:VALARM", count: 100_000))
        XCTAssertThrowsError(try JournalMapping.recipe(from: deep)) { XCTAssertEqual($0 as? KitchenReadError, .notICalendar) }
        XCTAssertThrowsError(try ICalTask(text: deep.replacingOccurrences(of: "VJOURNAL", with: "VTODO")))
        let folded = journal(Array(repeating: "BEG\r\n IN:valarm", count: 9) + Array(repeating: "END:VALARM", count: 9))
        XCTAssertTrue(ICalEntry.nested(folded))
        XCTAssertFalse(ICalEntry.nested(JournalMapping.text(for: JournalMappingTests.pancakes, patching: nil)))
        XCTAssertFalse(ICalEntry.nested(EventMappingTests.berlinZone))
    }

    func testRefused() {
        func refused(_ text: String) -> KitchenReadError? {
            do { _ = try EventMapping.meal(from: text); return nil } catch { return error }
        }
        XCTAssertEqual(refused(""), .notICalendar)
        XCTAssertEqual(refused(journal(["SUMMARY:A recipe"])), .wrongKind)
        XCTAssertEqual(refused("BEGIN:VTODO\r\nUID:t\r\nSUMMARY:Milk\r\nEND:VTODO\r\n"), .wrongKind)
        let event = { JournalMappingTests.wrap("VEVENT", $0) }
        XCTAssertEqual(refused(event(["SUMMARY:x", "DTSTART;VALUE=DATE:20261127"])), .noUID)
        XCTAssertEqual(refused(JournalMappingTests.wrap("VEVENT", ["UID:e", "SUMMARY:x"])), .noDay)
        XCTAssertEqual(refused(event(["UID:e", "DTSTART;VALUE=DATE:20261127"])), .noSummary)
        XCTAssertEqual(refused(JournalMappingTests.wrap("VEVENT", ["UID:e", "SUMMARY:x", "DTSTART:garbage"])), .noDay)
    }
}
