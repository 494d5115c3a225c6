import XCTest
@testable import ShopperModel

/// Where a new item goes: beside the list's items sharing a word, where the household taught, by
/// the table of groceries; typed, imported or from a recipe alike. Only public model operations,
/// so each test also runs against a release before the table (and fails there).
final class NewItemAisleTests: XCTestCase {
    private func path() -> String { temporaryFolder(self) + "/" + Store.fileName }

    private func typed(_ line: String) throws -> PlainTextFormat.TypedLine { try PlainTextFormat.read(line, numbers: .decimalPoint).get() }

    private func aisle(_ m: ShoppingModel, _ line: String) throws -> String? { m.items.item(try m.items.add(try typed(line)).id)?.aisle }

    func testATypedItemGoesToItsAisleAndSaysSo() throws {
        let m = try ShoppingModel(store: Store(path: path()))
        let outcome = try m.items.add(try typed("2 onions"))
        let onions = try XCTUnwrap(m.items.item(outcome.id))
        XCTAssertEqual(onions.aisle, "Fruit & Veg")
        XCTAssertEqual(outcome.message(onions, money: MoneyFormat(locale: Locale(identifier: "en_US"))), "Added “onions” to Fruit & Veg")
        XCTAssertEqual(try aisle(m, "Heavy cream"), "Dairy")
        XCTAssertEqual(try aisle(m, "Tomaten"), "Fruit & Veg", "a German name on an English list")
        XCTAssertEqual(m.aisles.order.names, ["Fruit & Veg", "Dairy"], "the aisles were made")
        XCTAssertNil(try aisle(m, "Kombucha"), "unknown: No Aisle")
    }

    /// Canned, tinned or jarred, a thing the table keeps fresh is on the shelves: typed, from a
    /// recipe's "1 can tomatoes", in English or German units; a can of a drink is still a drink.
    func testACanOfSomethingFreshGoesToThePantry() throws {
        let fresh = try ShoppingModel(store: Store(path: temporaryFolder(self) + "/fresh/" + Store.fileName))
        XCTAssertEqual(try aisle(fresh, "3 Tomatoes"), "Fruit & Veg", "without a can: fresh")
        let m = try ShoppingModel(store: Store(path: path()))
        XCTAssertEqual(try aisle(m, "2 cans Tomatoes"), "Pantry")
        XCTAssertEqual(try aisle(m, "1 Dose Kichererbsen"), "Pantry")
        XCTAssertEqual(try aisle(m, "1 jar Cherries"), "Pantry")
        XCTAssertEqual(try aisle(m, "6 cans Beer"), "Drinks", "a can of a drink stays a drink")
        let chili = try m.recipes.addRecipe(RecipeDraft(title: "Chili", servings: 4, ingredients: ["1 can kidney beans", "2 tins tuna"]))
        _ = try m.plan.addRecipeToList(chili, servings: 4)
        let items = try m.items.allItems()
        XCTAssertEqual(items.first { $0.description.lowercased().contains("tuna") }?.aisle, "Pantry", "a recipe's tin of tuna")
    }

    /// The list's own aisle for the thing wins over a new aisle of the table's name; the list's
    /// items sharing a word win over the table.
    func testTheListsOwnAislesComeFirst() throws {
        let m = try ShoppingModel(store: Store(path: path()))
        try m.items.add(fields("Apples", aisle: "Produce"))
        try m.items.add(fields("Flour", aisle: "Baking Aisle 5"))
        try m.items.add(fields("Butter", aisle: "Breakfast"))
        try m.items.add(fields("Chili powder", aisle: "World Food"))
        try m.items.add(fields("Canned tomatoes", aisle: "Tins"))
        XCTAssertEqual(try aisle(m, "Carrots"), "Produce", "the table's produce, on this list called Produce")
        XCTAssertEqual(try aisle(m, "all-purpose flour"), "Baking Aisle 5", "beside Flour")
        XCTAssertEqual(try aisle(m, "Salted butter"), "Breakfast", "the list's item of its kind comes before the table")
        XCTAssertEqual(try aisle(m, "Baking powder"), "Baking", "not beside Chili powder: another thing")
        XCTAssertEqual(try aisle(m, "Ripe tomatoes"), "Produce", "not beside Canned tomatoes")
        XCTAssertEqual(try aisle(m, "Chopped tomatoes"), "Tins", "the table's pantry, on this list called Tins")
        XCTAssertEqual(try aisle(m, "ground cumin"), "Spices")
    }

