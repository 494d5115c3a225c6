import Foundation

/// Where a new item goes, whether typed, pasted, imported, from a recipe or from a synced task:
/// 1. the aisle of the list's items that share a word with it (`ListWords`);
/// 2. the aisle this household taught for its name, by moving an item of that name there
///    (`LearnedAisles`);
/// 3. for a recipe's line, the aisle other lists give the same name;
/// 4. the built-in table of groceries (`GroceryTable`), in the list's aisle of that name or a new
///    one;
/// 5. else no aisle.
public struct AislePlacement: Equatable, Sendable {
    public let aisle: String
    /// The list's item it was put beside (step 1), for the message.
    let like: ItemID?
}

/// What `ShoppingModel.placement` asks, copied from a model at one revision: Sendable, so a large
/// import places its rows on the thread that writes them.
public struct AislePlacer: Sendable {
    var words: ListWords
    /// Aisle numbers' names (`AisleNames`), and the list's aisles in order.
    var numbered: [String]
    var order: AisleOrder
    /// What the household taught, by `LearnedAisles.key`.
    var learned: [String: String]

    /// `planned`: aisles other new items of the same batch were given, as if the list had them.
    /// `unit`: the amount's, as typed or read ("can", "Glas"): a can of something fresh is on the
    /// shelves (`shelved`).
    public func placement(for description: String, unit: String? = nil, planned: [String] = [], elsewhere: () -> String? = { nil }) -> AislePlacement? {
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
            guard row.placesAisle, row.fields.aisle == nil, let p = placement(for: row.fields.description, unit: row.fields.unit) else { return row }
            var placed = row
            placed.fields.aisle = p.aisle
            return placed
        }
    }
}

extension ShoppingModel {
    /// Where a new item described so goes on this list; nil for No Aisle. `elsewhere`: the aisle
    /// other lists give the name (a recipe's line), asked only when the list and the household
    /// know nothing.
    func placement(for description: String, unit: String? = nil, planned: [String] = [], elsewhere: () -> String? = { nil }) -> AislePlacement? {
        aislePlacer().placement(for: description, unit: unit, planned: planned, elsewhere: elsewhere)
    }

    /// The placer at this revision, made once: a batch of new items (a recipe, a paste, an import)
    /// costs one pass over the list and one read of what was taught, and a preview and the add
    /// after it share them.
    func aislePlacer() -> AislePlacer {
        if let kept = keptPlacer, kept.revision == seenRevision, kept.count == items.count, kept.placer.order == aisles {
            return kept.placer
        }
        var words = ListWords()
        placerPasses += 1
        forEachSearchText { id, entry, text in
            guard entry.aisle >= 0 else { return }
            words.add(String(decoding: SearchTexts.description(in: text), as: UTF8.self), id: id, aisle: entry.aisle)
        }
        // Unread (a store that cannot be read now), nothing was taught: the table still places.
        let learned = (try? storeRows { db in try LearnedAisles.all(db) }) ?? [:]
        let placer = AislePlacer(words: words, numbered: aisleNames.names, order: aisles, learned: learned)
        keptPlacer = (seenRevision, items.count, placer)
        return placer
    }
}

extension ShoppingModel {
    /// After a write of this model's own (from `revision`): its new items join the kept placer and
    /// its lessons are learned, so typing item after item costs no pass over the list each. An
    /// item renamed, moved to another aisle or deleted lets the placer go, to be made again.
    func placerFollows(_ cs: ChangeSet, old back: ChangeSet, from revision: Int64, to written: Int64) {
        guard var kept = keptPlacer, kept.revision == revision else { return }
        for (id, new) in cs.items {
            if let old = back.items[id] ?? nil {
                guard let new, old.description == new.description, old.aisle == new.aisle, old.list == new.list else { return keptPlacer = nil }
                continue
            }
            guard let new, new.list == list, let entry = items[id], entry.aisle >= 0 else { continue }
            kept.placer.words.add(Self.matchKey(new.description), id: id, aisle: entry.aisle)
        }
        for (key, aisle) in cs.learned { kept.placer.learned[key] = aisle }
        kept.placer.numbered = aisleNames.names
        kept.placer.order = aisles
        keptPlacer = (written, items.count, kept.placer)
    }

    /// What the household has taught, as it is now, for the names `cs` teaches: what undoes it.
    func learnedNow(of cs: ChangeSet) throws(StoreError) -> [String: String?] {
        guard !cs.learned.isEmpty else { return [:] }
        return try storeRows { db in
            try Dictionary(uniqueKeysWithValues: cs.learned.keys.map { ($0, try LearnedAisles.aisle(for: $0, db)) })
        }
    }
}
