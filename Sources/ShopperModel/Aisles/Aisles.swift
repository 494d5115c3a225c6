import Foundation

/// The list's aisles in their order, and where a new item goes on this list (`AislePlacer`).
package final class Aisles: ModelPart {
    package internal(set) var order = AisleOrder() { didSet { model.shops.place() } }
    /// The aisle names entries refer to by number.
    var aisleNames = AisleNames()
    /// Where new items go (`aislePlacer`), with the revision and count it was made at.
    var keptPlacer: (revision: Int64, count: Int, placer: AislePlacer)?
    /// For tests: how many passes over the list making the placer took.
    var placerPasses = 0
    unowned var model: ShoppingModel!

    func setAisleOrder(_ names: [String]) throws(StoreError) {
        try core.commit(L("reordering the aisles")) { b in b.setAisleOrder(names) }
    }

    /// Whether a new aisle order moves items between sections. Appending a name no item has had
    /// keeps every item's section; anything else may not: a reorder, an aisle taken away, or one
    /// given back that items still name (an undo took it from the order while another process
    /// filed an item under it).
    func sectionsMove(_ old: AisleOrder, _ new: [String]) -> Bool {
        !new.starts(with: old.names) || new.dropFirst(old.names.count).contains { aisleNames.knows($0) }
    }

    /// The aisle of the items that share the most words with `description`, and one of them; nil
    /// when none does, or two aisles do equally (`ListWords`).
    func suggestedAisle(for description: String) -> (aisle: String, like: String)? {
        guard let (number, id, _) = aislePlacer().words.suggestion(for: description),
              let like = model.items.item(id) else { return nil }
        // The aisle as the item spells it (entries keep one spelling per aisle).
        return (like.aisle ?? aisleNames.names[Int(number)], like.description)
    }

    /// Where a new item described so goes on this list; nil for No Aisle. `elsewhere`: the aisle
    /// other lists give the name (a recipe's line), asked only when the list and the household
    /// know nothing.
    func placement(for description: String, unit: String? = nil, planned: [String] = [],
                   elsewhere: () -> String? = { nil }) -> AislePlacement? {
        aislePlacer().placement(for: description, unit: unit, planned: planned, elsewhere: elsewhere)
    }

    /// The placer at this revision, made once: a batch of new items (a recipe, a paste, an import)
    /// costs one pass over the list and one read of what was taught, and a preview and the add
    /// after it share them.
    func aislePlacer() -> AislePlacer {
        let items = model.items
        if let kept = keptPlacer, kept.revision == core.seenRevision, kept.count == items.table.count,
           kept.placer.order == order {
            return kept.placer
        }
        var words = ListWords()
        placerPasses += 1
        model.searches.forEachSearchText { id, entry, text in
            guard entry.aisle >= 0 else { return }
            words.add(String(decoding: SearchTexts.description(in: text), as: UTF8.self), id: id, aisle: entry.aisle)
        }
        // Unread (a store that cannot be read now), nothing was taught: the table still places.
        let learned = (try? core.storeRows { db in try LearnedAisles.all(db) }) ?? [:]
        let placer = AislePlacer(words: words, numbered: aisleNames.names, order: order, learned: learned)
        keptPlacer = (core.seenRevision, items.table.count, placer)
        return placer
    }

    /// After a write of this model's own (from `revision`): its new items join the kept placer and
    /// its lessons are learned, so typing item after item costs no pass over the list each. An
    /// item renamed, moved to another aisle or deleted lets the placer go, to be made again.
    func placerFollows(_ cs: ChangeSet, old back: ChangeSet, from revision: Int64, to written: Int64) {
        guard var kept = keptPlacer, kept.revision == revision else { return }
        for (id, new) in cs.items {
            if let old = back.items[id] ?? nil {
                guard let new, old.description == new.description, old.aisle == new.aisle, old.list == new.list else {
                    return keptPlacer = nil
                }
                continue
            }
            guard let new, new.list == core.list, let entry = model.items[id], entry.aisle >= 0 else { continue }
            kept.placer.words.add(ShoppingModel.matchKey(new.description), id: id, aisle: entry.aisle)
        }
        for (key, aisle) in cs.learned { kept.placer.learned[key] = aisle }
        kept.placer.numbered = aisleNames.names
        kept.placer.order = order
        keptPlacer = (written, model.items.table.count, kept.placer)
    }

    /// What the household has taught, as it is now, for the names `cs` teaches: what undoes it.
    func learnedNow(of cs: ChangeSet) throws(StoreError) -> [String: String?] {
        guard !cs.learned.isEmpty else { return [:] }
        return try core.storeRows { db in
            try Dictionary(uniqueKeysWithValues: cs.learned.keys.map { ($0, try LearnedAisles.aisle(for: $0, db)) })
        }
    }
}
