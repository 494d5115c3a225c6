import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperModel

/// Amounts are stored as said: what adding a recipe says of each item is what the store then
/// exports, and an amount no item can hold for the servings asked is refused whole, one sentence,
/// nothing changed ("9999 kg Flour2" for 1, added for 1000, printed "9999000 kg" and stored 1).
final class RecipeAmountsTests: XCTestCase {
    private func model() throws -> ShoppingModel { try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName)) }

    /// Every item of the list as export writes it, and the shares recorded.
    private func exported(_ m: ShoppingModel) throws -> String {
        let fresh = try ShoppingModel(store: Store(path: m.store.path, access: .readOnly))
        return CSVFormat.export(try fresh.items.allItems().sorted { $0.id < $1.id }) + "shares: \(try m.store.recipeTables.shares().count)"
    }

    func testTheIssuesFlourForAThousandServingsIsRefusedAndNothingChanges() throws {
        let m = try model()
        try m.items.add(ItemFields(description: "Milk", quantity: 1, unit: "l"))
        let bread = try m.recipes.addRecipe(RecipeDraft(title: "Bread", servings: 1, ingredients: ["250 ml milk", "9999 kg Flour2"]))
        let before = try exported(m)
        let lastStep = m.undo.undoName
        let sentence = "“9999 kg Flour2” of “Bread” for 1000 comes to 9999000 kg, more than an item can hold (10000 at most). Nothing was changed."
        XCTAssertThrowsError(try m.plan.previewRecipe(bread, servings: 1000, staples: nil, numbers: .neutral)) {
            XCTAssertEqual($0 as? StoreError, .outOfBounds(sentence))
        }
        XCTAssertThrowsError(try m.plan.addRecipeToList(bread, servings: 1000, staples: nil, numbers: .neutral)) {
            XCTAssertEqual($0 as? StoreError, .outOfBounds(sentence))
            XCTAssertEqual($0.localizedDescription, sentence)
        }
        XCTAssertEqual(try exported(m), before, "not the milk either: the add is one step")
        XCTAssertEqual(m.undo.undoName, lastStep, "no step to undo")
        // For one serving it fits: 9999 kg is an item's amount, stored as said (10 t to buy of it).
        let changes = try m.plan.addRecipeToList(bread, servings: 1, staples: nil, numbers: .neutral)
        XCTAssertEqual(changes.map(\.words), ["Milk 1 l → 1.25 l: 250 ml for Bread", "Flour2 10000 kg, new: 9999 kg for Bread"])
        XCTAssertEqual(try m.items.allItems().map { "\($0.description) \($0.quantity) \($0.unit ?? "-")" }, ["Milk 1.25 l", "Flour2 9999 kg"])
    }

    /// Servings from outside (another process over D-Bus, a stored plan) are held to the range
    /// the command line and the window's field allow.
    func testServingsOutsideTheirRangeAreRefused() throws {
        let m = try model()
        let r = try m.recipes.addRecipe(RecipeDraft(title: "Tea", servings: 2, ingredients: ["1 tea bag"]))
        for servings in [0, -3, 1_001, Int.max] {
            XCTAssertThrowsError(try m.plan.addRecipeToList(r, servings: servings, staples: nil, numbers: .neutral), "\(servings)") { e in
                XCTAssertEqual(e.localizedDescription, "Servings go from 1 to 1000, not \(servings). Nothing was changed.")
            }
        }
        XCTAssertEqual(try m.items.allItems().count, 0)
    }

    /// Seeded (the seed printed): random lists and recipes, added for random servings. Each line's
    /// words name the item's need after it; the store's export shows exactly the last need said of
    /// each item, a new item holds the amount its line asked for (rounded up to four decimals, as
    /// said), and an add that is refused changes nothing.
    func testWhatAnAddSaysIsWhatTheExportShows() throws {
        var rng = SeededRandom.fromEnvironment()
        let seed = rng.seed
        print("RecipeAmountsTests seed \(seed) (replay with SHOPPER_TEST_SEED=\(seed))")
        var refused = 0
        for round in 0..<40 {
            let context = "seed \(seed) round \(round) (replay with SHOPPER_TEST_SEED=\(seed))"
            let m = try model()
            for name in RandomRecipe.names.shuffled(using: &rng).prefix(Int.random(in: 0...6, using: &rng)) {
                let id = try m.items.add(RandomRecipe.item(name, &rng))
                if Int.random(in: 0..<6, using: &rng) == 0 { try m.items.setNeeded(id, false) }
            }
            let recipe = RandomRecipe.draft(&rng)
            let id = try m.recipes.addRecipe(recipe)
            let servings: Int? = Bool.random(using: &rng) ? nil : [1, 2, 3, 7, 12, 100, 999, 1_000].randomElement(using: &rng)!
            let before = try exported(m)
            let idsBefore = Set(try m.items.allItems().map(\.id))
            switch Result(catching: { () throws(StoreError) in try m.plan.addRecipeToList(id, servings: servings, staples: nil, numbers: .neutral) }) {
            case .success(let changes):
                try SaidNeeds(changes, context: context).check(against: m, newSince: idsBefore)
            case .failure(.outOfBounds(let sentence)):
                refused += 1
                XCTAssertTrue(sentence.hasSuffix("Nothing was changed."), context)
                XCTAssertEqual(try exported(m), before, "refused: nothing changed. \(context)")
            case .failure(let other):
                throw other
            }
        }
        print("RecipeAmountsTests: \(refused) of 40 adds refused as beyond what an item holds")
    }
}

