import Foundation

/// Works out what adding recipes does to one list, line by line, over a working copy of the items
/// it touches: a second line naming the same thing adds to what the first made. The same run
/// gives the preview and, inside the write, the change (so what is shown is what is written).
struct RecipeToList {
    /// An item as the run leaves it: a known item (`id`) or a new one.
    struct Working {
        var id: ItemID?
        var item: Item
        var changed = false
        var shares: [PendingShare] = []
        /// A new item's name, matched as the list's are (made once, not for each later line).
        var name: NameMatcher?
    }

    /// A share before it has an id: which working item, and what it says.
    struct PendingShare {
        var share: ItemShare
    }

    struct Source {
        var recipe: Recipe
        var servings: Int
        var meal: MealID?
        var day: PlanDay?
    }

    /// What the run looked up, which a later run over the same items can start from: the preview's
    /// lookups, kept by the model while no item is written and its dialog is open, spare the add it
    /// precedes its pass over the list (`WeekPlan.recipeLookups`).
    struct Lookups {
        /// The list's items a name may mean, and other lists' aisles for a name (where a new item
        /// goes): each found for the names of the sources added (`prepare`).
        var items: FoundNames<ItemID>
        var elsewhere: FoundNames<String>
        /// Each line as read, once (`prepare` and `add` both need it).
        var parsed: [String: Ingredient] = [:]
        let numbers: NumberConvention
    }

    var numbers: NumberConvention { lookups.numbers }
    let staples: PantryStaples
    let list: ListID
    private(set) var lookups: Lookups
    let read: (ItemID) -> Item?
    /// Where a new item of a name and unit goes (`Aisles.placement`), given other lists' aisle for it.
    var place: (String, String?, () -> String?) -> String? = { _, _, elsewhere in elsewhere() }
    private(set) var working: [Working] = []
    private var byID: [ItemID: Int] = [:]
    /// Lines whose amount, for the servings asked, no item can hold: each a sentence. A run with
    /// any is never written (`checked`), since its item would hold something else than it says.
    private(set) var refusals: [String] = []

    init(list: ListID, lookups: Lookups, staples: PantryStaples, read: @escaping (ItemID) -> Item?) {
        self.list = list
        self.staples = staples
        self.lookups = lookups
        self.read = read
    }

    /// Finds the items and aisles the ingredients of `sources` may name, in one search of the
    /// list for all (the week's meals together); `add` finds what is still missing.
    mutating func prepare(_ sources: [Source]) {
        let names = sources.flatMap { $0.recipe.ingredients.map { parse($0).name } }
        lookups.items.look(for: names)
        lookups.elsewhere.look(for: names)
    }

    /// Adds every ingredient line of `source`, scaled; what each did.
    mutating func add(_ source: Source, now: Date) -> [RecipeChange] {
        prepare([source])
        let base = source.recipe.baseServings
        return source.recipe.ingredients.map { line in
            let read = parse(line)
            guard let scaled = read.scaled(from: base, to: source.servings) else {
                // Beyond exact arithmetic for these servings, so beyond any item: never the amount
                // as written for other servings.
                refusals.append(Self.refusal(line, nil, source, numbers))
                return add(line: line, read, source, now: now)
            }
            return add(line: line, scaled, source, now: now)
        }
    }

