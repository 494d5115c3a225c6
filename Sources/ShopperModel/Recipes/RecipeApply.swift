import Foundation

/// Adding recipes to this list: a preview of every change, then the same changes written as one
/// undo step, each ingredient's share recorded on its item.
extension ShoppingModel {
    /// What adding `recipe` for `servings` (as written for nil) would do, line by line.
    func previewRecipe(_ id: RecipeID, servings: Int? = nil, staples: PantryStaples?,
                              numbers: NumberConvention = UserLocale.current.numbers) throws(StoreError) -> [RecipeChange] {
        guard let recipe = try recipe(id) else { return [] }
        var run = try recipeRun(staples: staples ?? PantryStaples(), numbers: numbers) { [self] id in item(id) }
        return run.add(.init(recipe: recipe, servings: servings ?? recipe.baseServings), now: Date())
    }

    /// Adds `recipe`'s ingredients to this list: one undo step. Returns what each line did.
    @discardableResult
    func addRecipeToList(_ id: RecipeID, servings: Int? = nil, staples: PantryStaples?,
                                numbers: NumberConvention = UserLocale.current.numbers, now: Date = Date()) throws(StoreError) -> [RecipeChange] {
        guard let recipe = try recipe(id) else { return [] }
        let now = StoreTime.rounded(now)
        var changes: [RecipeChange] = []
        try commit(L("adding the recipe “{recipe}” to the list", ["recipe": recipe.title])) { (b: inout ChangeBuilder) throws(StoreError) in
            var run = try recipeRun(staples: staples ?? PantryStaples(), numbers: numbers, in: b)
            changes = run.add(.init(recipe: recipe, servings: servings ?? recipe.baseServings), now: now)
            write(run, into: &b, now: now)
        }
        return changes
    }

    /// A run over this list's items: names matched against every item, each item read as the
    /// change being built leaves it (`b`), else as stored.
    func recipeRun(staples: PantryStaples, numbers: NumberConvention, in b: ChangeBuilder) throws(StoreError) -> RecipeToList {
        var read: [ItemID: Item?] = [:]
        for (id, item) in b.cs.items { read[id] = item }
        let cached = read
        return try recipeRun(staples: staples ?? PantryStaples(), numbers: numbers) { [self] id in
            if let written = cached[id] { return written }
            return try? readItem(id)
        }
    }

    func recipeRun(staples: PantryStaples, numbers: NumberConvention, read: @escaping (ItemID) -> Item?) throws(StoreError) -> RecipeToList {
        RecipeToList(list: list, find: { [self] keys in itemsNamed(keys) }, numbers: numbers, staples: staples, read: read,
                     aisleElsewhere: try aisleElsewhere())
    }

    /// The items whose description is written as one of `keys` (`NameMatcher.keys`), with their
    /// folded descriptions, in order of id: one pass over the list's search texts, a set lookup
    /// each, instead of a matcher of the whole list (a third of a second at 100,000 items).
    func itemsNamed(_ keys: Set<String>) -> [(ItemID, String)] {
        guard !keys.isEmpty else { return [] }
        let wanted = Set(keys.map { Array($0.utf8) })
        var found: [(ItemID, String)] = []
        var key: [UInt8] = []
        forEachSearchText { id, _, text in
            let description = SearchTexts.description(in: text)
            if NameMatcher.asciiKey(description, into: &key) {
                guard wanted.contains(key) else { return }
            } else {
                let written = String(decoding: description, as: UTF8.self)
                guard keys.contains(NameMatcher.words(written).joined(separator: " ")) else { return }
            }
            found.append((id, String(decoding: description, as: UTF8.self)))
        }
        return found
    }

    /// The aisle of an item of another list with the name given: where a new item goes. Read once
    /// a run (the pairs of description and aisle, not the items).
    func aisleElsewhere() throws(StoreError) -> (String) -> String? {
        let pairs = try storeRows { db in try Store.aislesByDescription(notOn: list, db) } ?? []
        let matcher = NameMatcher(pairs.map(\.0))
        let aisles = pairs.map(\.1)
        return { name in matcher.bestIndex(for: name).map { aisles[$0] } }
    }

    /// Writes a run's items and shares into the change being built.
    func write(_ run: RecipeToList, into b: inout ChangeBuilder, now: Date) {
        var position = max(lastPosition, b.cs.items.values.compactMap { $0?.position }.max() ?? 0)
        for w in run.working where w.changed {
            let item: Item
            if let id = w.id {
                var known = w.item
                known.updatedAt = now
                item = b.applying(known.fields, to: known)
            } else {
                position += Self.positionGap
                let base = Item(id: b.ids.newItemID(), description: "", needed: true, position: position, createdAt: now, list: list)
                item = b.applying(w.item.fields, to: base)
            }
            b.cs.items[item.id] = item
            for pending in w.shares {
                var s = pending.share
                s = ItemShare(id: b.ids.newShareID(), item: item.id, meal: s.meal, recipe: s.recipe, recipeTitle: s.recipeTitle,
                              day: s.day, amount: s.amount, unit: s.unit, added: s.added, itemUnit: s.itemUnit, before: s.before,
                              madeItem: s.madeItem)
                b.cs.shares[s.id] = s
            }
        }
    }

    /// What planned meals and recipe adds asked of an item, for its editor: "250 ml for Pancakes
    /// (Tue)" (`ItemShare.text`).
    public func shares(of item: ItemID) -> [ItemShare] {
        (try? storedShares(items: [item])) ?? []
    }
}

/// For the window and the command line, which know no staples or ingredient types: the add with
/// the default staples.
extension ShoppingModel {
    @discardableResult
    public func addRecipeToList(_ id: RecipeID, servings: Int? = nil) throws(StoreError) -> [RecipeChange] {
        try addRecipeToList(id, servings: servings, staples: nil)
    }

    /// What `addRecipeToList` would do, line by line (the window's preview).
    public func previewRecipe(_ id: RecipeID, servings: Int? = nil) throws(StoreError) -> [RecipeChange] {
        try previewRecipe(id, servings: servings, staples: nil)
    }
}
