import Foundation
@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel
import XCTest

/// The kitchen's sync against a server that answers badly on purpose (Tests/sync/hostile_kitchen.py):
/// each bound of the hostile-server work holds for recipes and meals as it does for a list's tasks.
/// One bad entry is skipped and named while the good ones arrive; a slow or endless answer ends at
/// the deadline with its reason; no request leaves the two collections; a hostile calendar home,
/// thousands of notes or a meal of thousands of lines cost bounded memory (measured on the real
/// helper, as the kernel counts it).
final class KitchenHostileServerTests: XCTestCase {
    /// Peak RSS the helper may reach in any of these (a debug build idles near 40 MB).
    static let memoryBound = 150.0

    override func setUpWithError() throws {
        _ = try CalDAVServers.shared.get()  // the keyring, in this D-Bus session
    }

    /// The layout itself, well-behaved: both recipes, both meals and the note arrive.
    func testAWellBehavedKitchenArrives() throws {
        let k = try KitchenOnHostile("normal")
        XCTAssertEqual(try k.skipped, [])
        XCTAssertEqual(try k.recipes, ["Chili", "Pancakes"])
        XCTAssertEqual(try k.mealDays, ["2031-01-02", "2031-01-04"])
        XCTAssertEqual(try k.notes.map(\.summary), ["Dinner at Grandma's"])
        XCTAssertEqual(try k.server.strayRequests(), [])
    }

    /// A byte every five seconds: the sync ends at its deadline, says the server was too slow,
    /// and the binding records it (the status shows it); nothing half-read is stored.
    func testASlowServerEndsAtTheDeadlineAndSaysSo() throws {
        setenv("SHOPPER_SYNC_DEADLINE", "4", 1)
        defer { unsetenv("SHOPPER_SYNC_DEADLINE") }
        let begun = ContinuousClock.now
        let k = try KitchenOnHostile("slow")
        print("slow: ended after \(ContinuousClock.now - begun): \(String(describing: k.error))")
        guard case .network(.tooSlow) = k.error else { return XCTFail("\(String(describing: k.error))") }
        let binding = try XCTUnwrap(try k.device.store.kitchenTables.binding())
        XCTAssertNotNil(binding.problem)
        XCTAssertTrue(binding.offline)
        XCTAssertEqual(try k.recipes, [])
    }

    /// An answer that never ends is cut (at the size cap or the deadline), in bounded memory, by
    /// the real helper: it ends by itself, long before it would be killed.
    func testAReplyThatNeverEndsIsCut() throws {
        let s = try HostileKitchen("endless")
        let run = try shareOnHelper(s, deadline: 10)
        XCTAssertFalse(run.killed, "\(run.seconds) s")
        XCTAssertTrue(run.said.contains("too large") || run.said.contains("too slow"), run.said)
        XCTAssertLessThan(run.peakMegabytes, Self.memoryBound)
    }

    /// A recipe over 768 KB and a meal over 256 KB are skipped and named; a recipe of 700 KB is
    /// read with every field within its cap; the good entries arrive.
    func testOversizedEntriesAreSkippedAndNamedWhileTheRestArrive() throws {
        let k = try KitchenOnHostile("oversized")
        let skipped = try k.skipped
        XCTAssertTrue(skipped.contains("/alice/calendars/recipes/recipe-huge.ics (larger than 768 KB)"), "\(skipped)")
        XCTAssertTrue(skipped.contains("/alice/calendars/meals/meal-huge.ics (larger than 256 KB)"), "\(skipped)")
        XCTAssertEqual(skipped.count, 2, "\(skipped)")
        XCTAssertEqual(try k.recipes, ["Chili", "Long recipe", "Pancakes"])
        XCTAssertEqual(try k.mealDays, ["2031-01-02", "2031-01-04"])
        let long = try XCTUnwrap(try k.device.store.recipeTables.recipes().first { $0.title == "Long recipe" })
        XCTAssertLessThanOrEqual(long.ingredients.count, RecipeDraft.maxLines)
        XCTAssertLessThanOrEqual(long.method.joined().count + long.notes.count + long.ingredients.joined().count,
                                 KitchenLimits.maxText)
        let run = try shareOnHelper(try HostileKitchen("oversized"))
        XCTAssertTrue(run.replies.contains { $0.error == nil && $0.report?.skipped.count == 2 }, run.said)
        XCTAssertLessThan(run.peakMegabytes, Self.memoryBound)
    }

