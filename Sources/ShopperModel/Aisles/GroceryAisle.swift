/// The table's aisles as a list shows them: each key's name in the user's language, or the name
/// the list already gives that aisle.
enum GroceryAisle {
    /// The name a new aisle of the table takes, translated; the key itself for one this release
    /// does not know (a newer table's), so the item still goes somewhere sensible.
    static func title(_ key: String) -> String {
        switch key {
        // TRANSLATORS: an aisle of the built-in table of groceries (fruit and vegetables); the name
        // a list's new aisle takes. Use what shops or shopping lists in your language call it.
        case "produce": L("Fruit & Veg")
        // TRANSLATORS: an aisle of the built-in table of groceries (milk, cheese, eggs).
        case "dairy": L("Dairy")
        // TRANSLATORS: an aisle of the built-in table of groceries (bread, rolls, cakes).
        case "bakery": L("Bakery")
        // TRANSLATORS: an aisle of the built-in table of groceries.
        case "meat": L("Meat")
        // TRANSLATORS: an aisle of the built-in table of groceries (fish and seafood).
        case "fish": L("Fish")
        // TRANSLATORS: an aisle of the built-in table of groceries (frozen food).
        case "frozen": L("Frozen")
        // TRANSLATORS: an aisle of the built-in table of groceries (rice, pasta, tins, oil, sauces).
        case "pantry": L("Pantry")
        // TRANSLATORS: an aisle of the built-in table of groceries (flour, sugar, baking powder).
        case "baking": L("Baking")
        // TRANSLATORS: an aisle of the built-in table of groceries (salt, pepper, herbs, spices).
        case "spices": L("Spices")
        // TRANSLATORS: an aisle of the built-in table of groceries (water, juice, coffee, beer).
        case "drinks": L("Drinks")
        // TRANSLATORS: an aisle of the built-in table of groceries (cleaning, paper, bags).
        case "household": L("Household")
        // TRANSLATORS: an aisle of the built-in table of groceries (soap, shampoo, toothpaste).
        case "personal": L("Personal Care")
        default: key
        }
    }

    /// Where an item of the table's aisle goes on a list whose aisles are `order`: the list's own
    /// aisle of that name in the user's language, else of any name the table gives it ("Produce",
    /// "Obst & Gemüse"), else a new aisle of the translated name.
    static func name(for aisle: GroceryTable.Aisle, in order: AisleOrder) -> String {
        let own = title(aisle.key)
        if let kept = order.canonical(own) { return kept }
        for other in aisle.names { if let kept = order.canonical(other) { return kept } }
        return own
    }
}