/// What an add said of each item's need, read back from its words, and checked against the store.
private struct SaidNeeds {
    var known: [ItemID: String] = [:]
    var made: [(item: String, need: String)] = []
    let context: String

    init(_ changes: [RecipeChange], context: String) {
        self.context = context
        for c in changes {
            let rest = String(c.words.dropFirst(c.item.count + 1))
            switch c.kind {
            case .staple, .heading: continue
            case .merge(let id): known[id] = Self.to(rest)
            case .new, .apart:
                if let to = Self.to(rest), let from = rest.components(separatedBy: " → ").first,
                   let i = made.lastIndex(where: { $0.item == c.item && $0.need == from }) {
                    made[i].need = to
                } else {
                    let need = rest.components(separatedBy: ", new").first!.components(separatedBy: ", kept apart").first!
                    XCTAssertEqual(need, Self.asked(c.ingredient), "a new item holds what its line asked: \(c.words) \(context)")
                    made.append((c.item, need))
                }
            }
        }
    }

    /// "1 l → 1.25 l: …" and "back on the list, 2 kg: …" give the need after.
    static func to(_ rest: String) -> String? {
        let after = rest.contains(" → ") ? rest.components(separatedBy: " → ")[1]
            : rest.hasPrefix("back on the list, ") ? String(rest.dropFirst("back on the list, ".count)) : nil
        return after?.components(separatedBy: ": ").first
    }

    /// The need a line's amount makes on a new item, as an item keeps it.
    static func asked(_ i: Ingredient) -> String {
        guard let q = i.quantity, let d = q.toBuy.decimal(places: 4, up: true) else { return "1" }
        return RecipeWords.need(d, i.unit?.name(for: q.toBuy), .neutral)
    }

    /// An item's need as `shopper export` writes it (its quantity and unit columns), as the list
    /// shows it (what to buy of it: `RecipeWords.need`).
    static func exported(_ item: Item) throws -> String {
        let row = try CSVFormat.records(CSVFormat.export([item]))[1].fields
        return RecipeWords.need(try XCTUnwrap(DecimalText.parse(row[1])), row[2].isEmpty ? nil : row[2], .neutral)
    }

    func check(against m: ShoppingModel, newSince before: Set<ItemID>) throws {
        let items = try kept(ShoppingModel(store: Store(path: m.store.path, access: .readOnly))) { try $0.items.allItems() }
        for (id, need) in known {
            let item = try XCTUnwrap(items.first { $0.id == id }, context)
            XCTAssertEqual(try Self.exported(item), need, "\(item.description): said \(need) \(context)")
        }
        let new = items.filter { !before.contains($0.id) }
        XCTAssertEqual(try new.map { "\($0.description) \(try Self.exported($0))" }.sorted(),
                       made.map { "\($0.item) \($0.need)" }.sorted(), "the new items, as said \(context)")
    }
}

/// Lists and recipes for the property test: a few names in several units, amounts from a pinch to
/// ten thousand (so merges exceed an item, and scaled lines exceed it too).
private enum RandomRecipe {
    static let names = ["flour", "milk", "eggs", "sugar", "butter", "rice", "tomatoes", "apples", "onions"]
    static let units = ["", "g ", "kg ", "ml ", "l ", "cup ", "tbsp ", "tsp ", "can ", "bunch "]

    static func item(_ name: String, _ rng: inout SeededRandom) -> ItemFields {
        let q = [Decimal(Int.random(in: 1...50, using: &rng)), Decimal(Int.random(in: 9_000...10_000, using: &rng)), Decimal(string: "0.25")!]
        return ItemFields(description: name.capitalized, quantity: q.randomElement(using: &rng)!,
                          unit: ["kg", "g", "l", "ml", "cup", "can", nil].randomElement(using: &rng)!)
    }

    static func amount(_ rng: inout SeededRandom) -> String {
        switch Int.random(in: 0..<7, using: &rng) {
        case 0: ""
        case 1: "1/3 "
        case 2: "1 1/2 "
        case 3: "\(Int.random(in: 2...4, using: &rng))-\(Int.random(in: 5...9, using: &rng)) "
        case 4: "0.\(Int.random(in: 1...99, using: &rng)) "
        case 5: "\(Int.random(in: 1_000...99_999, using: &rng)) "
        default: "\(Int.random(in: 1...500, using: &rng)) "
        }
    }

    static func draft(_ rng: inout SeededRandom) -> RecipeDraft {
        let lines = (0..<Int.random(in: 1...8, using: &rng)).map { _ in
            let a = amount(&rng)
            return a + (a.isEmpty ? "" : units.randomElement(using: &rng)!) + names.randomElement(using: &rng)!
        }
        return RecipeDraft(title: "Dish", servings: Int.random(in: 1...12, using: &rng), ingredients: lines)
    }
}
