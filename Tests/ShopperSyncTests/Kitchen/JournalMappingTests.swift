import XCTest
@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel

/// A recipe as a VJOURNAL: written, read back, patched, edited in another app (jtx Board).
final class JournalMappingTests: XCTestCase {
    static let pancakes = SharedRecipe(uid: "recipe-1@shopper", draft: RecipeDraft(
        title: "Pancakes", servings: 6, yieldText: "12 pancakes",
        ingredients: ["For the batter:", "200 g flour", "2 eggs, beaten", "300 ml milk; cold", "1 pinch salt \\ sugar"],
        method: ["Whisk the eggs, milk and flour.", "Rest; then fry in butter.", "Serve with jam:", "Apricot, best"],
        source: "https://example.org/pancakes?a=1,b=2", notes: "Grandma's, from Graz; not too sweet",
        tags: ["Breakfast", "Sweet, quick"]))

    /// Both unfolded, line by line.
    static func lines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").split(whereSeparator: \.isNewline).map(String.init)
    }

    func testRoundTrip() throws {
        let text = JournalMapping.text(for: Self.pancakes, patching: nil)
        let read = try JournalMapping.recipe(from: text)
        XCTAssertEqual(read, Self.pancakes)
        let again = JournalMapping.text(for: read, patching: text)
        XCTAssertEqual(try JournalMapping.recipe(from: again), Self.pancakes)
        let lines = Self.lines(text)
        XCTAssert(lines.contains("BEGIN:VJOURNAL"))
        XCTAssert(lines.contains("SUMMARY:Pancakes"))
        XCTAssert(lines.contains("X-SHOPPER-SERVINGS:6"))
        XCTAssert(lines.contains("CATEGORIES:Sweet\\, quick"), "\(lines)")
        XCTAssert(lines.contains { $0.hasPrefix("ATTACH;") && $0.contains("FMTTYPE=application/ld+json")
            && $0.contains("ENCODING=BASE64") }, "\(lines)")
        XCTAssertEqual(again, text, "the same recipe again changes nothing (no new stamp either)")
    }

    func testPatchKeepsWhatShopperDoesNotKnow() throws {
        var text = JournalMapping.text(for: Self.pancakes, patching: nil)
        text = text.replacingOccurrences(of: "END:VJOURNAL", with: [
            "X-JTX-COLOR:-16776961", "BEGIN:VALARM", "TRIGGER:-PT15M", "ACTION:DISPLAY", "DESCRIPTION:Soak",
            "END:VALARM", "END:VJOURNAL"].joined(separator: "\r\n"))
        var changed = Self.pancakes
        changed.title = "Fluffy pancakes"
        changed.servings = 4
        let patched = JournalMapping.text(for: changed, patching: text)
        let lines = Self.lines(patched)
        for kept in ["X-JTX-COLOR:-16776961", "BEGIN:VALARM", "TRIGGER:-PT15M", "DESCRIPTION:Soak", "END:VALARM"] {
            XCTAssert(lines.contains(kept), "\(kept) kept: \(lines)")
        }
        XCTAssert(lines.contains("SEQUENCE:1"), "an edit counts: \(lines)")
        XCTAssertEqual(try JournalMapping.recipe(from: patched), changed)
        // Another entry's text is not patched into this one.
        changed.uid = "recipe-2@shopper"
        let other = JournalMapping.text(for: changed, patching: text)
        XCTAssertEqual(try JournalMapping.recipe(from: other), changed)
        XCTAssertFalse(other.contains("X-JTX-COLOR"))
    }

    /// jtx Board edits the DESCRIPTION and leaves the ATTACH as it was: the edit is what is read.
    func testDescriptionEditedInAnotherApp() throws {
        let text = JournalMapping.text(for: Self.pancakes, patching: nil)
        let entry = try ICalEntry(text: text, kind: .journal)
        var edited = Self.pancakes.draft
        edited.ingredients[1] = "250 g flour"
        edited.method.append("Eat at once.")
        entry.set(.description, RecipeText.text(of: edited).replacingOccurrences(of: "\n", with: "\r\n"))
        let read = try JournalMapping.recipe(from: entry.text())
        XCTAssertEqual(read.ingredients, edited.ingredients)
        XCTAssertEqual(read.method, edited.method)
        XCTAssertEqual(read.title, "Pancakes")
        XCTAssertEqual(read.tags, Self.pancakes.tags)
        XCTAssertEqual(read.source, Self.pancakes.source)
        XCTAssertEqual(read.yieldText, "12 pancakes", "the yield's words stay while the servings do")
    }

    /// A note made in jtx Board: SUMMARY and a DESCRIPTION, no JSON.
    func testJournalFromAnotherApp() throws {
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:+//IDN bitfire.at//jtxBoard", "BEGIN:VJOURNAL",
            "UID:jtx-77", "DTSTAMP:20261101T100000Z", "SUMMARY:Chili", "CATEGORIES:Dinner,Spicy",
            "DESCRIPTION:Serves 4\\n500 g minced beef\\n2 onions\\n1 tin kidney beans\\n\\nMethod\\n1. Brown the"
                + " beef.\\n2. Add the rest\\, simmer 1 hour.",
            "END:VJOURNAL", "END:VCALENDAR", ""].joined(separator: "\r\n")
        let read = try JournalMapping.recipe(from: text)
        XCTAssertEqual(read.uid, "jtx-77")
        XCTAssertEqual(read.title, "Chili")
        XCTAssertEqual(read.servings, 4)
        XCTAssertEqual(read.ingredients, ["500 g minced beef", "2 onions", "1 tin kidney beans"])
        XCTAssertEqual(read.method, ["Brown the beef.", "Add the rest, simmer 1 hour."])
        XCTAssertEqual(read.tags, ["Dinner", "Spicy"])
    }

    /// Tags as Xandikos gives them back (a category split at its comma), and as another app edits them.
    func testTagsWithACommaStayWhole() throws {
        let text = JournalMapping.text(for: Self.pancakes, patching: nil)
        let split = text.replacingOccurrences(of: "CATEGORIES:Sweet\\, quick", with: "CATEGORIES:Sweet,quick")
        XCTAssertNotEqual(split, text)
        XCTAssertEqual(try JournalMapping.recipe(from: split).tags, ["Breakfast", "Sweet, quick"])
        let edited = text.replacingOccurrences(of: "CATEGORIES:Sweet\\, quick", with: "CATEGORIES:Savoury")
        XCTAssertEqual(try JournalMapping.recipe(from: edited).tags, ["Breakfast", "Savoury"])
    }

    func testRefused() {
        func refused(_ text: String) -> KitchenReadError? {
            do { _ = try JournalMapping.recipe(from: text); return nil } catch { return error }
        }
        XCTAssertEqual(refused("not a calendar at all"), .notICalendar)
        XCTAssertEqual(refused(Self.wrap("VTODO", ["UID:t1", "SUMMARY:Milk"])), .wrongKind)
        XCTAssertEqual(refused(Self.wrap("VJOURNAL", ["SUMMARY:No UID"])), .noUID)
        XCTAssertEqual(refused(Self.wrap("VJOURNAL", ["UID:j1"])), .noSummary)
        XCTAssertFalse(KitchenReadError.noUID.why.isEmpty)
    }

    static func wrap(_ kind: String, _ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", "BEGIN:\(kind)"] + lines
            + ["END:\(kind)", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }
}