    private mutating func add(line: String, _ i: Ingredient, _ source: Source, now: Date) -> RecipeChange {
        let title = source.recipe.title
        let share = RecipeWords.forRecipe(i, title, numbers)
        if i.isHeading { return RecipeChange(line: line, ingredient: i, kind: .heading, item: i.name, words: i.name) }
        if staples.contains(i) {
            return RecipeChange(
                line: line, ingredient: i, kind: .staple, item: i.name, words: RecipeWords.staple(i.name))
        }
        var refused: (Int, MergeRefusal)?
        let found = known(i.name)
        // Every row of the thing on the shopping list first, kept-apart ones included: the amount
        // goes where its unit adds up (a cup row takes cups, a gram row grams and kilograms), so
        // an add, or a meal's new servings, never makes a second row of one thing and unit.
        for w in found where working[w].item.needed && !working[w].item.inCart {
            if case .success(let words) = merge(i, into: w, source) {
                return RecipeChange(
                    line: line, ingredient: i, kind: .merge(working[w].id!), item: working[w].item.description,
                    words: words)
            }
        }
        if let w = found.first {
            switch merge(i, into: w, source) {
            case .success(let words):
                return RecipeChange(
                    line: line, ingredient: i, kind: .merge(working[w].id!), item: working[w].item.description,
                    words: words)
            case .failure(let r): refused = (w, r)
            }
        }
        // A new item made earlier in this run for the same name takes the line when it can.
        for w in working.indices where working[w].id == nil && working[w].name?.bestIndex(for: i.name) != nil {
            if case .success(let words) = merge(i, into: w, source) {
                let kind: RecipeChange.Kind =
                    refused.map { .apart(from: working[$0.0].id!) } ?? .new(aisle: working[w].item.aisle)
                return RecipeChange(
                    line: line, ingredient: i, kind: kind, item: working[w].item.description, words: words)
            }
        }
        let description = refused.map { working[$0.0].item.description } ?? Self.itemName(i.name)
        let aisle =
            refused.map { working[$0.0].item.aisle }
            ?? place(i.name, i.unit?.base) { lookups.elsewhere.best(for: i.name) }
        let w = makeNew(
            i, line: line, description: description, aisle: aisle,
            note: refused == nil ? "" : L("for {recipe}", ["recipe": title]), source, now: now)
        let need = RecipeWords.need(working[w].item.quantity, working[w].item.unit, numbers)
        if let (from, r) = refused {
            return RecipeChange(line: line, ingredient: i, kind: .apart(from: working[from].id!), item: description,
                                words: RecipeWords.apart(description, need: need, share: share, refusal: r))
        }
        return RecipeChange(line: line, ingredient: i, kind: .new(aisle: aisle), item: description,
                            words: RecipeWords.new(description, need: need, share: share, aisle: aisle))
    }

    private mutating func parse(_ line: String) -> Ingredient {
        if let known = lookups.parsed[line] { return known }
        let read = IngredientParser.parse(line, numbers: numbers)
        lookups.parsed[line] = read
        return read
    }

    /// The working indices of the list's items the name means, the best first, each read in
    /// when first touched.
    private mutating func known(_ name: String) -> [Int] {
        lookups.items.all(for: name).compactMap { id in
            if let w = byID[id] { return w }
            guard let item = read(id) else { return nil }
            working.append(Working(id: id, item: item))
            byID[id] = working.count - 1
            return working.count - 1
        }
    }

    /// Adds the line's amount to a working item: its need grown (or, off the shopping list, its
    /// need now), the share recorded; the preview's words, or why the units do not add up.
    private mutating func merge(_ i: Ingredient, into w: Int, _ source: Source) -> Result<String, MergeRefusal> {
        var item = working[w].item
        // Growing what is in the cart would record as bought what was never picked up.
        if item.inCart { return .failure(.inCart) }
        let wasNeeded = item.needed
        let title = source.recipe.title
        var newQuantity = item.quantity, unit = item.unit, rounded = false
        if i.quantity != nil {
            switch AmountMerge.add(i.quantity, i.unit, toItem: wasNeeded ? item.quantity : 0, unit: item.unit) {
            case .success(let m): (newQuantity, unit, rounded) = (m.decimal, m.unit, m.rounded)
            case .failure(let r):
                guard !wasNeeded, let q = Self.itemAmount(i) else { return .failure(r) }
                // Off the list, the recipe's need replaces the old one, as a typed line would.
                (newQuantity, unit, rounded) = (q.0, q.1, q.2)
            }
        }
        let before = wasNeeded ? nil : ItemShare.Before(quantity: item.quantity, unit: item.unit)
        let added = wasNeeded ? newQuantity - item.quantity : newQuantity
        let from = wasNeeded ? RecipeWords.need(item.quantity, item.unit, numbers) : nil
        item.quantity = newQuantity
        item.unit = unit
        item.needed = true
        // A row kept apart in this run (its note ours) names every recipe whose share it holds.
        if working[w].id == nil, let note = ApartNote.adding(title, to: item.notes) { item.notes = note }
        working[w].item = item
        working[w].changed = true
        working[w].shares.append(
            PendingShare(share: share(i, source, added: added, unit: unit, before: before, made: false)))
        let to = RecipeWords.need(newQuantity, unit, numbers)
        return .success(
            RecipeWords.merged(
                item.description, from: from, to: to, share: RecipeWords.forRecipe(i, title, numbers), rounded: rounded)
        )
    }

