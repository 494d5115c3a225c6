import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// `shopper recipes`, `shopper recipe add` and `shopper recipe export`: parsed, run on a real
/// store, and run as the real binary with no window to talk to.
final class RecipeCommandTests: XCTestCase {
    private func parse(_ args: String...) throws -> Command { try Command.parse(["shopper"] + args) }

    func testRecipeCommandsAreParsed() throws {
        XCTAssertEqual(try parse("recipes"), .recipes)
        XCTAssertEqual(try parse("recipe", "add", "Apple", "pie"), .recipeAdd(title: "Apple pie", servings: nil, to: nil))
        XCTAssertEqual(try parse("recipe", "add", "--servings", "6", "--to", "Party", "Pancakes"), .recipeAdd(title: "Pancakes", servings: 6, to: "Party"))
        XCTAssertEqual(try parse("recipe", "add", "--", "-ish"), .recipeAdd(title: "-ish", servings: nil, to: nil))
        XCTAssertEqual(try parse("recipe", "export"), .recipeExport(title: nil))
        XCTAssertEqual(try parse("recipe", "export", "Pancakes"), .recipeExport(title: "Pancakes"))
        for bad in [["recipe"], ["recipe", "add"], ["recipe", "add", "--servings", "0", "X"], ["recipe", "add", "--servings", "two", "X"],
                    ["recipe", "add", "--to"], ["recipe", "add", "--quick", "X"], ["recipe", "cook", "X"], ["recipes", "X"],
                    ["recipe", "export", "--json"]] {
            XCTAssertThrowsError(try Command.parse(["shopper"] + bad), "\(bad)") { e in
                XCTAssertFalse(e.localizedDescription.contains("\n"), "one line: \(e.localizedDescription)")
            }
        }
    }

