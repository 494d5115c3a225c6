import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// `shopper recipe import` keeping what it read, `recipe delete` and `shopper plan …` (issue 54):
/// parsed, and run as the real binaries on a real store with no window to talk to. Bad input is
/// one sentence, exit 1, and the store as it was.
final class PlanCommandTests: XCTestCase {
    private static let chili = "Chili\nServes 6\n\nIngredients\n1 can tomatoes\n2 onions\n\nMethod\n1. Cook.\n"

    private func parse(_ args: String...) throws -> Command { try Command.parse(["shopper"] + args) }

    func testPlanCommandsAreParsed() throws {
        XCTAssertEqual(try parse("plan"), .plan(.show(nextWeek: false)))
        XCTAssertEqual(try parse("plan", "--week", "next"), .plan(.show(nextWeek: true)))
        XCTAssertEqual(try parse("plan", "add", "friday", "Chili", "con", "carne", "--servings", "4"),
                       .plan(.add(day: "friday", title: "Chili con carne", servings: 4)))
        XCTAssertEqual(try parse("plan", "remove", "2026-12-04", "Chili"), .plan(.remove(day: "2026-12-04", title: "Chili")))
        XCTAssertEqual(try parse("plan", "add-to-list", "--to", "Party", "--week", "next"), .plan(.addToList(list: "Party", nextWeek: true)))
        XCTAssertEqual(try parse("plan", "add-to-list"), .plan(.addToList(list: nil, nextWeek: false)))
        for bad in [["plan", "cook"], ["plan", "--week", "last"], ["plan", "add", "friday"], ["plan", "add", "--servings", "0", "friday", "Chili"],
                    ["plan", "remove", "--servings", "2", "friday", "Chili"], ["plan", "add-to-list", "Chili"], ["plan", "add-to-list", "--to"],
                    ["plan", "--to", "Party"]] {
            XCTAssertThrowsError(try Command.parse(["shopper"] + bad), "\(bad)") { e in
                XCTAssertTrue(e is Command.UsageError, "\(bad): \(e)")
                XCTAssertFalse(e.localizedDescription.contains("\n"), "one line: \(e.localizedDescription)")
            }
        }
        for words in ["shopper plan add [--servings N] DAY TITLE", "shopper plan remove DAY TITLE", "shopper plan add-to-list",
                      "shopper recipe delete TITLE"] {
            XCTAssertTrue(Command.usage.contains(words), words)
        }
    }

    /// Import keeps and prints; the same file again is refused (exit 1, nothing kept) until
    /// --replace or --keep-both; a title two recipes share then names both and changes nothing.
    func testImportKeepsAndADuplicateIsAskedAbout() throws {
        let (folder, file) = try folderWithChili()
        let dry = try shopper(["recipe", "import", "--dry-run", file], data: folder)
        XCTAssertEqual(dry.status, 0, dry.errors)
        XCTAssertEqual(try shopper(["recipes"], data: folder).output, "", "--dry-run keeps nothing")
        let kept = try shopper(["recipe", "import", file], data: folder)
        XCTAssertEqual(kept.status, 0, kept.errors)
        XCTAssertTrue(kept.output.hasPrefix("Kept “Chili” with your recipes.\ntitle\tChili\nservings\t6\n"), kept.output)
        let again = try shopper(["recipe", "import", file], data: folder)
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(again.errors, "shopper: “Chili” is with your recipes already (from the same address): --replace replaces it, --keep-both keeps both; nothing was changed\n")
        try Self.chili.replacingOccurrences(of: "Serves 6", with: "Serves 8").write(toFile: file, atomically: true, encoding: .utf8)
        let replaced = try shopper(["recipe", "import", "--replace", file], data: folder)
        XCTAssertTrue(replaced.output.hasPrefix("Replaced “Chili” with what was read"), replaced.output + replaced.errors)
        XCTAssertEqual(try shopper(["recipes"], data: folder).output, "Chili\t8\t1 can tomatoes\t2 onions\n")
        let both = try shopper(["recipe", "import", "--keep-both", file], data: folder)
        XCTAssertTrue(both.output.hasPrefix("Kept “Chili” beside the one kept already"), both.output + both.errors)
        let export = try shopper(["export"], data: folder).output
        for args in [["recipe", "add", "chili"], ["plan", "add", "today", "chili"], ["recipe", "delete", "Chili"]] {
            let refused = try shopper(args, data: folder)
            XCTAssertEqual(refused.status, 1, "\(args)")
            XCTAssertEqual(refused.errors.split(separator: "\n").count, 1, refused.errors)
            XCTAssertTrue(refused.errors.contains("“\(args.last!)” names 2 recipes: “Chili” (serves 8"), refused.errors)
        }
        XCTAssertEqual(try shopper(["recipes"], data: folder).output.split(separator: "\n").count, 2)
        XCTAssertEqual(try shopper(["plan"], data: folder).output, "")
        XCTAssertEqual(try shopper(["export"], data: folder).output, export)
    }