    /// The "All-purpose flour" from a recipe goes beside "Flour"; the recipe's other new
    /// lines go to their aisles.
    func testARecipesNewItemsGoToTheirAisles() throws {
        let m = try ShoppingModel(store: Store(path: path()))
        try m.items.add(fields("Flour", aisle: "Baking Aisle 5"))
        let id = try m.recipes.addRecipe(RecipeDraft(title: "Pancakes", servings: 4, ingredients: ["300 g all-purpose flour", "2 eggs", "375 ml buttermilk"]))
        try m.plan.addRecipeToList(id)
        let aisles = Dictionary(uniqueKeysWithValues: try m.items.allItems().map { ($0.description, $0.aisle ?? "No Aisle") })
        XCTAssertEqual(aisles, ["Flour": "Baking Aisle 5", "All-purpose flour": "Baking Aisle 5", "Eggs": "Dairy", "Buttermilk": "Dairy"])
    }

    /// Moving an item to an aisle (by dragging it or in its editor) teaches that aisle for its
    /// name on every list; the lesson survives a restart; undoing the move takes it back.
    func testAMoveTeachesTheAisleUntilUndone() throws {
        let file = path()
        let m = try ShoppingModel(store: Store(path: file))
        let lists = try ["Weekend", "Camping", "After", "Redone"].map { try m.lists.createList(named: $0) }
        let kombucha = try m.items.add(try typed("Kombucha")).id
        try m.items.move(kombucha, after: nil, before: nil, aisle: .set("Drinks"))
        let tofu = try m.items.add(try typed("Tofu")).id
        XCTAssertEqual(m.items.item(tofu)?.aisle, "Dairy", "the table's")
        var edited = try XCTUnwrap(m.items.item(tofu)).fields
        edited.aisle = "Asian"
        try m.items.update(tofu, edited, onlyAt: [])  // as the item editor saves

        let weekend = try ShoppingModel(store: Store(path: file), list: lists[0])
        XCTAssertEqual(try aisle(weekend, "kombucha"), "Drinks", "taught by the move")
        XCTAssertEqual(try aisle(weekend, "tofu"), "Asian", "taught by the editor, over the table")

        // A restart: the lessons are in the store.
        let camping = try ShoppingModel(store: Store(path: file), list: lists[1])
        XCTAssertEqual(try aisle(camping, "Kombuchas"), "Drinks", "the same name in the plural")

        // Undo the editor's change and the move: both lessons are gone.
        XCTAssertEqual(try m.core.undoLast(), "editing “Tofu”")
        XCTAssertEqual(try m.core.undoLast(), "adding “Tofu”")
        XCTAssertEqual(try m.core.undoLast(), "moving “Kombucha”")
        let after = try ShoppingModel(store: Store(path: file), list: lists[2])
        XCTAssertNil(try aisle(after, "kombucha"))
        XCTAssertEqual(try aisle(after, "tofu"), "Dairy")
        // Redo teaches again.
        XCTAssertEqual(try m.core.redoLast(), "moving “Kombucha”")
        XCTAssertEqual(try aisle(try ShoppingModel(store: Store(path: file), list: lists[3]), "kombucha"), "Drinks")
    }

