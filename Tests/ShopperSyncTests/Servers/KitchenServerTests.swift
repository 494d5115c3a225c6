import XCTest

/// The household's kitchen on Radicale.
final class RadicaleKitchenTests: XCTestCase {
    func scenarios() throws -> KitchenScenarios { try KitchenScenarios("radicale") }
    func testMealPlannedOnOneDesktop() throws { try scenarios().mealPlannedOnOneDesktop() }
    func testPhoneMakesAMeal() throws { try scenarios().phoneMakesAMeal() }
    func testRecipeEditedOnBoth() throws { try scenarios().recipeEditedOnBoth() }
    func testBadEntryIsSkippedAndNamed() throws { try scenarios().badEntryIsSkippedAndNamed() }
    func testServingsChangedElsewhere() throws { try scenarios().servingsChangedElsewhere() }
    func testFirstSyncAdoptsTheSameRecipe() throws { try scenarios().firstSyncAdoptsTheSameRecipe() }
    func testPhoneMovesAMealAddedHere() throws { try scenarios().phoneMovesAMealAddedHere() }
    func testTheSameMealPlannedOnBoth() throws { try scenarios().theSameMealPlannedOnBoth() }
}

/// The household's kitchen on Xandikos.
final class XandikosKitchenTests: XCTestCase {
    func scenarios() throws -> KitchenScenarios { try KitchenScenarios("xandikos") }
    func testMealPlannedOnOneDesktop() throws { try scenarios().mealPlannedOnOneDesktop() }
    func testPhoneMakesAMeal() throws { try scenarios().phoneMakesAMeal() }
    func testRecipeEditedOnBoth() throws { try scenarios().recipeEditedOnBoth() }
    func testBadEntryIsSkippedAndNamed() throws { try scenarios().badEntryIsSkippedAndNamed() }
    func testServingsChangedElsewhere() throws { try scenarios().servingsChangedElsewhere() }
    func testFirstSyncAdoptsTheSameRecipe() throws { try scenarios().firstSyncAdoptsTheSameRecipe() }
    func testPhoneMovesAMealAddedHere() throws { try scenarios().phoneMovesAMealAddedHere() }
    func testTheSameMealPlannedOnBoth() throws { try scenarios().theSameMealPlannedOnBoth() }
}