    private mutating func makeNew(_ i: Ingredient, line: String, description: String, aisle: String?, note: String,
                                  _ source: Source, now: Date) -> Int {
        let amount = Self.itemAmount(i)
        if amount == nil, i.quantity != nil {
            refusals.append(Self.refusal(line, i.amountText(numbers), source, numbers))
        }
        let (quantity, unit, _) = amount ?? (1, nil, false)
        // What the line says beside its amount ("400 g each", "for frying") stays with the new item.
        let notes = [note, i.listNote ?? ""].filter { !$0.isEmpty }.joined(separator: "; ")
        let item = Item(
            id: ItemID(0), description: description, quantity: quantity, unit: unit, aisle: aisle, notes: notes,
                        needed: true, createdAt: now, list: list)
        var w = Working(id: nil, item: item, changed: true, name: NameMatcher([description]))
        w.shares.append(PendingShare(share: share(i, source, added: quantity, unit: unit, before: nil, made: true)))
        working.append(w)
        return working.count - 1
    }

    private func share(
        _ i: Ingredient, _ s: Source, added: Decimal, unit: String?, before: ItemShare.Before?, made: Bool
    ) -> ItemShare {
        ItemShare(
            id: ShareID(0), item: ItemID(0), meal: s.meal, recipe: s.recipe.id, recipeTitle: s.recipe.title, day: s.day,
                  amount: i.quantity, unit: i.unit, added: added, itemUnit: unit, before: before, madeItem: made)
    }

    /// The line's amount as an item keeps it (the top of a range, rounded up to four decimals), its
    /// unit as the list spells it; nil without an amount or beyond what an item holds.
    static func itemAmount(_ i: Ingredient) -> (Decimal, String?, Bool)? {
        guard let q = i.quantity, case .success(let m) = AmountMerge.add(.exact(q.toBuy), nil, toItem: 0, unit: nil)
        else { return nil }
        return (m.decimal, i.unit?.name(for: q.toBuy), m.rounded)
    }

    /// Why a line cannot be added: its amount for the servings asked, beyond what an item holds.
    static func refusal(_ line: String, _ amount: String?, _ source: Source, _ numbers: NumberConvention) -> String {
        var values = [
            "line": line, "recipe": source.recipe.title, "servings": "\(source.servings)",
            "max": DecimalText.format(ItemDraft.maxQuantity, numbers)
        ]
        guard let amount else {
            return L(
                "“{line}” of “{recipe}” for {servings} comes to more than an item can hold ({max} at most). Nothing was changed.",
                values)
        }
        values["amount"] = amount
        return L(
            "“{line}” of “{recipe}” for {servings} comes to {amount}, more than an item can hold ({max} at most). Nothing was changed.",
            values)
    }

    /// The run's changes, or the first line no item can hold, thrown: nothing is then written.
    func checked(_ changes: [RecipeChange]) throws(StoreError) -> [RecipeChange] {
        if let first = refusals.first { throw .outOfBounds(first) }
        return changes
    }

    /// Servings asked for from outside (the command line, another process over D-Bus, a plan):
    /// the range the window's own field allows.
    static func checkServings(_ servings: Int) throws(StoreError) {
        guard !(1...RecipeDraft.maxServings).contains(servings) else { return }
        throw .outOfBounds(
            L(
                "Servings go from 1 to {max}, not {n}. Nothing was changed.",
                ["max": "\(RecipeDraft.maxServings)", "n": "\(servings)"]))
    }

    /// A new item's description: the ingredient's name with a capital, as lists are written.
    static func itemName(_ name: String) -> String {
        let clean = ItemDraft.clean(name)
        return clean.prefix(1).uppercased() + clean.dropFirst()
    }
}