    /// Rows read without an aisle are placed: lines of text, a CSV file without an aisle column.
    /// An empty cell of an aisle column is No Aisle as written (an export comes back as it was).
    func testImportedRowsWithoutAnAisleArePlaced() throws {
        let m = try ShoppingModel(store: Store(path: path()))
        try m.imports.importItems(try CSVFormat.parse("description,quantity\nOnions,2\nShampoo,1\nKombucha,1\n"))
        try m.imports.importItems(try PlainTextFormat.parse("2 l Milk\nBread [Breakfast]\n"))
        try m.imports.importItems(try CSVFormat.parse("description,aisle\nBananas,\nTea,Cupboard\n"))
        var aisles = Dictionary(uniqueKeysWithValues: try m.items.allItems().map { ($0.description, $0.aisle ?? "No Aisle") })
        XCTAssertEqual(aisles, ["Onions": "Fruit & Veg", "Shampoo": "Personal Care", "Kombucha": "No Aisle", "Milk": "Dairy",
                                "Bread": "Breakfast", "Bananas": "No Aisle", "Tea": "Cupboard"])
        // A merge import (known items updated, new ones added) places its new rows alike.
        let rows = try CSVFormat.parse("description\nCarrots\nOnions\n")
        try m.imports.importItems(rows, known: m.imports.knownItems(for: rows, in: m.imports.itemsByMatchKey()))
        aisles = Dictionary(uniqueKeysWithValues: try m.items.allItems().map { ($0.description, $0.aisle ?? "No Aisle") })
        XCTAssertEqual(aisles["Carrots"], "Fruit & Veg")
        XCTAssertEqual(try m.items.allItems().count, 8)
    }

    /// What a sync uses for a new task without an aisle: read from the store, no model.
    func testTheStoresPlacerForSyncedTasks() throws {
        let file = path()
        let m = try ShoppingModel(store: Store(path: file))
        try m.items.add(fields("Flour", aisle: "Baking Aisle 5"))
        let placer = try Store(path: file).aislePlacer(for: .first)
        XCTAssertEqual(placer.placement(for: "Spelt flour")?.aisle, "Baking Aisle 5")
        XCTAssertEqual(placer.placement(for: "Bananas")?.aisle, "Fruit & Veg")
        XCTAssertNil(placer.placement(for: "Kombucha"))
    }

    /// Cheap: typing item after item, or adding a recipe, makes no pass over the list per item;
    /// the list's own new items count at once ("Spelt flour" beside the "Flour" typed before it).
    func testNewItemsCostNoPassOverTheListEach() throws {
        let m = try ShoppingModel(store: Store(path: path()))
        try m.imports.importItems((1...2_000).map { ImportedItem(fields: fields("Thing \($0)", aisle: "Aisle \($0 % 7)")) })
        let before = m.aisles.placerPasses
        XCTAssertEqual(try aisle(m, "Flour [Baking Aisle 5]"), "Baking Aisle 5")
        for line in ["2 onions", "Milk", "Shampoo", "Bread"] { _ = try aisle(m, line) }
        XCTAssertEqual(try aisle(m, "Spelt flour"), "Baking Aisle 5")
        let id = try m.recipes.addRecipe(RecipeDraft(title: "Pancakes", servings: 4, ingredients: ["300 g all-purpose flour", "2 eggs", "375 ml buttermilk"]))
        try m.plan.addRecipeToList(id)
        XCTAssertEqual(try m.items.allItems().first { $0.description == "All-purpose flour" }?.aisle, "Baking Aisle 5")
        XCTAssertLessThanOrEqual(m.aisles.placerPasses - before, 1, "one pass at most, for the first new item")
        // A rename lets the placer go: it is made again, once, for the next new item.
        let onions = try XCTUnwrap(m.items.item(described: "onions"))
        var renamed = onions.fields
        renamed.description = "Red onions"
        try m.items.update(onions.id, renamed)
        let after = m.aisles.placerPasses
        _ = try aisle(m, "Leeks")
        _ = try aisle(m, "Garlic")
        XCTAssertEqual(m.aisles.placerPasses - after, 1)
    }
}
