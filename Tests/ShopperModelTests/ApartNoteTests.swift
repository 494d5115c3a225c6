import Foundation
import XCTest
@testable import ShopperModel

/// A row kept apart (cups beside grams) that two meals of the week share names both recipes in
/// its note, not only the first (issue 54).
final class ApartNoteTests: XCTestCase {
    func testAKeptApartRowNamesEveryRecipe() throws {
        let m = try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName))
        try m.items.add(ItemFields(description: "Sugar", quantity: 500, unit: "g"))
        let pancakes = try m.recipes.addRecipe(RecipeDraft(title: "Pancakes", servings: 4, ingredients: ["¾ cup sugar"]))
        let cookies = try m.recipes.addRecipe(RecipeDraft(title: "Cookies", servings: 4, ingredients: ["1 cup sugar"]))
        let day = PlanDay(year: 2026, month: 11, day: 28)
        _ = try m.plan.planMeal(pancakes, on: day)
        _ = try m.plan.planMeal(cookies, on: day)
        try m.plan.addWeekToList(from: day, staples: nil, numbers: .decimalPoint)
        let apart = try m.items.allItems().filter { $0.unit != "g" }
        XCTAssertEqual(apart.map(\.notes), ["for Pancakes, Cookies"])
    }

    func testOnlyARecipesNoteIsAddedTo() {
        XCTAssertEqual(ApartNote.adding("Cookies", to: "for Pancakes"), "for Pancakes, Cookies")
        XCTAssertNil(ApartNote.adding("Pancakes", to: "for Pancakes"), "named once")
        XCTAssertNil(ApartNote.adding("Cookies", to: "ripe ones"))
        XCTAssertNil(ApartNote.adding("Cookies", to: ""))
    }
}
