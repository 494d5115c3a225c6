import XCTest

/// A recipe's journal entry and a meal's event on Radicale (Debian's radicale 3.1).
final class RadicaleKitchenEntryTests: XCTestCase {
    func scenarios() throws -> KitchenEntryScenarios { try KitchenEntryScenarios("radicale") }
    func testRecipeRoundTrip() throws { try scenarios().recipeRoundTrip() }
    func testMealRoundTrip() throws { try scenarios().mealRoundTrip() }
    func testPhonesEventIsAMeal() throws { try scenarios().phonesEventIsAMeal() }
}

/// The same on Xandikos (Debian's xandikos 0.2).
final class XandikosKitchenEntryTests: XCTestCase {
    func scenarios() throws -> KitchenEntryScenarios { try KitchenEntryScenarios("xandikos") }
    func testRecipeRoundTrip() throws { try scenarios().recipeRoundTrip() }
    func testMealRoundTrip() throws { try scenarios().mealRoundTrip() }
    func testPhonesEventIsAMeal() throws { try scenarios().phonesEventIsAMeal() }
}