    /// Raw control bytes, invalid UTF-8 or unescaped XML in one entry never cost the others: each
    /// such entry is read leniently or skipped and named.
    func testBadBytesOrBadXMLSkipOnlyTheirEntry() throws {
        for mode in ["badbytes", "brokenxml"] {
            let k = try KitchenOnHostile(mode)
            let report = try k.report
            let recipes = try k.recipes, days = try k.mealDays
            XCTAssertTrue(Set(["Chili", "Pancakes"]).isSubset(of: recipes), "\(mode): \(recipes)")
            XCTAssertTrue(Set(["2031-01-02", "2031-01-04"]).isSubset(of: days), "\(mode): \(days)")
            XCTAssertTrue(try k.notes.map(\.summary).contains("Dinner at Grandma's"), mode)
            // Every entry is here or named: none vanished without a word.
            let bad = mode == "badbytes" ? 3 : 2
            let notes = try k.notes, named = try k.skipped
            print("\(mode): recipes \(recipes), notes \(notes.map(\.summary)), skipped \(named)")
            let taken = recipes.count - 2 + notes.count - 1
            XCTAssertEqual(taken + report.skipped.count, bad, "\(mode): \(named), \(recipes), \(notes)")
            if mode == "brokenxml" {
                XCTAssertEqual(Set(report.skipped.map(\.name)), ["/alice/calendars/recipes/recipe-broken.ics",
                                                                 "/alice/calendars/meals/meal-broken.ics"])
            }
            for title in recipes { XCTAssertFalse(title.contains { $0.asciiValue.map { $0 < 0x20 } ?? false }, title) }
        }
    }

    /// Listings that name another host, a parent, the root: none of those is ever asked for or
    /// written to, each is named, and nothing of them is stored.
    func testHrefsOffTheCollectionsAreNeverRequested() throws {
        let k = try KitchenOnHostile("offhost")
        let report = try k.report
        XCTAssertEqual(try k.server.strayRequests(), [])
        XCTAssertEqual(try k.recipes, ["Chili", "Pancakes"])
        XCTAssertFalse(try k.notes.contains { $0.summary == "Away" })
        let named = try k.skipped
        XCTAssertTrue(report.skipped.contains { $0.name.contains(k.server.other.dropFirst(7).dropLast()) }, "\(named)")
        // A second sync, with a recipe made here to send: still nowhere else.
        _ = try k.device.model.recipes.addRecipe(RecipeDraft(title: "Soup", ingredients: ["1 l water"]))
        let (_, error) = KitchenSync.syncReporting(store: k.device.store)
        XCTAssertNil(error)
        XCTAssertEqual(try k.server.strayRequests(), [])
    }

    /// A home whose Meals and Recipes are on another host, or a calendar home on another host:
    /// the share fails naming that host, asks it nothing, makes nothing in their place, and
    /// stores nothing.
    func testDiscoveryThatLeadsOffTheServerStoresNothing() throws {
        for mode in ["discoveryoffhost", "homeoffhost"] {
            let k = try KitchenOnHostile(mode)
            guard case .network(.redirectedElsewhere(let to)) = k.error else {
                XCTFail("\(mode): \(String(describing: k.error)) \(try k.recipes)")
                continue
            }
            XCTAssertTrue(k.server.other.contains(to), "\(mode): \(to)")
            XCTAssertEqual(try k.server.strayRequests(), [], mode)
            XCTAssertFalse(try k.server.requests().contains { $0.method == "MKCALENDAR" }, mode)
            XCTAssertNil(try k.device.store.kitchenTables.binding(), mode)
            XCTAssertEqual(try k.recipes, [], mode)
        }
    }

