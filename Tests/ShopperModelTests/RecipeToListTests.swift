import Foundation
import XCTest
@testable import ShopperModel

/// Adding a recipe to a list: each line merged into the item it names, exactly, or kept apart,
/// or left as a staple; the preview's words; the whole add one undo step.
final class RecipeToListTests: XCTestCase {
    private func model() throws -> ShoppingModel { try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName)) }

    private func item(_ m: ShoppingModel, _ name: String) throws -> Item? { try m.items.allItems().first { $0.description == name } }

    func testTheIssuesExampleMilkForPancakes() throws {
        let m = try model()
        try m.items.add(ItemFields(description: "Milk", quantity: 1, unit: "l", aisle: "Dairy"))
        let id = try m.recipes.addRecipe(RecipeDraft(title: "Pancakes", servings: 4, ingredients: ["250 ml milk"]))
        let preview = try m.plan.previewRecipe(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(preview.map(\.words), ["Milk 1 l → 1.25 l: 250 ml for Pancakes"])
        try m.plan.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
        let milk = try XCTUnwrap(try item(m, "Milk"))
        XCTAssertEqual(milk.quantity, Decimal(string: "1.25"))
        XCTAssertEqual(milk.unit, "l")
        XCTAssertEqual(try m.items.allItems().count, 1, "not a second milk line")
        XCTAssertEqual(m.plan.shares(of: milk.id).map { $0.text(UserLocale(environment: ["LANG": "en_GB.UTF-8"])) }, ["250 ml for Pancakes"])
    }

    /// (line, list item before as quantity/unit/needed or nil, what the item reads after, the kind).
    func testPlanningTable() throws {
        let rows: [(String, (Decimal, String?, Bool)?, String, String)] = [
            ("250 ml milk", (1, "l", true), "Milk 1.25 l", "merge"),
            ("2 eggs", (6, nil, true), "Eggs 8", "merge"),
            ("3 Eier", (6, nil, true), "Ei 9", "merge"),
            ("2 Zwiebeln", (1, nil, true), "Zwiebel 3", "merge"),
            ("1 cup milk", (1, "l", true), "Milk 1.2366 l", "merge"),
            ("500 g Mehl", (1, "kg", true), "Mehl 1.5 kg", "merge"),
            ("2–3 apples", (1, nil, true), "Apple 4", "merge"),
            ("200 g flour", (1, "l", true), "Flour 200 g", "apart"),
            ("1 can tomatoes", (2, "bunch", true), "Tomatoes 1 can", "apart"),
            ("1 Prise Salz", nil, "", "staple"),
            ("salt to taste", nil, "", "staple"),
            ("freshly ground black pepper", nil, "", "staple"),
            ("For the sauce:", nil, "", "heading"),
            ("fresh parsley", nil, "Fresh parsley 1", "new"),
            ("250 ml milk", (3, "l", false), "Milk 0.25 l", "merge"),
            ("Crème fraîche", (1, nil, true), "Creme fraiche 1", "merge"),
            ("2 cups butter or margarine", (1, "cup", true), "Margarine 3 cup", "merge"),
        ]
        for (line, before, after, kind) in rows {
            let m = try model()
            let name = ["Milk", "Eggs", "Ei", "Zwiebel", "Milk", "Mehl", "Apple", "Flour", "Tomatoes", "Salz", "Salt", "Pepper", "X",
                        "Y", "Milk", "Creme fraiche", "Margarine"][rows.firstIndex { $0.0 == line && $0.1.map { "\($0)" } == before.map { "\($0)" } }!]
            if let (q, u, needed) = before { try m.items.add(ItemFields(description: name, quantity: q, unit: u), needed: needed) }
            let id = try m.recipes.addRecipe(RecipeDraft(title: "R", servings: 1, ingredients: [line]))
            let changes = try m.plan.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
            let got: String = switch changes[0].kind {
            case .merge: "merge"
            case .new: "new"
            case .apart: "apart"
            case .staple: "staple"
            case .heading: "heading"
            }
            XCTAssertEqual(got, kind, line)
            guard !after.isEmpty else { XCTAssertEqual(try m.items.allItems().count, before == nil ? 0 : 1, line); continue }
            let items = try m.items.allItems()
            let last = items.last!
            let text = "\(last.description) \(DecimalText.format(last.quantity))" + (last.unit.map { " " + $0 } ?? "")
            XCTAssertEqual(text, after, line)
            XCTAssertTrue(last.needed, line)
        }
    }

    func testMassAndVolumeStayApartWithANoteAndTheWords() throws {
        let m = try model()
        try m.items.add(ItemFields(description: "Flour", quantity: 1, unit: "kg", aisle: "Baking"))
        let id = try m.recipes.addRecipe(RecipeDraft(title: "Bread", servings: 1, ingredients: ["2 cups flour", "1 cup flour"]))
        let changes = try m.plan.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(changes.map(\.words), ["Flour 2 cups, kept apart (units that do not add up): 2 cups for Bread",
                                              "Flour 2 cups → 3 cups: 1 cup for Bread"])
        let items = try m.items.allItems()
        XCTAssertEqual(items.map { "\($0.description) \($0.quantity) \($0.unit ?? "") \($0.aisle ?? "") \($0.notes)" },
                       ["Flour 1 kg Baking ", "Flour 3 cups Baking for Bread"])
    }

    func testANewItemTakesTheAisleOfTheSameNameOnAnotherList() throws {
        let m = try model()
        let other = try m.lists.createList(named: "Market")
        let market = try ShoppingModel(store: m.store, list: other)
        try market.items.add(ItemFields(description: "Onion", aisle: "Vegetables"))
        let id = try m.recipes.addRecipe(RecipeDraft(title: "Soup", servings: 2, ingredients: ["2 onions", "1 leek"]))
        let changes = try m.plan.addRecipeToList(id, servings: 4, staples: nil, numbers: .decimalPoint)
        // The leek, known to the table of groceries as produce, joins the onions' Vegetables.
        XCTAssertEqual(changes.map(\.words), ["Onions 4, new in Vegetables: 4 for Soup", "Leek 2, new in Vegetables: 2 for Soup"])
        XCTAssertEqual(try m.items.allItems().map(\.aisle), ["Vegetables", "Vegetables"])
    }

    func testScalingIsExactAndARangeAddsItsTop() throws {
        let m = try model()
        try m.items.add(ItemFields(description: "Sugar", quantity: 1, unit: "cup"))
        let id = try m.recipes.addRecipe(RecipeDraft(title: "Cake", servings: 2, ingredients: ["⅓ cup sugar", "1–2 lemons"]))
        try m.plan.addRecipeToList(id, servings: 6, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(try item(m, "Sugar")?.quantity, 2, "⅓ cup × 3 = 1 cup, exactly")
        XCTAssertEqual(try item(m, "Lemons")?.quantity, 6)
    }

    func testApplyIsOneUndoStepThatRestoresExactly() throws {
        let m = try model()
        try m.items.add(ItemFields(description: "Milk", quantity: 1, unit: "l", aisle: "Dairy"))
        try m.items.add(ItemFields(description: "Eggs", quantity: 6), needed: false)
        let before = try m.items.allItems()
        let steps = m.undo.undoStack.count
        let id = try m.recipes.addRecipe(RecipeDraft(title: "Pancakes", servings: 4, ingredients: ["250 ml milk", "2 eggs", "200 g flour", "salt"]))
        try m.plan.addRecipeToList(id, servings: 8, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(m.undo.undoStack.count, steps + 2)
        XCTAssertEqual(m.undo.undoName, "adding the recipe “Pancakes” to the list")
        XCTAssertEqual(try m.items.allItems().map { "\($0.description) \($0.quantity) \($0.needed)" }, ["Milk 1.5 true", "Eggs 4 true", "Flour 400 true"])
        XCTAssertEqual(try m.store.recipeTables.shares().count, 3)
        try m.core.undoLast()
        XCTAssertEqual(try m.items.allItems(), before)
        XCTAssertEqual(try m.store.recipeTables.shares(), [])
        try m.core.redoLast()
        XCTAssertEqual(try m.store.recipeTables.shares().count, 3)
    }

    /// Random recipes onto random lists: applying then undoing always gives the list back as it was.
    func testRandomAddsUndoExactly() throws {
        var rng = SeededRandom.fromEnvironment()
        let seed = rng.seed
        print("RecipeToListTests seed \(seed) (SHOPPER_TEST_SEED=\(seed) runs it again)")
        let names = ["milk", "eggs", "flour", "sugar", "butter", "onions", "tomatoes", "Zwiebeln", "Mehl"]
        let units = ["", "g ", "kg ", "ml ", "l ", "cup ", "tbsp ", "tsp ", "can ", "EL "]
        let m = try model()
        for n in names.prefix(5) {
            try m.items.add(ItemFields(description: n.capitalized, quantity: Decimal(Int.random(in: 1...5, using: &rng)),
                                 unit: ["l", "kg", nil, "cup"][Int.random(in: 0...3, using: &rng)]), needed: Bool.random(using: &rng))
        }
        for round in 0..<20 {
            let lines = (0..<Int.random(in: 1...8, using: &rng)).map { _ in
                "\(Int.random(in: 1...500, using: &rng)) \(units.randomElement(using: &rng)!)\(names.randomElement(using: &rng)!)"
            }
            let before = try m.items.allItems()
            let id = try m.recipes.addRecipe(RecipeDraft(title: "R\(round)", servings: 2, ingredients: lines))
            try m.plan.addRecipeToList(id, servings: Int.random(in: 1...6, using: &rng), staples: nil, numbers: .decimalPoint)
            try m.core.undoLast()
            XCTAssertEqual(try m.items.allItems(), before, "seed \(seed), round \(round): \(lines)")
            try m.core.redoLast()
        }
    }
}

extension RecipeToListTests {
    /// A long list is searched for what the lines name, not indexed whole: each line still meets
    /// its item, plain ASCII or not, written with punctuation or as a plural.
    func testALongListsItemsAreFoundByName() throws {
        let m = try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName))
        try m.items.add(batch: (0..<3_000).map { ImportedItem(fields: ItemFields(description: "Item \($0)"), needed: true, inCart: false) }
            + ["Crème-fraîche", "Onion", "Red onion", "Tomato", "Tomatoes (tinned)"].map {
                ImportedItem(fields: ItemFields(description: $0), needed: true, inCart: false)
            })
        let id = try m.recipes.addRecipe(RecipeDraft(title: "R", servings: 1, ingredients: [
            "2 item 1234", "1 Item 2999", "1 crème fraîche", "2 large red onions", "3 tomatoes", "1 onion",
        ]))
        let changes = try m.plan.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
        let items = try m.items.allItems()
        XCTAssertEqual(changes.map(\.item), ["Item 1234", "Item 2999", "Crème-fraîche", "Red onion", "Tomato", "Onion"])
        XCTAssertEqual(items.count, 3_005, "every line merged, none new")
        let quantity = { (d: String) in items.first { $0.description == d }?.quantity }
        XCTAssertEqual(quantity("Item 1234"), 3)
        XCTAssertEqual(quantity("Crème-fraîche"), 2)
        XCTAssertEqual(quantity("Tomato"), 4)
        XCTAssertEqual(quantity("Tomatoes (tinned)"), 1)
    }

    /// Coconut milk is no milk, however the list is searched: a word that names a thing keeps the
    /// ingredient apart; one that only describes ("whole") does not.
    func testCoconutMilkIsNotMergedIntoMilk() throws {
        let m = try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName))
        try m.items.add(ItemFields(description: "Milk", quantity: 1, unit: "l", aisle: "Dairy"))
        let id = try m.recipes.addRecipe(RecipeDraft(title: "Curry", servings: 2, ingredients: ["400 ml coconut milk", "100 ml whole milk"]))
        let words = try m.plan.previewRecipe(id, servings: nil, staples: nil, numbers: .decimalPoint).map(\.words)
        XCTAssertEqual(words, ["Coconut milk 400 ml, new in Pantry: 400 ml for Curry", "Milk 1 l → 1.1 l: 100 ml for Curry"])
        try m.plan.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertEqual(try m.items.allItems().map(\.description).sorted(), ["Coconut milk", "Milk"])
    }
}

extension RecipeToListTests {
    /// The recipes' pages read every recipe again when told recipes changed: a recipe's add (items
    /// and their shares) and its undo do not say so; keeping, planning and deleting do.
    func testAnAddTellsItemsNotRecipes() throws {
        let m = try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName))
        try m.items.add(ItemFields(description: "Milk", quantity: 1, unit: "l"))
        var told: [(items: Int, recipes: Bool)] = []
        _ = m.core.observe { told.append(($0.items.count, $0.recipesChanged)) }
        let id = try m.recipes.addRecipe(RecipeDraft(title: "Pancakes", servings: 4, ingredients: ["250 ml milk", "2 eggs"]))
        try m.plan.addRecipeToList(id, servings: nil, staples: nil, numbers: .decimalPoint)
        XCTAssertNotNil(try m.core.undoLast())
        _ = try m.plan.planMeal(id, on: PlanDay(Date()))
        try m.recipes.deleteRecipe(id)
        XCTAssertEqual(told.map(\.recipes), [true, false, false, true, true])
        XCTAssertEqual(told[1].items, 2, "the add's news is its items' (Milk merged, Eggs new)")
        XCTAssertEqual(told[2].items, 2, "and so is its undo's")
    }
}
