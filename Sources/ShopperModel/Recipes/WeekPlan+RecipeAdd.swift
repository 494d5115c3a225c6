import Foundation

/// Adding recipes to this list: a preview of every change, then the same changes written as one
/// undo step, each ingredient's share recorded on its item.
extension WeekPlan {
    /// What adding `recipe` for `servings` (as written for nil) would do, line by line.
    func previewRecipe(_ id: RecipeID, servings: Int? = nil, staples: PantryStaples?,
        numbers: NumberConvention = UserLocale.current.numbers
    ) throws(StoreError) -> [RecipeChange] {
        guard let recipe = try recipes.recipe(id) else { return [] }
        try RecipeToList.checkServings(servings ?? recipe.baseServings)
        var run = try recipeRun(staples: try recipes.storedStaples(unless: staples), numbers: numbers) { [self] id in
            items.item(id)
        }
        let changes = run.add(.init(recipe: recipe, servings: servings ?? recipe.baseServings), now: Date())
        keepLookups(of: run)
        return try run.checked(changes)
    }

    /// Adds `recipe`'s ingredients to this list: one undo step. Returns what each line did.
    @discardableResult
    func addRecipeToList(_ id: RecipeID, servings: Int? = nil, staples: PantryStaples?,
        numbers: NumberConvention = UserLocale.current.numbers, now: Date = Date()
    ) throws(StoreError) -> [RecipeChange] {
        guard let recipe = try recipes.recipe(id) else { return [] }
        try RecipeToList.checkServings(servings ?? recipe.baseServings)
        let now = StoreTime.rounded(now)
        var changes: [RecipeChange] = []
        try core.commit(L("adding the recipe “{recipe}” to the list", ["recipe": recipe.title])) {
            (b: inout ChangeBuilder) throws(StoreError) in
            var run = try recipeRun(staples: try recipes.storedStaples(unless: staples), numbers: numbers, in: b)
            let added = run.add(.init(recipe: recipe, servings: servings ?? recipe.baseServings), now: now)
            changes = try run.checked(added)
            write(run, into: &b, now: now)
        }
        return changes
    }

    /// A run over this list's items: names matched against every item, each item read as the
    /// change being built leaves it (`b`), else as stored.
    func recipeRun(staples: PantryStaples, numbers: NumberConvention, in b: ChangeBuilder) throws(StoreError)
        -> RecipeToList
    {
        var read: [ItemID: Item?] = [:]
        for (id, item) in b.cs.items { read[id] = item }
        let cached = read
        return try recipeRun(staples: staples, numbers: numbers) { [self] id in
            if let written = cached[id] { return written }
            return try? items.readItem(id)
        }
    }

    func recipeRun(staples: PantryStaples, numbers: NumberConvention, read: @escaping (ItemID) -> Item?)
        throws(StoreError) -> RecipeToList
    {
        var run = RecipeToList(list: list, lookups: try recipeLookups(numbers), staples: staples, read: read)
        // The run's earlier new items' aisles count as the list's: a leek goes to the Vegetables
        // the onions were given, not to a new Fruit & Veg.
        var planned: [String] = []
        run.place = { [weak self] name, unit, elsewhere in
            let aisle =
                self?.model.aisles.placement(for: name, unit: unit, planned: planned, elsewhere: elsewhere)?.aisle
                ?? elsewhere()
            if let aisle { planned.append(aisle) }
            return aisle
        }
        return run
    }

    /// What the last preview looked up, while no item has been written since, by this model or any
    /// other (the add it precedes: its pass over the list's search texts and its read of the other
    /// lists' aisles are that preview's); else a fresh start.
    private func recipeLookups(_ numbers: NumberConvention) throws(StoreError) -> RecipeToList.Lookups {
        if let kept = keptRecipeLookups, kept.revision == core.seenRevision, kept.lookups.numbers == numbers,
           try kept.stored == storedRevision() {
            return kept.lookups
        }
        keptRecipeLookups = nil
        return RecipeToList.Lookups(items: FoundNames { [weak self] keys in self?.itemsNamed(keys) ?? [] },
                                    elsewhere: try aislesElsewhere(), numbers: numbers)
    }

    /// Keeps a preview's lookups for the add that follows it (`recipeLookups`).
    func keepLookups(of run: RecipeToList) {
        // Unread, they are not kept: a store that cannot say its revision cannot vouch for them.
        guard let stored = try? storedRevision() else { return keptRecipeLookups = nil }
        keptRecipeLookups = (core.seenRevision, stored, run.lookups)
    }

    /// The store's newest item revision, inside the write when there is one: this model's own
    /// revision misses another model's write through the same connection (SQLite's data_version
    /// counts only other connections'), and a write that came after the commit read the news.
    private func storedRevision() throws(StoreError) -> Int64 {
        try core.storeRows { db in try Store.revision(db) }
    }

    /// Lets a preview's lookups go (its dialog closed): the other lists' descriptions they hold
    /// are not kept for an add that may never come.
    package func forgetRecipeLookups() { keptRecipeLookups = nil }