    /// 10,000 calendars, or a dozen named with a megabyte each: Meals and Recipes are still found
    /// (their names kept short) in bounded memory; an answer of 10,000 one-megabyte names is cut
    /// at the size cap, and nothing is stored.
    func testAHostileCalendarHomeIsBounded() throws {
        for mode in ["manycalendars", "bigcalnames"] {
            let k = try KitchenOnHostile(mode)
            XCTAssertEqual(try k.recipes, ["Chili", "Pancakes"], mode)
            let binding = try XCTUnwrap(try k.device.store.kitchenTables.binding())
            XCTAssertEqual(binding.meals.url, k.server.meals, mode)
            XCTAssertFalse(try k.server.requests().contains { $0.method == "MKCALENDAR" }, mode)
            let run = try shareOnHelper(try HostileKitchen(mode))
            XCTAssertTrue(run.replies.contains { $0.error == nil }, "\(mode): \(run.said)")
            XCTAssertLessThan(run.peakMegabytes, Self.memoryBound, mode)
        }
        let k = try KitchenOnHostile("hugehome")
        guard case .network(.tooLarge) = k.error else { return XCTFail("\(String(describing: k.error))") }
        XCTAssertNil(try k.device.store.kitchenTables.binding())
        let run = try shareOnHelper(try HostileKitchen("hugehome"))
        XCTAssertTrue(run.said.contains("too large"), run.said)
        XCTAssertLessThan(run.peakMegabytes, Self.memoryBound)
    }

    /// 5,000 events naming no recipe (a household's whole calendar), a day apart from 2024 on: the
    /// sync ends, in bounded memory, and the plan keeps at most 1,000 notes, none from before 30
    /// days ago (a plan never shows those weeks again). The next sync (by its token) fetches none
    /// of them again.
    func testFiveThousandNotesInBoundedMemory() throws {
        let k = try KitchenOnHostile("manynotes")
        XCTAssertEqual(try k.recipes, ["Chili", "Pancakes"])
        XCTAssertEqual(try k.mealDays, ["2031-01-02", "2031-01-04"])
        let notes = try k.notes
        print("manynotes: \(notes.count) notes kept, \(try k.report.requests) requests")
        XCTAssertEqual(notes.count, KitchenLimits.maxNotes)
        let oldest = PlanDay(Date().addingTimeInterval(-31 * 86_400))
        XCTAssertTrue(notes.allSatisfy { $0.day >= oldest }, "\(notes.first.map(\.day.description) ?? "")")
        let run = try shareOnHelper(try HostileKitchen("manynotes"))
        XCTAssertTrue(run.replies.contains { $0.error == nil }, run.said)
        XCTAssertLessThan(run.peakMegabytes, Self.memoryBound)
        // The next sync asks for none of them again.
        let before = try k.server.requests().count
        let (_, error) = KitchenSync.syncReporting(store: k.device.store)
        XCTAssertNil(error)
        XCTAssertLessThan(try k.server.requests().count - before, 20)
    }

    /// A meal with 5,000 X-SHOPPER-SHARE lines, a meal and a note whose SUMMARY is 200 KB: each
    /// arrives with its fields cut to their caps.
    func testAHugeMealIsCapped() throws {
        let k = try KitchenOnHostile("bigmeal")
        XCTAssertEqual(try k.skipped, [])
        XCTAssertEqual(try k.mealDays, ["2031-01-02", "2031-01-03", "2031-01-04", "2031-01-05"])
        XCTAssertEqual(try k.recordedMeal("meal-shares").shares.count, KitchenLimits.maxShares)
        XCTAssertLessThanOrEqual(try k.recordedMeal("meal-longsummary").summary.count, KitchenLimits.maxSummary)
        let notes = try k.notes
        XCTAssertEqual(notes.count, 2)
        XCTAssertTrue(notes.allSatisfy { $0.summary.count <= 200 }, "\(notes.map(\.summary.count))")
        let run = try shareOnHelper(try HostileKitchen("bigmeal"))
        XCTAssertTrue(run.replies.contains { $0.error == nil }, run.said)
        XCTAssertLessThan(run.peakMegabytes, Self.memoryBound)
    }

    /// A server without sync-collection, whose calendar-query honours its filter: the kitchen's
    /// listing asks for journal entries and events (one asking for tasks found none, and a later
    /// listing that found none took the recipes here for deleted there).
    func testAServerWithoutSyncCollectionIsListedForItsEntries() throws {
        let k = try KitchenOnHostile("nosync")
        XCTAssertEqual(try k.skipped, [])
        XCTAssertEqual(try k.recipes, ["Chili", "Pancakes"])
        XCTAssertEqual(try k.mealDays, ["2031-01-02", "2031-01-04"])
        XCTAssertEqual(try k.notes.map(\.summary), ["Dinner at Grandma's"])
        let (report, error) = KitchenSync.syncReporting(store: k.device.store)
        XCTAssertNil(error)
        XCTAssertEqual(report.deletedHere, 0)
        XCTAssertEqual(try k.recipes, ["Chili", "Pancakes"])
        XCTAssertEqual(try k.mealDays, ["2031-01-02", "2031-01-04"])
    }