    /// The week from the command line: planned by weekday, today and a date; printed; added to
    /// the list once; a meal taken off takes its share off; deleted.
    func testTheWeekIsPlannedPrintedAddedAndTakenOff() throws {
        let (folder, file) = try folderWithChili()
        XCTAssertEqual(try shopper(["recipe", "import", file], data: folder).status, 0)
        // The binary's locale (C): its weekdays' names, its calendar.
        let c = UserLocale(environment: ["LC_ALL": "C.UTF-8"])
        let today = PlanDay(Date(), calendar: c.calendar), calendar = c.calendar
        let tomorrow = PlanDay.named("tomorrow", today: today, c)!
        let weekday = DateFormatter()
        weekday.locale = Locale(identifier: "en_US_POSIX")
        weekday.dateFormat = "EEEE"
        let tomorrowsName = weekday.string(from: tomorrow.date(calendar))
        XCTAssertEqual(try shopper(["plan", "add", "today", "chili"], data: folder).output,
                       "“Chili” is planned for \(DateText.day(today.date(calendar), c)), for 6 servings.\n")
        XCTAssertEqual(try shopper(["plan", "add", tomorrowsName, "Chili", "--servings", "3"], data: folder).status, 0)
        let later = PlanDay.week(1, around: today.date(calendar), c).lowerBound.description
        XCTAssertEqual(try shopper(["plan", "add", later, "Chili"], data: folder).status, 0)
        let plan = try shopper(["plan"], data: folder).output
        XCTAssertEqual(plan.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) },
                       [[today.description, today.weekdayName(c), "Chili", "6", ""], [tomorrow.description, tomorrow.weekdayName(c), "Chili", "3", ""]])
        XCTAssertEqual(try shopper(["plan", "--week", "next"], data: folder).output.split(separator: "\t").first.map(String.init), later)
        let added = try shopper(["plan", "add-to-list"], data: folder)
        XCTAssertTrue(added.output.hasPrefix("Added 2 meals to “Groceries”:\n"), added.output + added.errors)
        let both = try shopper(["export", "--format", "text"], data: folder).output
        // Each new item in its aisle (issue 54, item 3): the export names it.
        XCTAssertTrue(both.hasPrefix("Milk [Dairy]\n") && both.contains(" Tomatoes [Pantry]\n") && both.hasSuffix(" Onions [Fruit & Veg]\n"), both)
        XCTAssertTrue(try shopper(["plan"], data: folder).output.hasSuffix("\tGroceries\n"))
        let off = try shopper(["plan", "remove", tomorrowsName, "chili"], data: folder)
        XCTAssertTrue(off.output.contains("Its ingredients came off “Groceries”."), off.output + off.errors)
        XCTAssertEqual(try shopper(["export", "--format", "text"], data: folder).output, "Milk [Dairy]\n1 can Tomatoes [Pantry]\n2 Onions [Fruit & Veg]\n",
                       "today's meal alone")
        let deleted = try shopper(["recipe", "delete", "chili"], data: folder)
        XCTAssertEqual(deleted.output, "Deleted “Chili”.\n")
        XCTAssertEqual(try shopper(["recipes"], data: folder).output, "")
        XCTAssertEqual(try shopper(["plan", "--week", "next"], data: folder).output, "", "its meal not yet on a list went with it")
    }

    func testBadDaysAndTitlesAreOneSentenceAndChangeNothing() throws {
        let (folder, file) = try folderWithChili()
        XCTAssertEqual(try shopper(["recipe", "import", file], data: folder).status, 0)
        let cases: [([String], String)] = [
            (["plan", "add", "someday", "Chili"], "shopper: “someday” is not a day: use a weekday’s name, today, tomorrow or a date such as 2026-11-28; nothing was changed\n"),
            (["plan", "add", "2026-02-30", "Chili"], "shopper: “2026-02-30” is not a day: use a weekday’s name, today, tomorrow or a date such as 2026-11-28; nothing was changed\n"),
            (["plan", "add", "today", "Waffles"], "shopper: there is no recipe named “Waffles”; nothing was changed\n"),
            (["plan", "remove", "2026-12-24", "Chili"], "shopper: “Chili” is not planned for Thu, 24 Dec 2026; nothing was changed\n"),
            (["recipe", "delete", "Waffles"], "shopper: there is no recipe named “Waffles”; nothing was changed\n"),
            (["plan", "add-to-list", "--to", "Party"], "shopper: there is no list named “Party” (the lists are: Groceries); nothing was changed\n"),
        ]
        for (args, error) in cases {
            let r = try shopper(args, data: folder)
            XCTAssertEqual(r.status, 1, "\(args)")
            XCTAssertEqual(r.output, "")
            XCTAssertEqual(r.errors, error)
        }
        XCTAssertEqual(try shopper(["plan"], data: folder).output, "")
        XCTAssertEqual(try shopper(["recipes"], data: folder).output.split(separator: "\n").count, 1)
    }

    private func folderWithChili() throws -> (String, String) {
        let folder = temporaryFolder(self, "plan-cli")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/chili.txt"
        try Self.chili.write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try shopper(["add", "Milk"], data: folder).status, 0)
        XCTAssertEqual(try shopper(["export", "--format", "text"], data: folder).output, "Milk [Dairy]\n")
        return (folder, file)
    }

    private func shopper(_ arguments: [String], data: String) throws -> (output: String, errors: String, status: Int32) {
        try ShopperCommand.run(arguments, data: data)
    }
}
