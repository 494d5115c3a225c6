import Foundation
@testable import ShopperModel
@testable import ShopperSyncModel
import XCTest

/// What a notification says of another device's changes (`ArrivalWords`), in English and, from
/// po/de.po, in German; and which kind of change a merge calls each (`Arrival.Kind.of`).
final class ArrivalWordsTests: XCTestCase {
    private let list = ListID(3)
    private let tuesday = PlanDay(year: 2026, month: 11, day: 24)
    private let english = UserLocale(environment: ["LANG": "en_GB.UTF-8"])
    private let german = UserLocale(environment: ["LANG": "de_DE.UTF-8"])

    private func items(_ kind: Arrival.Kind, _ whats: [String], by: String? = "Ana") -> [Arrival] {
        whats.map { Arrival(kind: kind, what: $0, by: by, list: list) }
    }

    private func meal(_ what: String, _ day: PlanDay, by: String? = "Ana") -> Arrival {
        Arrival(kind: .planned, what: what, by: by, list: nil, day: day)
    }

    private var listCases: [(arrivals: [Arrival], beyond: Int, title: String, body: String, line: UInt)] {
        [
            (items(.added, ["Milk", "Eggs", "Bread", "Butter", "Flour"]), 0,
             "Ana added Milk, Eggs and 3 more to Groceries", "", #line),
            (items(.added, ["Milk"]), 0, "Ana added Milk to Groceries", "", #line),
            (items(.ticked, ["Bread"]), 0, "Ana ticked off Bread on Groceries", "", #line),
            (items(.changed, ["Milk", "Eggs"]), 0, "Ana changed Milk and Eggs on Groceries", "", #line),
            (items(.removed, ["Milk", "Eggs", "Jam"]), 0, "Ana removed Milk, Eggs and Jam from Groceries", "", #line),
            (items(.added, ["Milk", "Eggs", "Jam"], by: nil), 0, "Milk, Eggs and Jam were added to Groceries", "",
             #line),
            (items(.ticked, ["Bread"], by: nil), 0, "Bread was ticked off on Groceries", "", #line),
            (items(.removed, ["Bread"], by: nil), 0, "Bread was removed from Groceries", "", #line),
            // Mixed: the most items first, then the others without the list, one a line.
            (items(.ticked, ["Bread"]) + items(.added, ["Milk", "Eggs"]) + items(.changed, ["Jam"], by: "Ben"), 0,
             "Ana added Milk and Eggs to Groceries", "Ana ticked off Bread\nBen changed Jam", #line),
            (items(.removed, ["Tea"], by: nil) + items(.ticked, ["Bread"]), 0,
             "Ana ticked off Bread on Groceries", "Tea was removed", #line),
            // Beyond what the report kept, and beyond what the body says.
            (items(.added, ["Milk"]), 120, "Ana added Milk to Groceries", "And 120 other changes", #line),
            (items(.added, ["A", "B", "C", "D", "E"]) + items(.ticked, ["F"]) + items(.changed, ["G"])
             + items(.removed, ["H"]) + items(.added, ["I", "J"], by: "Ben"), 1,
             "Ana added A, B and 3 more to Groceries",
             "Ben added I and J\nAna ticked off F\nAna changed G\nAnd 2 other changes", #line),
            // The same item twice is named once; a name of many lines is one line, cut.
            (items(.added, ["Milk", "Milk"]), 0, "Ana added Milk to Groceries", "", #line),
            (items(.added, ["Milk\nfrom the farm"], by: "  Ana\n "), 0, "Ana added Milk from the farm to Groceries", "",
             #line),
            (items(.added, [String(repeating: "x", count: 60)]), 0,
             "Ana added " + String(repeating: "x", count: 39) + "… to Groceries", "", #line),
        ]
    }

    func testAListsChangesInOneNotice() {
        for c in listCases {
            let notice = ArrivalWords.list(c.arrivals, beyond: c.beyond, named: "Groceries")
            XCTAssertEqual(notice?.title, c.title, line: c.line)
            XCTAssertEqual(notice?.body, c.body, line: c.line)
        }
        XCTAssertNil(ArrivalWords.list([], named: "Groceries"), "nothing arrived, nothing said")
        XCTAssertNil(ArrivalWords.list([meal("Pancakes for 6", tuesday)], named: "Groceries"), "a meal is the plan's")
    }

    func testThePlansMealsInOneNotice() {
        let thursday = PlanDay(year: 2026, month: 11, day: 26)
        let saturday = PlanDay(year: 2026, month: 11, day: 28)
        let cases: [(arrivals: [Arrival], beyond: Int, title: String, body: String, line: UInt)] = [
            ([meal("Pancakes for 6", thursday)], 0, "Thursday: Pancakes for 6 (planned by Ana)", "", #line),
            ([meal("Pancakes for 6", thursday, by: nil)], 0, "Thursday: Pancakes for 6 (newly planned)", "", #line),
            ([meal("Chili for 4", saturday), meal("Pancakes for 6", thursday)], 0, "Ana planned 2 meals",
             "Thursday: Pancakes for 6\nSaturday: Chili for 4", #line),
            ([meal("Chili for 4", saturday, by: "Ben"), meal("Pancakes for 6", thursday, by: nil)], 0,
             "2 meals were planned", "Thursday: Pancakes for 6\nSaturday: Chili for 4 (planned by Ben)", #line),
            ([meal("Soup for 2", tuesday)], 7, "Ana planned 8 meals", "Tuesday: Soup for 2\nAnd 3 more meals", #line),
        ]
        for c in cases {
            let notice = ArrivalWords.plan(c.arrivals, beyond: c.beyond, today: tuesday, english)
            XCTAssertEqual(notice?.title, c.title, line: c.line)
            XCTAssertEqual(notice?.body, c.body, line: c.line)
        }
        XCTAssertNil(ArrivalWords.plan(items(.added, ["Milk"]), today: tuesday, english))
        // A day beyond the coming week is named with its date.
        let later = ArrivalWords.plan([meal("Goose for 8", PlanDay(year: 2026, month: 12, day: 24))], today: tuesday,
                                      english)
        XCTAssertEqual(later?.title, "Thursday 24 December: Goose for 8 (planned by Ana)")
    }

    func testTheNoticesInGerman() throws {
        let de = try POCatalogue(language: "de")
        let thursday = PlanDay(year: 2026, month: 11, day: 26)
        try de.use {
            let cases: [([Arrival], String, String, UInt)] = [
                (items(.added, ["Milch", "Eier", "Brot", "Butter", "Mehl"]),
                 "Ana hat Milch, Eier und 3 weitere zu „Einkäufe“ hinzugefügt", "", #line),
                (items(.ticked, ["Brot"]), "Ana hat Brot auf „Einkäufe“ abgehakt", "", #line),
                (items(.added, ["Milch", "Eier"], by: nil), "Milch und Eier wurden zu „Einkäufe“ hinzugefügt", "",
                 #line),
                (items(.removed, ["Tee"], by: nil) + items(.changed, ["Milch", "Eier", "Brot"]),
                 "Ana hat Milch, Eier und Brot auf „Einkäufe“ geändert", "Tee wurde entfernt", #line),
            ]
            for (arrivals, title, body, line) in cases {
                let notice = try XCTUnwrap(ArrivalWords.list(arrivals, named: "Einkäufe"), line: line)
                XCTAssertEqual(notice.title, title, line: line)
                XCTAssertEqual(notice.body, body, line: line)
            }
            XCTAssertEqual(ArrivalWords.plan([meal("Pfannkuchen für 6", thursday)], today: tuesday, german)?.title,
                           "Donnerstag: Pfannkuchen für 6 (geplant von Ana)")
            let two = ArrivalWords.plan([meal("Pfannkuchen für 6", thursday), meal("Suppe für 2", tuesday)],
                                        today: tuesday, german)
            XCTAssertEqual(two?.title, "Ana hat 2 Mahlzeiten geplant")
            XCTAssertEqual(two?.body, "Dienstag: Suppe für 2\nDonnerstag: Pfannkuchen für 6")
        }
    }

    /// Which change a merge calls what another device did, from the base both last agreed on.
    func testTheKindOfAChange() {
        let milk = SharedItem(ItemFields(description: "Milk"), position: 1000)
        func with(_ change: (inout SharedItem) -> Void) -> SharedItem {
            var s = milk
            change(&s)
            return s
        }
        let cases: [(SharedItem?, SharedItem, Arrival.Kind?, UInt)] = [
            (milk, milk, nil, #line),
            (milk, with { $0.position = 5 }, nil, #line),
            (nil, milk, nil, #line),
            (milk, with { $0.state = .inCart }, .ticked, #line),
            (with { $0.state = .inCart }, milk, .added, #line),
            (milk, with { $0.state = .notNeeded }, .removed, #line),
            (milk, with { $0.quantity = 2 }, .changed, #line),
            (milk, with { $0.description = "Oat milk" }, .changed, #line),
            (milk, with { $0.stores = ["Lidl"] }, .changed, #line),
            (milk, with { $0.state = .inCart; $0.notes = "cold" }, .ticked, #line),
        ]
        for (base, remote, kind, line) in cases {
            XCTAssertEqual(Arrival.Kind.of(change: base, to: remote), kind, line: line)
        }
        XCTAssertEqual(Arrival.Kind.of(new: milk), .added)
        XCTAssertEqual(Arrival.Kind.of(new: with { $0.state = .inCart }), .ticked)
        XCTAssertNil(Arrival.Kind.of(new: with { $0.state = .notNeeded }))
    }

    /// A report keeps 50 arrivals, each once, and counts the rest.
    func testAReportKeepsFiftyAndCounts() {
        var report = SyncReport()
        for i in 0..<120 { report.arrive(Arrival(kind: .added, what: "Item \(i)", by: "Ana", list: list)) }
        report.arrive(Arrival(kind: .added, what: "Item 0", by: "Ana", list: list))
        XCTAssertEqual(report.arrivals.count, Arrival.kept)
        XCTAssertEqual(report.arrivalsBeyond, 70)
        var total = SyncReport()
        total.arrive(from: report)
        total.arrive(from: report)
        XCTAssertEqual(total.arrivals.count, 50)
        XCTAssertEqual(total.arrivalsBeyond, 140)
    }
}