    /// Every upload refused, every REPORT failing, the password refused after a good share: the
    /// sync says so (never "synced"), and every recipe and meal stays here. A token new every
    /// time, or ETags with a line break, still converge, with no header holding CR or LF.
    func testRefusalsAreSaidAndKeepEverything() throws {
        let soup = RecipeDraft(title: "Soup", ingredients: ["1 l water"])
        let storm = try KitchenOnHostile("storm503")
        XCTAssertTrue(storm.error.map { "\($0)".contains("503") } ?? false, "\(String(describing: storm.error))")
        XCTAssertTrue(try XCTUnwrap(try storm.device.store.kitchenTables.binding()).offline)
        for (mode, said) in [("put412", "refused 1 change"), ("auth401after", "password")] {
            let k = try KitchenOnHostile(mode)
            XCTAssertEqual(try k.recipes, ["Chili", "Pancakes"], mode)
            _ = try k.device.model.recipes.addRecipe(soup)
            let (_, error) = KitchenSync.syncReporting(store: k.device.store)
            XCTAssertTrue(error.map { "\($0)".contains(said) } ?? false, "\(mode): \(String(describing: error))")
            XCTAssertNotNil(try k.device.store.kitchenTables.binding()?.problem, mode)
            XCTAssertEqual(try k.recipes, ["Chili", "Pancakes", "Soup"], mode)
            XCTAssertEqual(try k.mealDays, ["2031-01-02", "2031-01-04"], mode)
        }
        for mode in ["tokenchurn", "etagcrlf"] {
            let k = try KitchenOnHostile(mode)
            _ = try k.device.model.recipes.addRecipe(soup)
            for _ in 1...3 { XCTAssertNil(KitchenSync.syncReporting(store: k.device.store).1, mode) }
            var chili = try XCTUnwrap(try k.device.store.recipeTables.recipes().first { $0.title == "Chili" })
            chili.notes = "hot"
            try k.device.model.recipes.updateRecipe(chili.id, chili.draft)
            XCTAssertNil(KitchenSync.syncReporting(store: k.device.store).1, mode)
            XCTAssertEqual(try k.recipes, ["Chili", "Pancakes", "Soup"], mode)
            XCTAssertEqual(try k.mealDays, ["2031-01-02", "2031-01-04"], mode)
            XCTAssertEqual(try k.device.store.kitchenTables.pending(.recipe), [:], "\(mode): every change sent")
            let requests = try k.server.requests()
            XCTAssertTrue(requests.contains { $0.method == "PUT" && $0.path.hasSuffix("recipe-chili.ics") }, mode)
            XCTAssertFalse(requests.contains { ($0.ifMatch ?? "").contains { $0 == "\r" || $0 == "\n" } }, mode)
            XCTAssertEqual(try k.server.strayRequests(), [], mode)
        }
    }

    /// 150 recipes of 700 KB each (every one under the bound, so every one is read): the helper's
    /// memory stays bounded while 100 MB of entries pass through it (a batch of 200 entries held
    /// them all, and every sync read every record's text; 300 took 250 MB).
    func testManyLargeRecipesInBoundedMemory() throws {
        let run = try shareOnHelper(try HostileKitchen("manybig"))
        XCTAssertTrue(run.replies.contains { $0.error == nil && $0.report?.received == 154 }, run.said)
        XCTAssertLessThan(run.peakMegabytes, Self.memoryBound)
    }

    /// `shopper-sync share-kitchen` on a fresh store, measured; `deadline` shortens its deadline.
    private func shareOnHelper(_ s: HostileKitchen, deadline: Double? = nil) throws -> MeasuredHelper {
        let d = try Device()
        var environment: [String: String] = [:]
        if let deadline { environment["SHOPPER_SYNC_DEADLINE"] = "\(deadline)" }
        let run = try MeasuredHelper.run(arguments: ["share-kitchen", d.folder + "/" + Store.fileName, s.url, s.user],
                                         input: s.password, environment: environment, killAfter: 150)
        print("helper: \(run.seconds) s, \(run.peakMegabytes) MB, \(run.said)")
        return run
    }
}
