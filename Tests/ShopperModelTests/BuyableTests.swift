import Foundation
import XCTest
@testable import ShopperModel

/// The amount a list asks to buy of an exact need: a table of needs and what each rounds to.
final class BuyableTests: XCTestCase {
    func testTable() {
        let table: [(Decimal, String?, String)] = [
            // Counted things: whole ones, up.
            (10.5, nil, "11"), (6, nil, "6"), (4.6667, nil, "5"), (0.25, nil, "1"), (3.3334, "cans", "4"),
            (1.6667, "can", "2"), (2.5, "bunch", "3"), (7, "cloves", "7"), (1.5, "Stück", "2"), (0.5, "sachets", "1"),
            (2.0001, "pack", "3"),
            // Metric: up, to a twentieth of the power of ten by weight, a quarter by volume;
            // three significant digits or fewer stay as written.
            (486.5883, "ml", "500"), (1.4437, "l", "1.5"), (1.8334, "kg", "1.85"), (486.5883, "g", "490"),
            (250, "g", "250"), (1, "kg", "1"), (1.35, "l", "1.35"), (1.25, "l", "1.25"), (3.3, "ml", "3.3"),
            (1.3501, "l", "1.5"), (330, "ml", "330"), (1.1, "l", "1.1"), (416.6667, "g", "420"), (2.0833, "l", "2.25"),
            (1033, "g", "1050"), (12.34, "kg", "12.5"), (0.9, "Pfund", "0.9"), (48.66, "cl", "50"),
            // Spoons, cups, ounces: the nearest quarter, whole ones from ten.
            (0.7709, "cup", "0.75"), (0.8751, "cups", "1"), (7.5289, "tbsp", "7.5"), (0.05, "tsp", "0.05"), (0.1042, "tsp", "0.25"), (2.625, "cups", "2.75"), (0.3, "cup", "0.3"),
            (1.6667, "cups", "1.75"), (12.34, "oz", "12"), (2, "EL", "2"),
        ]
        for (need, unit, want) in table {
            XCTAssertEqual(DecimalText.format(Buyable.amount(need, unit: unit)), want, "\(need) \(unit ?? "")")
        }
    }

    /// Three significant digits at most (counted things and spoons below a thousand: 1,032 eggs
    /// are 1,032), never less than the need but for the quarters' nearest.
    func testNeverMoreThanThreeSignificantDigitsAndNeverLessForMetric() {
        var rng = SeededRandom.fromEnvironment()
        print("BuyableTests seed \(rng.seed) (SHOPPER_TEST_SEED=\(rng.seed) runs it again)")
        for _ in 0..<5_000 {
            let unit = [nil, "g", "kg", "ml", "l", "cup", "tbsp", "can"].randomElement(using: &rng)!
            let metric = ["g", "kg", "ml", "l"].contains(unit)
            let need = Decimal(Int.random(in: 1...(metric ? 99_999_999 : 9_999_999), using: &rng)) / 10_000
            let buy = Buyable.amount(need, unit: unit)
            let digits = DecimalText.format(buy).filter(\.isNumber).drop { $0 == "0" }.reversed().drop { $0 == "0" }
            XCTAssertLessThanOrEqual(digits.count, 3, "seed \(rng.seed): \(need) \(unit ?? "") → \(buy)")
            if unit != "cup", unit != "tbsp" { XCTAssertGreaterThanOrEqual(buy, need, "seed \(rng.seed): \(need) \(unit ?? "")") }
        }
    }

    func testQuartersReadAsFractions() {
        XCTAssertEqual(Buyable.text(Amount(0.75), unit: "cup", .decimalPoint), "¾")
        XCTAssertEqual(Buyable.text(Amount(7.5), unit: "tbsp", .decimalPoint), "7½")
        XCTAssertEqual(Buyable.text(Amount(2), unit: "cups", .decimalPoint), "2")
        XCTAssertEqual(Buyable.text(Amount(1.5), unit: "l", .decimalComma), "1,5")
    }
}

