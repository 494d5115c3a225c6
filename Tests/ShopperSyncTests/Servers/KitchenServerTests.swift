import XCTest

/// A recipe's journal entry and a meal's event on Radicale (Debian's radicale 3.1).
final class RadicaleKitchenTests: XCTestCase {
    func scenarios() throws -> KitchenScenarios { try KitchenScenarios("radicale") }
    func testRecipeRoundTrip() throws { try scenarios().recipeRoundTrip() }
    func testMealRoundTrip() throws { try scenarios().mealRoundTrip() }
    func testPhonesEventIsAMeal() throws { try scenarios().phonesEventIsAMeal() }
}

/// The same on Xandikos (Debian's xandikos 0.2).
final class XandikosKitchenTests: XCTestCase {
    func scenarios() throws -> KitchenScenarios { try KitchenScenarios("xandikos") }
    func testRecipeRoundTrip() throws { try scenarios().recipeRoundTrip() }
    func testMealRoundTrip() throws { try scenarios().mealRoundTrip() }
    func testPhonesEventIsAMeal() throws { try scenarios().phonesEventIsAMeal() }
}
