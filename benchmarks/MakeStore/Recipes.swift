// `shopper-bench-store PATH recipes`: 1,000 recipes beside the items of the store at PATH, for the
// Recipes rows of `make bench` (issue 39). Made from fixed word lists, the same every time: 5 to 30
// ingredient lines each (amounts, units, preparations, a heading now and then), a method of 2 to 9
// steps, one to three tags. The last is "Bench Feast": 30 lines that meet the list of N items
// every way an add can (merged into an item, kept apart from one, new, a staple), the recipe the
// benchmark adds to the list.
import Foundation
import ShopperModel

enum BenchRecipes {
    static let count = 1_000
    static let feast = "Bench Feast"

    /// (name, unit words it comes in): a pantry's worth of what recipes ask for.
    static let ingredients: [(String, [String])] = [
        ("flour", ["g", "cup", "tbsp"]), ("sugar", ["g", "tbsp", "tsp", "cup"]), ("butter", ["g", "tbsp"]),
        ("eggs", [""]), ("milk", ["ml", "cup", "l"]), ("onion", [""]), ("garlic", ["clove", ""]),
        ("carrots", ["", "g"]), ("potatoes", ["g", "kg", ""]), ("tomatoes", ["", "g", "can"]),
        ("chicken breast", ["g", ""]), ("minced beef", ["g", "lb"]), ("rice", ["g", "cup"]), ("pasta", ["g"]),
        ("cream", ["ml", "cup"]), ("yoghurt", ["g", "tbsp"]), ("lemon", [""]), ("lime", [""]),
        ("parsley", ["bunch", "tbsp"]), ("basil", ["bunch", "tsp"]), ("cumin", ["tsp"]), ("paprika", ["tsp", "tbsp"]),
        ("cinnamon", ["tsp", "pinch"]), ("honey", ["tbsp", "tsp"]), ("soy sauce", ["tbsp", "ml"]), ("stock", ["ml", "l"]),
        ("red lentils", ["g", "cup"]), ("chickpeas", ["can", "g"]), ("spinach", ["g", "bunch"]), ("mushrooms", ["g", ""]),
        ("bell pepper", [""]), ("courgette", ["", "g"]), ("cheddar", ["g", "cup"]), ("parmesan", ["g", "tbsp"]),
        ("oats", ["g", "cup"]), ("baking powder", ["tsp"]), ("vanilla extract", ["tsp"]), ("apples", ["", "g"]),
        ("bananas", [""]), ("ginger", ["tsp", "g"]), ("coconut milk", ["can", "ml"]), ("salmon fillets", ["", "g"]),
        ("bacon", ["g", ""]), ("leeks", [""]), ("celery", ["", "g"]), ("sour cream", ["g", "tbsp"]),
        ("Zwiebeln", ["", "g"]), ("Mehl", ["g", "EL"]), ("Schmand", ["Becher", "g"]), ("Knoblauch", ["Zehe"]),
    ]
    static let preparations = ["", "", "", ", finely chopped", ", diced", ", grated", ", sliced", ", at room temperature", " (optional)"]
    static let amounts = ["1", "2", "3", "½", "1 ½", "¼", "250", "400", "100", "2–3", "0.5", "1/3"]
    static let staples = ["salt to taste", "freshly ground black pepper", "2 tbsp olive oil", "water"]
    static let dishes = ["Soup", "Stew", "Curry", "Bake", "Salad", "Pie", "Risotto", "Tart", "Pancakes", "Stir-fry", "Gratin", "Auflauf"]
    static let adjectives = ["Lemon", "Smoky", "Quick", "Winter", "Summer", "Spiced", "Creamy", "Green", "Sunday", "Herby", "Oma's"]
    static let tags = ["dinner", "vegetarian", "quick", "baking", "family", "freezer", "vegan", "lunch", "Abendessen", "party"]
    static let steps = [
        "Heat the oven to 200 °C.", "Chop everything that needs chopping.", "Melt the butter over a low heat.",
        "Stir in the flour and cook for a minute.", "Add the liquid a little at a time, stirring.",
        "Simmer for 20 minutes, until thick.", "Season, then serve hot.", "Bake for 35–40 minutes, until golden.",
        "Leave to rest for 10 minutes before cutting.",
    ]

    /// The `i`th recipe: its sizes and words spread by small primes, so neighbours differ.
    static func draft(_ i: Int) -> RecipeDraft {
        let lines = 5 + (i * 7) % 26  // 5…30
        var ingredients: [String] = []
        for l in 0..<lines {
            if l == 0, i % 9 == 0 { ingredients.append("For the sauce:"); continue }
            if l % 11 == 10 { ingredients.append(staples[(i + l) % staples.count]); continue }
            let (name, units) = Self.ingredients[(i * 13 + l * 17) % Self.ingredients.count]
            let unit = units[(i + l) % units.count]
            let amount = amounts[(i * 5 + l * 3) % amounts.count]
            ingredients.append([amount, unit, name].filter { !$0.isEmpty }.joined(separator: " ") + preparations[(i + l * 7) % preparations.count])
        }
        let method = (0..<(2 + i % 8)).map { steps[(i + $0 * 4) % steps.count] }
        let title = "\(adjectives[i % adjectives.count]) \(Self.ingredients[i % Self.ingredients.count].0.capitalized) \(dishes[(i / 11) % dishes.count]) \(i + 1)"
        return RecipeDraft(title: title, servings: i % 13 == 0 ? nil : 2 + i % 6, yieldText: i % 13 == 0 ? "12 pieces" : nil,
                           ingredients: ingredients, method: method, source: i % 4 == 0 ? "https://example.org/recipes/\(i)" : nil,
                           notes: i % 5 == 0 ? "Keeps three days in the fridge." : "",
                           tags: (0..<(1 + i % 3)).map { tags[(i + $0 * 3) % tags.count] })
    }

    /// Thirty lines against the list of N ("Item 0" …, counted, no unit): ten merged into an item,
    /// four kept apart from one (grams against a count), twelve new (their aisle looked up on the
    /// other list), three staples, one heading.
    static func feastDraft(items n: Int) -> RecipeDraft {
        var lines = ["For the base:"]
        lines += (0..<10).map { k in "\(k % 3 + 1) item \((k * 7_919) % n)" }
        lines += (0..<4).map { k in "200 g item \((k * 104_729 + 13) % n), chopped" }
        lines += ["500 g flour", "4 eggs", "250 ml milk", "2 onions, diced", "3 cloves garlic", "400 g tomatoes",
                  "1 bunch parsley", "200 g cheddar, grated", "2 tsp paprika", "1 lemon", "100 g butter", "small 5"]
        lines += ["salt to taste", "freshly ground black pepper", "2 tbsp olive oil"]
        return RecipeDraft(title: feast, servings: 4, ingredients: lines,
                           method: ["Mix the base.", "Bake for 30 minutes."], tags: ["benchmark"])
    }

    static func add(to path: String) throws {
        let model = try ShoppingModel(store: Store(path: path))
        let items = model.items.table.count
        guard items > 0 else { throw BenchError.noItems }
        for i in 0..<(count - 1) { try model.recipes.addRecipe(draft(i)) }
        try model.recipes.addRecipe(feastDraft(items: items))
    }

    enum BenchError: Error { case noItems }
}
