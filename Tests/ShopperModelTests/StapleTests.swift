import Foundation
import GRDB
import XCTest
@testable import ShopperModel

/// The household's staples: kept once whatever the case or accents, tidied and capped, read by
/// every process, and followed by the add of a recipe and of the week.
final class StapleTests: XCTestCase {
    private func store() throws -> Store { try Store(path: temporaryFolder(self) + "/" + Store.fileName) }

    func testANewStoreStartsWithTheDefaultsInAlphabeticalOrder() throws {
        let names = try store().stapleTables.staples()
        XCTAssertEqual(Set(names), Set(PantryStaples.defaults))
        XCTAssertEqual(names, names.sorted { ShoppingModel.matchKey($0) < ShoppingModel.matchKey($1) })
        XCTAssertLessThan(try XCTUnwrap(names.firstIndex(of: "Öl")), try XCTUnwrap(names.firstIndex(of: "olive oil")),
                          "Öl sorts as Ol, beside oil, not after z")
    }

    func testANameIsKeptOnceTidiedAndCut() throws {
        let s = try store()
        XCTAssertEqual(try s.stapleTables.addStaple("  Butter\t milk "), "Butter milk")
        XCTAssertNil(try s.stapleTables.addStaple("butter MILK"), "the same name in another case")
        XCTAssertNil(try s.stapleTables.addStaple("Ol"), "Öl is kept: the same name without its accent")
        XCTAssertNil(try s.stapleTables.addStaple("   "))
        let long = String(repeating: "x", count: 500)
        XCTAssertEqual(try s.stapleTables.addStaple(long)?.count, StapleTables.stapleLimit)
        XCTAssertEqual(try s.stapleTables.removeStaple("BUTTER milk"), "Butter milk")
        XCTAssertNil(try s.stapleTables.removeStaple("Butter milk"), "already gone")
        XCTAssertFalse(try s.stapleTables.staples().contains("Butter milk"))
    }

    func testNoMoreThanTheMostAreKept() throws {
        let s = try store()
        let start = try s.stapleTables.staples().count
        for i in start..<StapleTables.staplesMost { XCTAssertNotNil(try s.stapleTables.addStaple("staple \(i)")) }
        XCTAssertNil(try s.stapleTables.addStaple("one too many"))
        XCTAssertEqual(try s.stapleTables.staples().count, StapleTables.staplesMost)
    }

    func testAnotherProcessesEditIsWhatTheNextAddFollows() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let window = try ShoppingModel(store: Store(path: path))
        let id = try window.recipes.addRecipe(RecipeDraft(title: "Salad", servings: 2, ingredients: ["2 tbsp olive oil", "1 lemon"]))
        XCTAssertTrue(try window.plan.previewRecipe(id).first?.words.contains("always at home") ?? false)
        // The command line, or a second window, takes olive oil off the staples.
        XCTAssertEqual(try Store(path: path).stapleTables.removeStaple("olive oil"), "olive oil")
        try window.plan.addRecipeToList(id)
        XCTAssertEqual(Set(try window.items.allItems().map(\.description)), ["Olive oil", "Lemon"])
    }

    func testTheWeeksAddFollowsTheStaples() throws {
        let m = try ShoppingModel(store: store())
        let s = try XCTUnwrap(m.store)
        let id = try m.recipes.addRecipe(RecipeDraft(title: "Toast", servings: 1, ingredients: ["2 slices bread", "butter"]))
        try s.stapleTables.addStaple("Butter")
        _ = try m.plan.planMeal(id, on: PlanDay(Date()), servings: 1)
        let words = try m.plan.previewWeek().map(\.words)
        XCTAssertTrue(words.contains { $0.hasPrefix("butter:") && $0.contains("always at home") }, "\(words)")
        try m.plan.addWeekToList()
        XCTAssertEqual(try m.items.allItems().map(\.description), ["Bread"])
    }

    func testAReadOnlyStoreRefusesAnEdit() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        _ = try Store(path: path)
        let readOnly = try Store(path: path, access: .readOnly)
        XCTAssertThrowsError(try readOnly.stapleTables.addStaple("butter")) { XCTAssertEqual($0 as? StoreError, .readOnly(path: path)) }
    }

    /// Rows another program wrote: bytes are passed over, a name too long is cut, and no more
    /// than the most are read, so one bad row does not stop a recipe's add.
    func testRowsAnotherProgramWroteAreCappedAndSkipped() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        _ = try Store(path: path)
        let long = String(repeating: "y", count: 10_000)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO staple (name) VALUES (x'00ff'), (?)", arguments: [long])
            for n in 0..<1_000 { try db.execute(sql: "INSERT INTO staple (name) VALUES (?)", arguments: ["bulk \(n)"]) }
        }
        let names = try Store(path: path).stapleTables.staples()
        XCTAssertLessThanOrEqual(names.count, StapleTables.staplesMost)
        XCTAssertTrue(names.allSatisfy { $0.count <= StapleTables.stapleLimit })
        XCTAssertFalse(names.contains { $0.utf8.first == 0 }, "bytes are no staple")
        let m = try ShoppingModel(store: Store(path: path))
        let id = try m.recipes.addRecipe(RecipeDraft(title: "Toast", servings: 1, ingredients: ["2 slices bread"]))
        XCTAssertEqual(try m.plan.addRecipeToList(id).count, 1, "a recipe's add goes on")
    }
}