/// The issue's example through a real store: Pancakes for 6 on a list that holds 6 eggs reads
/// "Eggs 11", the editor says both, and taking the recipe off leaves 6.
final class BuyableOnTheListTests: XCTestCase {
    func testPancakesForSixOnSixEggsReadsEleven() throws {
        let m = try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName))
        try m.items.add(ItemFields(description: "Eggs", quantity: 6))
        let pancakes = try m.recipes.addRecipe(RecipeDraft(title: "Pancakes", servings: 4, ingredients: ["3 eggs", "1½ cups milk"]))
        try m.plan.addRecipeToList(pancakes, servings: 6, staples: nil, numbers: .decimalPoint)
        let eggs = try XCTUnwrap(try m.items.allItems().first { $0.description == "Eggs" })
        XCTAssertEqual(eggs.quantity, 10.5, "the exact need is kept")
        let money = MoneyFormat(locale: Locale(identifier: "en_US"))
        let row = RowPresentation(options: DisplayOptions(showCost: false), list: .shopping, item: eggs, money: money)
        XCTAssertEqual("\(row.description) \(row.leftText ?? "")", "Eggs 11")
        let english = UserLocale(environment: ["LANG": "en_GB.UTF-8"])
        XCTAssertEqual(NeedWords.text(eggs, shares: m.plan.shares(of: eggs.id), english), "To buy: 11 (10.5: 6 by hand, 4½ for Pancakes)")
        let milk = try XCTUnwrap(try m.items.allItems().first { $0.description == "Milk" })
        XCTAssertEqual(RowPresentation.quantityText(milk, money), "2¼ cups")
        XCTAssertTrue(CSVFormat.export([eggs]).hasSuffix(",10.5,,,,,1,0,,,11\r\n"), CSVFormat.export([eggs]))
        try m.core.undoLast()
        XCTAssertEqual(try m.items.allItems().map { "\($0.description) \($0.quantity)" }, ["Eggs 6"])
    }

    /// A week of five recipes for odd servings onto an empty list: every amount the list shows
    /// has three significant digits at most.
    func testAWeekOfFiveRecipesShowsNoAmountOfMoreThanThreeDigits() throws {
        let m = try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName))
        let week: [(RecipeDraft, Int)] = [
            (RecipeDraft(title: "Chili", servings: 6, ingredients: ["2 onions", "1 lb ground beef", "1 (15 oz) can kidney beans",
                                                                    "1 can chopped tomatoes", "2 cloves garlic", "1 tbsp chili powder"]), 4),
            (RecipeDraft(title: "Pancakes", servings: 4, ingredients: ["1½ cups flour", "3 tbsp sugar", "1¼ cups milk", "1 egg", "3 tbsp butter"]), 7),
            (RecipeDraft(title: "Lasagne", servings: 6, ingredients: ["600 ml milk", "500 g minced beef", "250 g lasagne sheets", "1 onion"]), 5),
            (RecipeDraft(title: "Curry", servings: 4, ingredients: ["400 ml coconut milk", "1 kg chicken thighs", "2 onions", "1 bunch coriander"]), 3),
            (RecipeDraft(title: "Soup", servings: 3, ingredients: ["1.5 l stock", "300 ml heavy cream", "2 leeks", "1 tsp salt"]), 5),
        ]
        let monday = PlanDay(year: 2026, month: 11, day: 23)
        for (day, (draft, servings)) in week.enumerated() {
            _ = try m.plan.planMeal(try m.recipes.addRecipe(draft), on: monday.adding(days: day), servings: servings)
        }
        try m.plan.addWeekToList(from: monday, staples: nil, numbers: .decimalPoint)
        let money = MoneyFormat(locale: Locale(identifier: "en_US"))
        let items = try m.items.allItems()
        XCTAssertGreaterThan(items.count, 15)
        XCTAssertTrue(items.contains { $0.quantity != $0.buyable }, "some needs are no amount a store sells")
        for item in items {
            let text = RowPresentation.quantityText(item, money)
            let digits = text.prefix { !$0.isLetter }.filter(\.isNumber).drop { $0 == "0" }.reversed().drop { $0 == "0" }
            XCTAssertLessThanOrEqual(digits.count, 3, "\(item.description): \(text) of \(item.quantity)")
        }
    }

    /// A need of 10.5 eggs at 0.30 each costs, and is recorded as bought, as the eleven the list asked for.
    func testWhatIsBoughtIsWhatTheListAskedFor() throws {
        let m = try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName))
        let eggs = try m.items.add(ItemFields(description: "Eggs", quantity: Decimal(string: "10.5")!, price: Decimal(string: "0.3")!))
        XCTAssertEqual(Totals(try m.items.allItems()).cost, Decimal(string: "3.3"))
        try m.items.tick(eggs)
        let trip = try XCTUnwrap(try m.trips.trip(try XCTUnwrap(try m.items.finishShopping())))
        XCTAssertEqual(trip.lines.map { "\($0.quantity) \($0.cost)" }, ["11 3.3"])
    }

    /// Read back by another model (the store's fast read of entries, and its checkpoint), a
    /// line costs what is bought of it, as the model that wrote it said.
    func testAStoreReadBackCostsWhatIsBought() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let m = try ShoppingModel(store: Store(path: path))
        try m.items.add(ItemFields(description: "Beef", quantity: Decimal(string: "1.8334")!, unit: "kg", price: 10))
        try m.items.add(ItemFields(description: "Eggs", quantity: Decimal(string: "10.5")!, price: Decimal(string: "0.3")!))
        XCTAssertEqual(m.items.totals.all.cost, Decimal(string: "21.8"), "1.85 kg × 10 + 11 × 0.30")
        for _ in 0..<2 {
            let again = try ShoppingModel(store: Store(path: path))
            XCTAssertEqual(again.items.totals.all.cost, Decimal(string: "21.8"))
        }
    }
}