    @MainActor
    func testRecipesAreListedAddedAndExported() throws {
        let folder = temporaryFolder(self, "recipes")
        let paths = AppPaths(dataFolder: folder, resources: "")
        let model = try ShoppingModel(store: Store(path: paths.storeFile))
        try model.items.add(ItemFields(description: "Milk", quantity: 1, unit: "l"))
        try model.recipes.addRecipe(RecipeDraft(title: "Pancakes", servings: 4, ingredients: ["250 ml milk", "2 eggs"], method: ["Mix.", "Fry."],
                                        source: "https://example.org/p", tags: ["breakfast"]))
        try model.recipes.addRecipe(RecipeDraft(title: "Tea", ingredients: ["1 tea\tbag"]))
        XCTAssertEqual(try RecipeCommands.list(paths: paths), "Pancakes\t4\t250 ml milk\t2 eggs\nTea\t\t1 tea bag\n")
        let json = try RecipeCommands.export(title: "pancakes", paths: paths)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["@type"] as? String, "Recipe")
        XCTAssertEqual(object["recipeIngredient"] as? [String], ["250 ml milk", "2 eggs"])
        XCTAssertEqual(object["recipeYield"] as? Int, 4)
        XCTAssertEqual(object["url"] as? String, "https://example.org/p")
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(try RecipeCommands.export(title: nil, paths: paths).utf8)) as? [Any])?.count, 2)
        let request = RecipeAddService.Request(title: "PANCAKES", servings: 8, list: nil)
        XCTAssertEqual(RecipeAddService.Request(encoded: request.encoded), request)
        let other = try ShoppingModel(store: Store(path: paths.storeFile))
        XCTAssertEqual(try RecipeCommands.added(request, to: other),
                       "Added “Pancakes” for 8 to Groceries:\n  Milk 1 l → 1.5 l: 500 ml for Pancakes\n  Eggs 4, new in Dairy: 4 for Pancakes")
        XCTAssertThrowsError(try RecipeCommands.export(title: "Waffles", paths: paths)) { e in
            XCTAssertEqual(e.localizedDescription, "there is no recipe named “Waffles”; nothing was changed")
        }
    }

    /// The real binary, no window running (no session bus): the store is written, merged, and an
    /// unknown recipe is one line and exit 1.
    func testRecipeAddWithoutAWindowWritesTheStore() throws {
        let folder = temporaryFolder(self, "recipe-cli")
        let paths = AppPaths(dataFolder: folder, resources: "")
        let model = try ShoppingModel(store: Store(path: paths.storeFile))
        try model.items.add(ItemFields(description: "Milk", quantity: 1, unit: "l"))
        try model.recipes.addRecipe(RecipeDraft(title: "Pancakes", servings: 4, ingredients: ["250 ml milk", "2 eggs", "salt"]))
        let added = try shopper(["recipe", "add", "--servings", "2", "pancakes"], data: folder)
        XCTAssertEqual(added.status, 0, added.errors)
        XCTAssertEqual(added.output, "Added “Pancakes” for 2 to Groceries:\n  Milk 1 l → 1.25 l: 125 ml for Pancakes\n  Eggs 1, new in Dairy: 1 for Pancakes\n  salt: always at home, not added\n")
        let after = try ShoppingModel(store: Store(path: paths.storeFile))
        XCTAssertEqual(try after.items.allItems().map { "\($0.description) \($0.quantity)" }, ["Milk 1.125", "Eggs 1"])
        XCTAssertEqual(try after.store.recipeTables.shares().count, 2)
        let listed = try shopper(["recipes"], data: folder)
        XCTAssertEqual(listed.output, "Pancakes\t4\t250 ml milk\t2 eggs\tsalt\n")
        let unknown = try shopper(["recipe", "add", "Waffles"], data: folder)
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.errors, "shopper: there is no recipe named “Waffles”; nothing was changed\n")
        XCTAssertEqual(try after.items.allItems().count, 2)
    }

    /// The case, as the binary runs it: "9999 kg Flour2" for 1, added for 1000, printed
    /// "Flour2 1, new: 9999000 kg" and stored 1 with no unit. Now one sentence, exit 1, and what
    /// `export` shows before and after is the same.
    func testAnAmountNoItemCanHoldIsRefusedAndExportShowsNothingChanged() throws {
        let folder = temporaryFolder(self, "recipe-bounds")
        let paths = AppPaths(dataFolder: folder, resources: "")
        let model = try ShoppingModel(store: Store(path: paths.storeFile))
        try model.items.add(ItemFields(description: "Milk", quantity: 1, unit: "l"))
        try model.recipes.addRecipe(RecipeDraft(title: "Bread", servings: 1, ingredients: ["250 ml milk", "9999 kg Flour2"]))
        let before = try shopper(["export"], data: folder)
        let added = try shopper(["recipe", "add", "--servings", "1000", "bread"], data: folder)
        XCTAssertEqual(added.status, 1, added.output)
        XCTAssertEqual(added.output, "")
        XCTAssertEqual(added.errors, "shopper: “9999 kg Flour2” of “Bread” for 1000 comes to 9999000 kg, more than an item can hold (10000 at most). Nothing was changed.\n")
        XCTAssertEqual(try shopper(["export"], data: folder).output, before.output)
        // For as many as fit, what it prints is what export shows.
        let fits = try shopper(["recipe", "add", "--servings", "1", "bread"], data: folder)
        XCTAssertEqual(fits.output, "Added “Bread” for 1 to Groceries:\n  Milk 1 l → 1.25 l: 250 ml for Bread\n  Flour2 10000 kg, new: 9999 kg for Bread\n")
        XCTAssertEqual(try shopper(["export"], data: folder).output,
                       "description,quantity,unit,unit_cost,aisle,notes,needed,in_cart,total_cost,stores,to_buy\r\nMilk,1.25,l,,,,1,0,,,1.25\r\nFlour2,9999,kg,,,,1,0,,,10000\r\n")
    }

    private func shopper(_ arguments: [String], data: String) throws -> (output: String, errors: String, status: Int32) {
        try ShopperCommand.run(arguments, data: data)
    }
}
