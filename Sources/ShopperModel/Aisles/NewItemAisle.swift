import Foundation

/// Where a new item goes, whether typed, pasted, imported, from a recipe or from a synced task:
/// 1. the aisle of the list's items that share a word with it (`ListWords`);
/// 2. the aisle this household taught for its name, by moving an item of that name there
///    (`LearnedAisles`);
/// 3. for a recipe's line, the aisle other lists give the same name;
/// 4. the built-in table of groceries (`GroceryTable`), in the list's aisle of that name or a new
///    one;
/// 5. else no aisle.
package struct AislePlacement: Equatable, Sendable {
    package let aisle: String
    /// The list's item it was put beside (step 1), for the message.
    let like: ItemID?
}

/// What `Aisles.placement` asks, copied from a model at one revision: Sendable, so a large
/// import places its rows on the thread that writes them.
package struct AislePlacer: Sendable {
    var words: ListWords
    /// Aisle numbers' names (`AisleNames`), and the list's aisles in order.
    var numbered: [String]
    var order: AisleOrder
    /// What the household taught, by `LearnedAisles.key`.
    var learned: [String: String]

    /// `planned`: aisles other new items of the same batch were given, as if the list had them.
    /// `unit`: the amount's, as typed or read ("can", "Glas"): a can of something fresh is on the
    /// shelves (`shelved`).
    package func placement(
        for description: String, unit: String? = nil, planned: [String] = [], elsewhere: () -> String? = { nil }
    ) -> AislePlacement? {
        let table = GroceryTable.shared
        let known = Self.shelved(table.aisle(for: description, german: GroceryTable.german), unit: unit, in: table)
        // Beside the list's item of its kind, unless the table knows the new name as another thing
        // than that item's ("Coconut milk" is not milk; "All-purpose flour" is flour).
        if let (number, like, name) = words.suggestion(for: description),
           known == nil || table.aisle(for: name, german: GroceryTable.german).map({ $0 == known }) ?? true {
            return AislePlacement(aisle: numbered[Int(number)], like: like)
        }
        let key = LearnedAisles.key(description)
        if let taught = (key.isEmpty ? nil : learned[key]) ?? elsewhere() {
            return AislePlacement(aisle: order.canonical(taught) ?? taught, like: nil)
        }
        if let found = known {
            var order = order
            for a in planned { order.append(a) }
            return AislePlacement(aisle: GroceryAisle.name(for: table.aisles[found], in: order), like: nil)
        }
        return nil
    }

    /// Canned, tinned or jarred, what the table keeps fresh (tomatoes, tuna, cherries) is in the
    /// pantry: "1 can tomatoes" is not found beside the fresh ones. A can of a drink stays a drink.
    static func shelved(_ aisle: Int?, unit: String?, in table: GroceryTable) -> Int? {
        guard let aisle, let unit, let base = MeasureUnit.named(unit)?.base, ["can", "jar"].contains(base),
              ["produce", "meat", "fish", "dairy", "frozen"].contains(table.aisles[aisle].key) else { return aisle }
        return table.aisles.firstIndex { $0.key == "pantry" } ?? aisle
    }

    /// Rows read without an aisle (`ImportedItem.placesAisle`), placed; the others as they are.
    func placed(_ rows: [ImportedItem]) -> [ImportedItem] {
        rows.map { row in
            guard row.placesAisle, row.fields.aisle == nil,
                let p = placement(for: row.fields.description, unit: row.fields.unit)
            else { return row }
            var placed = row
            placed.fields.aisle = p.aisle
            return placed
        }
    }
}