    /// The items whose description is written as one of `keys` (`NameMatcher.keys`), in order of
    /// id: one pass over the list's search texts, most turned away by a bit test, instead of a
    /// matcher of the whole list (a third of a second at 100,000 items).
    func itemsNamed(_ keys: Set<String>) -> [FoundNames<ItemID>.Found] {
        guard !keys.isEmpty else { return [] }
        listPasses += 1
        let wanted = Set(keys.map { Array($0.utf8) })
        let filter = KeyFilter(wanted)
        var found: [FoundNames<ItemID>.Found] = []
        var key: [UInt8] = []
        model.searches.forEachSearchText { id, _, text in
            let hash = KeyFilter.asciiKeyHash(ofDescriptionIn: text)
            if let hash, !filter.mayContain(hash) { return }
            let description = SearchTexts.description(in: text)
            if hash != nil {
                guard NameMatcher.asciiKey(description, into: &key), wanted.contains(key) else { return }
            } else {
                guard
                    keys.contains(
                        NameMatcher.words(String(decoding: description, as: UTF8.self)).joined(separator: " "))
                else { return }
            }
            found.append(.init(order: Int(id.raw), name: String(decoding: description, as: UTF8.self), payload: id))
        }
        return found
    }

    /// The aisles of other lists' items, found by the description's key (where a new item goes):
    /// read once a run, the pairs of description and aisle, not the items.
    func aislesElsewhere() throws(StoreError) -> FoundNames<String> {
        let pairs = try core.storeRows { db in try RecipeTables.aislesByDescription(notOn: list, db) }
        let descriptions = pairs.map(\.0)
        return FoundNames { keys in
            NameMatcher.written(as: keys, among: descriptions).map {
                .init(order: $0, name: descriptions[$0], payload: pairs[$0].1)
            }
        }
    }

    /// Writes a run's items and shares into the change being built.
    func write(_ run: RecipeToList, into b: inout ChangeBuilder, now: Date) {
        var position = max(items.lastPosition, b.cs.items.values.compactMap { $0?.position }.max() ?? 0)
        for w in run.working where w.changed {
            let item: Item
            if w.id != nil {
                var known = w.item
                known.updatedAt = now
                item = b.applying(known.fields, to: known)
            } else {
                position += Ordering.gap
                let base = Item(
                    id: b.ids.newItemID(), description: "", needed: true, position: position, createdAt: now, list: list
                )
                item = b.applying(w.item.fields, to: base)
            }
            b.cs.items[item.id] = item
            for pending in w.shares {
                var s = pending.share
                s = ItemShare(
                    id: b.ids.newShareID(), item: item.id, meal: s.meal, recipe: s.recipe, recipeTitle: s.recipeTitle,
                    day: s.day, amount: s.amount, unit: s.unit, added: s.added, itemUnit: s.itemUnit, before: s.before,
                              madeItem: s.madeItem)
                b.cs.book.shares[s.id] = s
            }
        }
    }

    /// What planned meals and recipe adds asked of an item, for its editor: "250 ml for Pancakes
    /// (Tue)" (`ItemShare.text`).
    package func shares(of item: ItemID) -> [ItemShare] {
        (try? recipes.storedShares(items: [item])) ?? []
    }
}

/// For the window and the command line: the add with the household's staples, as kept in the store.
extension WeekPlan {
    @discardableResult
    package func addRecipeToList(_ id: RecipeID, servings: Int? = nil) throws(StoreError) -> [RecipeChange] {
        try addRecipeToList(id, servings: servings, staples: nil)
    }

    /// What `addRecipeToList` would do, line by line (the window's preview).
    package func previewRecipe(_ id: RecipeID, servings: Int? = nil) throws(StoreError) -> [RecipeChange] {
        try previewRecipe(id, servings: servings, staples: nil)
    }
}

/// A 65,536-bit filter (8 KB) over keys' hashes: one bit test turns away nearly every description
/// of a long list before a key is made and the set hashes it (that was most of the pass). With a
/// few hundred keys, one description in two hundred gets past it by chance.
struct KeyFilter {
    private var bits = [UInt64](repeating: 0, count: 1_024)

    init(_ keys: Set<[UInt8]>) {
        for k in keys {
            let h = Self.hash(k)
            bits[Int(h >> 6 & 1_023)] |= 1 << (h & 63)
        }
    }

    func mayContain(_ h: UInt32) -> Bool { bits[Int(h >> 6 & 1_023)] & (1 << (h & 63)) != 0 }

    /// djb2 with xor: a shift and an add a byte, where FNV's multiply held up the list's pass.
    static func hash(_ bytes: [UInt8]) -> UInt32 {
        var h: UInt32 = 5_381
        for b in bytes { h = ((h &<< 5) &+ h) ^ UInt32(b) }
        return h
    }

    /// `hash` of the key `NameMatcher.asciiKey` would make of a search text's description (its
    /// first line), without making it, in one pass; nil where that gives no key (not plain ASCII,
    /// or too long).
    static func asciiKeyHash(ofDescriptionIn text: UnsafeBufferPointer<UInt8>) -> UInt32? {
        var h: UInt32 = 5_381
        var gap = false, empty = true
        var n = 0
        while n < text.count {
            let b = text[n]
            if b == 0x0A { break }
            guard b < 0x80, n < Ingredient.maxName else { return nil }
            n += 1
            let folded = b &- 0x41 < 26 ? b | 0x20 : b
            guard folded &- 0x61 < 26 || folded &- 0x30 < 10 else {
                gap = true
                continue
            }
            if gap, !empty { h = ((h &<< 5) &+ h) ^ 0x20 }
            gap = false
            empty = false
            h = ((h &<< 5) &+ h) ^ UInt32(folded)
        }
        return h
    }
}
