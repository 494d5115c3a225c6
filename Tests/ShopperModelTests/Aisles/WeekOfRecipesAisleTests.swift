import XCTest
@testable import ShopperModel

/// The measure: a week of five real recipes added to an empty list leaves at most 10 % of
/// its items in No Aisle. The recipes are written for this test as cooks write them (four English,
/// one German); only public model operations are used, so it runs against a release before the
/// table too (where every item was left in No Aisle).
final class WeekOfRecipesAisleTests: XCTestCase {
    static let week: [RecipeDraft] = [
        RecipeDraft(title: "Chili con Carne", servings: 6, ingredients: [
            "1 tbsp olive oil", "2 onions, finely chopped", "3 garlic cloves, crushed", "1 red bell pepper, diced",
            "500 g ground beef", "2 tsp chili powder", "1 tsp ground cumin", "1 tsp smoked paprika", "1 tsp dried oregano",
            "2 x 400 g cans chopped tomatoes", "2 tbsp tomato paste", "400 g can kidney beans, drained and rinsed",
            "300 ml beef stock", "1 square dark chocolate", "juice of 1 lime", "250 g basmati rice",
            "sour cream, to serve", "a handful of fresh coriander, chopped",
        ]),
        RecipeDraft(title: "Fluffy Pancakes", servings: 4, ingredients: [
            "300 g all-purpose flour", "2 tbsp sugar", "2 tsp baking powder", "1/2 tsp baking soda", "1/2 tsp salt",
            "375 ml buttermilk", "2 large eggs", "3 tbsp unsalted butter, melted", "1 tsp vanilla extract",
            "150 g blueberries", "maple syrup, to serve",
        ]),
        RecipeDraft(title: "Chickpea Curry", servings: 4, ingredients: [
            "2 tbsp vegetable oil", "1 large onion, chopped", "2 cloves garlic, minced", "1 tbsp grated fresh ginger",
            "2 tbsp medium curry powder", "1 tsp ground turmeric", "1 tsp garam masala", "2 x 400 g cans chickpeas, drained",
            "400 ml coconut milk", "400 g canned tomatoes", "200 g baby spinach", "1 lemon", "4 naan breads",
            "200 g basmati rice", "fresh coriander, to serve",
        ]),
        RecipeDraft(title: "Greek Salad", servings: 4, ingredients: [
            "4 ripe tomatoes, cut into wedges", "1 cucumber, sliced", "1 red onion, thinly sliced", "1 green bell pepper",
            "200 g feta cheese", "100 g kalamata olives", "3 tbsp extra virgin olive oil", "1 tbsp red wine vinegar",
            "1 tsp dried oregano", "1 crusty baguette",
        ]),
        RecipeDraft(title: "Bananenbrot", servings: 12, ingredients: [
            "3 reife Bananen", "100 g weiche Butter", "150 g brauner Zucker", "2 Eier", "250 g Weizenmehl",
            "1 TL Backpulver", "1/2 TL Natron", "1 Prise Salz", "1 TL Zimt", "100 g gehackte Walnüsse",
            "1 Päckchen Vanillezucker", "3 EL Milch",
        ]),
    ]

    func testAWeekOfFiveRecipesLeavesAtMostATenthInNoAisle() throws {
        let m = try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName))
        for draft in Self.week { try m.plan.addRecipeToList(try m.recipes.addRecipe(draft)) }
        let items = try m.items.allItems()
        let unplaced = items.filter { $0.aisle == nil }.map(\.description)
        let share = Double(unplaced.count) / Double(items.count)
        print("week of five recipes: \(items.count) items, \(unplaced.count) in No Aisle (\(Int((share * 100).rounded())) %): \(unplaced)")
        XCTAssertGreaterThan(items.count, 40)
        XCTAssertLessThanOrEqual(share, 0.10, "in No Aisle: \(unplaced)")
        // Sorted by what they are, not only somewhere.
        let aisle = Dictionary(items.map { ($0.description, $0.aisle ?? "") }, uniquingKeysWith: { a, _ in a })
        for (name, expected) in [("Ground beef", "Meat"), ("Buttermilk", "Dairy"), ("Coconut milk", "Pantry"), ("Zimt", "Spices"),
                                 ("Weizenmehl", "Baking"), ("Blueberries", "Fruit & Veg")] {
            XCTAssertEqual(aisle[name], expected, name)
        }
    }
}
