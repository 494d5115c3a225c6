import Foundation
import XCTest
@testable import ShopperModel

/// The week's plan: meals added once, and a meal taken off (or given other servings) changes the
/// list by exactly its share, never what the person added by hand.
final class WeekPlanTests: XCTestCase {
    private let tuesday = PlanDay(year: 2026, month: 11, day: 24)
    private let english = UserLocale(environment: ["LANG": "en_GB.UTF-8"])

    private func model() throws -> ShoppingModel { try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName)) }

    private func list(_ m: ShoppingModel) throws -> [String] {
        try m.items.allItems().map { "\($0.description) \(DecimalText.format($0.quantity))" + ($0.unit.map { " " + $0 } ?? "") + ($0.needed ? "" : " (not needed)") }
    }

    /// Milk 1 l by hand; Pancakes (250 ml milk, 2 eggs) on Tuesday, Omelette (100 ml milk, 3 eggs)
    /// on Wednesday, both added.
    private func twoMeals() throws -> (ShoppingModel, MealID, MealID) {
        let m = try model()
        try m.items.add(ItemFields(description: "Milk", quantity: 1, unit: "l"))
        let pancakes = try m.recipes.addRecipe(RecipeDraft(title: "Pancakes", servings: 4, ingredients: ["250 ml milk", "2 eggs"]))
        let omelette = try m.recipes.addRecipe(RecipeDraft(title: "Omelette", servings: 2, ingredients: ["100 ml milk", "3 eggs", "1 bunch chives"]))
        let a = try XCTUnwrap(try m.plan.planMeal(pancakes, on: tuesday))
        let b = try XCTUnwrap(try m.plan.planMeal(omelette, on: tuesday.adding(days: 1, english.calendar)))
        try m.plan.addWeekToList(from: tuesday, staples: nil, numbers: .decimalPoint)
        return (m, a, b)
    }

    func testTheWeekIsAddedOnceWithASharePerMeal() throws {
        let (m, a, b) = try twoMeals()
        XCTAssertEqual(try list(m), ["Milk 1.35 l", "Eggs 5", "Chives 1 bunch"])
        XCTAssertEqual(try m.plan.meals().map(\.list), [.first, .first])
        let milk = try m.items.allItems()[0]
        XCTAssertEqual(m.plan.shares(of: milk.id).map { $0.text(english) }, ["250 ml for Pancakes (Tue)", "100 ml for Omelette (Wed)"])
        XCTAssertEqual(Set(m.plan.shares(of: milk.id).compactMap(\.meal)), [a, b])
        XCTAssertEqual(try m.plan.addWeekToList(from: tuesday, staples: nil, numbers: .decimalPoint), [], "added once")
        XCTAssertEqual(try list(m), ["Milk 1.35 l", "Eggs 5", "Chives 1 bunch"])
    }

    func testTakingAMealOffTakesExactlyItsShareAndKeepsWhatWasAddedByHand() throws {
        let (m, _, b) = try twoMeals()
        // By hand, after: two more eggs.
        let eggs = try m.items.allItems()[1]
        var f = eggs.fields
        f.quantity = 7
        try m.items.update(eggs.id, f)
        try m.plan.removeMeal(b)
        XCTAssertEqual(try list(m), ["Milk 1.25 l", "Eggs 4"], "chives existed only for the omelette: gone")
        XCTAssertEqual(m.undo.undoName, "taking “Omelette” off the plan")
        XCTAssertEqual(try m.plan.meals().count, 1)
        try m.core.undoLast()
        XCTAssertEqual(try list(m), ["Milk 1.35 l", "Eggs 7", "Chives 1 bunch"])
        XCTAssertEqual(try m.plan.meals().count, 2)
    }

    func testTakingEveryMealOffLeavesOnlyWhatThePersonHad() throws {
        let (m, a, b) = try twoMeals()
        try m.plan.removeMeal(a)
        try m.plan.removeMeal(b)
        XCTAssertEqual(try list(m), ["Milk 1 l"])
        XCTAssertEqual(try m.store.recipeTables.shares(), [])
    }

    func testAnItemOffTheListIsPutBackAsItWasWhenItsLastMealGoes() throws {
        let m = try model()
        try m.items.add(ItemFields(description: "Eggs", quantity: 12), needed: false)
        let r = try m.recipes.addRecipe(RecipeDraft(title: "Pancakes", servings: 4, ingredients: ["2 eggs"]))
        let a = try XCTUnwrap(try m.plan.planMeal(r, on: tuesday))
        let b = try XCTUnwrap(try m.plan.planMeal(r, on: tuesday.adding(days: 2, english.calendar)))
        try m.plan.addWeekToList(from: tuesday, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(try list(m), ["Eggs 4"])
        try m.plan.removeMeal(a)
        XCTAssertEqual(try list(m), ["Eggs 2"])
        try m.plan.removeMeal(b)
        XCTAssertEqual(try list(m), ["Eggs 12 (not needed)"])
    }

    func testChangingServingsChangesTheListByTheDifference() throws {
        let (m, a, _) = try twoMeals()
        try m.plan.setMealServings(a, 8, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(try list(m), ["Milk 1.6 l", "Eggs 7", "Chives 1 bunch"])
        XCTAssertEqual(try m.plan.meals().first { $0.id == a }?.servings, 8)
        try m.core.undoLast()
        XCTAssertEqual(try list(m), ["Milk 1.35 l", "Eggs 5", "Chives 1 bunch"])
        try m.plan.setMealServings(a, 2, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(try list(m), ["Milk 1.225 l", "Eggs 4", "Chives 1 bunch"])
    }

    func testAMealNotYetAddedChangesOnlyThePlan() throws {
        let m = try model()
        let r = try m.recipes.addRecipe(RecipeDraft(title: "Soup", servings: 2, ingredients: ["1 leek"]))
        let meal = try XCTUnwrap(try m.plan.planMeal(r, on: tuesday, servings: 3))
        try m.plan.setMealServings(meal, 4, staples: nil, numbers: .decimalPoint)
        try m.plan.removeMeal(meal)
        XCTAssertEqual(try m.items.allItems(), [])
        XCTAssertTrue(m.undo.undoStack.last!.onListsOnly)
    }

    func testSharesSpeakTheDaysInGerman() throws {
        let share = ItemShare(id: ShareID(1), item: ItemID(1), meal: nil, recipe: RecipeID(1), recipeTitle: "Pfannkuchen", day: tuesday,
                              amount: .exact(Rational(1, 4)!), unit: MeasureUnit.named("l"), added: 0, itemUnit: "l", before: nil, madeItem: false)
        let german = UserLocale(environment: ["LANG": "de_DE.UTF-8"])
        XCTAssertTrue(share.text(german).hasPrefix("0,25 l"), share.text(german))
        XCTAssertTrue(share.text(german).contains("(Di"), share.text(german))
    }

    /// A rolling fortnight from today: an American Saturday opens on today, not on six days past.
    func testPlanDaysAreAFortnightFromToday() {
        let days = PlanDay.planDays(around: tuesday.date(english.calendar), english)
        XCTAssertEqual(days.count, 14)
        XCTAssertEqual(days[0], tuesday)
        XCTAssertEqual(PlanDay(text: tuesday.description), tuesday)
        let american = UserLocale(environment: ["LANG": "en_US.UTF-8"])
        let saturday = PlanDay(year: 2026, month: 11, day: 28)
        XCTAssertEqual(PlanDay.planDays(around: saturday.date(american.calendar), american).first, saturday)
        XCTAssertEqual(PlanDay.week(0, around: saturday.date(american.calendar), american), saturday...PlanDay(year: 2026, month: 12, day: 4))
        XCTAssertEqual(PlanDay.week(1, around: saturday.date(american.calendar), american),
                       PlanDay(year: 2026, month: 12, day: 5)...PlanDay(year: 2026, month: 12, day: 11))
    }

    /// DAY as the command line takes it: the next such weekday (today included), in English or
    /// the user's language, whole or short; today, tomorrow; an ISO date on the calendar.
    func testDaysAreReadAsTyped() {
        let german = UserLocale(environment: ["LANG": "de_DE.UTF-8"])
        let cases: [(String, PlanDay?)] = [("today", tuesday), ("Tomorrow", PlanDay(year: 2026, month: 11, day: 25)),
                                           ("tuesday", tuesday), ("Tue", tuesday), ("monday", PlanDay(year: 2026, month: 11, day: 30)),
                                           ("Samstag", PlanDay(year: 2026, month: 11, day: 28)), ("Sa.", PlanDay(year: 2026, month: 11, day: 28)),
                                           ("SONNTAG", PlanDay(year: 2026, month: 11, day: 29)), ("2026-12-24", PlanDay(year: 2026, month: 12, day: 24)),
                                           ("2026-02-30", nil), ("someday", nil), ("", nil), ("2026-13-01", nil)]
        for (words, day) in cases {
            XCTAssertEqual(PlanDay.named(words, today: tuesday, german), day, words)
        }
        XCTAssertNil(PlanDay.named("Samstag", today: tuesday, english), "German names only for a German user")
    }

    /// What is in the cart, or bought and off the list after Finish Shopping, is the person's:
    /// taking a meal off leaves it, and new servings leave the list as it is (adding the new amount
    /// in full on top would count the meal twice).
    func testBoughtItemsAreLeftAloneByTheMealsTheyCameFrom() throws {
        let (m, a, b) = try twoMeals()
        let chives = try XCTUnwrap(try m.items.allItems().first { $0.description == "Chives" })
        let milk = try XCTUnwrap(try m.items.allItems().first { $0.description == "Milk" })
        try m.items.tick(chives.id)
        _ = try m.items.finishShopping(paid: [:])
        try m.plan.removeMeal(b)
        XCTAssertEqual(try list(m), ["Milk 1.25 l", "Eggs 2", "Chives 1 bunch (not needed)"], "the bought chives stay")
        try m.items.tick(milk.id)
        try m.plan.setMealServings(a, 8, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(try list(m), ["Milk 1.25 l", "Eggs 2", "Chives 1 bunch (not needed)"], "the milk in the cart is not counted twice")
        XCTAssertEqual(try m.plan.meals().first { $0.id == a }?.servings, 8)
    }

    /// A recipe added while its milk is in the cart: the cart keeps what was picked up, the
    /// recipe's milk is a line of its own, said so.
    func testARecipeAddLeavesTheCartAsItIs() throws {
        let m = try model()
        let milk = try m.items.add(ItemFields(description: "Milk", quantity: 1, unit: "l"))
        try m.items.tick(milk)
        let pancakes = try m.recipes.addRecipe(RecipeDraft(title: "Pancakes", servings: 4, ingredients: ["250 ml milk"]))
        let changes = try m.plan.addRecipeToList(pancakes, servings: 4, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(m.items.item(milk)?.quantity, 1, "the cart's milk as it was picked up")
        XCTAssertEqual(m.items.item(milk)?.inCart, true)
        XCTAssertTrue(changes.first?.words.contains("already in the cart") ?? false, "\(changes.map(\.words))")
        XCTAssertEqual(try m.items.allItems().filter { $0.description == "Milk" }.count, 2)
    }

    /// What "Add the Week…" promises: meals not yet on a list whose recipe is still kept.
    func testTheMealsWaitingAreThoseTheWeeksAddWouldAdd() throws {
        let m = try model()
        let toast = try m.recipes.addRecipe(RecipeDraft(title: "Toast", servings: 1, ingredients: ["2 slices bread"]))
        let soup = try m.recipes.addRecipe(RecipeDraft(title: "Soup", servings: 2, ingredients: ["1 l stock"]))
        let today = PlanDay(Date())
        _ = try m.plan.planMeal(toast, on: today)
        _ = try m.plan.planMeal(soup, on: today)
        XCTAssertEqual(try m.plan.mealsWaiting(from: today), 2)
        try m.recipes.deleteRecipe(soup)
        XCTAssertEqual(try m.plan.mealsWaiting(from: today), 1)
        try m.plan.addWeekToList(from: today)
        XCTAssertEqual(try m.plan.mealsWaiting(from: today), 0)
    }
}
