import Foundation

/// The shops, and what they decide for this list: making, renaming, ordering and deleting shops,
/// setting the order a shop's aisles are walked in, and marking items as sold only at some shops:
/// each one step of the shared undo history, as list operations are. Choosing the shop a list is
/// shopped at is not an edit, and no step.
package final class Shops: ModelPart {
    /// Every shop not deleted, in order, with its aisle order.
    package internal(set) var all: [Shop] = [] { didSet { place() } }
    /// This list's items sold only at some shops.
    package internal(set) var onlyAt = OnlyAt() { didSet { place() } }
    /// The order sections follow: the current shop's aisles first, then the list's (`AisleOrder.walking`).
    var sectionAisles = AisleOrder()
    /// Items the current shop does not sell: left off its shopping list.
    var hiddenHere: Set<ItemID> = []
    unowned var model: ShoppingModel!

    var items: Items { model.items }
    var aisles: AisleOrder { model.aisles.order }

    /// Works out what follows from the current shop: the sections' order and the items it hides.
    func place() {
        let shop = currentShop
        sectionAisles = aisleOrder(at: shop)
        hiddenHere = onlyAt.hidden(at: shop, existing: Set(all.map(\.id)))
    }

    /// Observers hear that the shops changed (see `ModelChange.shopsChanged`).
    func notifyShopsChanged() {
        var change = ModelChange()
        change.shopsChanged = true
        change.listsChanged = true
        core.tell(change)
    }

    /// The shop this list is shopped at now; Any Store when none is chosen or the chosen one went.
    package var currentShop: ShopID {
        let chosen = model.lists.all.first { $0.id == core.list }?.shop ?? .any
        return all.contains { $0.id == chosen } ? chosen : .any
    }

    /// How many items on the shopping list are hidden because they are sold only at other shops.
    package var hiddenForOtherShops: Int { hiddenForOtherShopsTotals.count }

    /// Those items' count and cost: what the figures of this store's list leave out.
    package var hiddenForOtherShopsTotals: Totals {
        var t = Totals()
        for id in hiddenHere {
            guard let entry = items[id], ListKind.shopping.contains(entry) else { continue }
            t.add(line: CostSum(units: Int128(entry.lineCost)))
        }
        return t
    }

    /// A new shop at the end, named as asked (blank: "New Store"). Returns its id.
    @discardableResult
    package func addShop(named name: String) throws(StoreError) -> ShopID {
        let name = Ordering.newName(name, fallback: L("New Store"))
        var made = ShopID.any
        try core.commit(L("adding the store “{name}”", ["name": name])) { b in
            made = b.ids.newShopID()
            b.cs.shops[made] = Shop(id: made, name: name, position: (all.last?.position ?? 0) + Ordering.gap)
        }
        return made
    }

    package func renameShop(_ id: ShopID, to name: String) throws(StoreError) {
        guard let (was, renamed) = Ordering.renaming(id, in: all, to: name) else { return }
        try core.commit(L("renaming the store “{name}”", ["name": was])) { b in b.cs.shops[id] = renamed }
    }

    /// Marks the shop deleted: it and its marks stay until the next start, so Undo brings it back
    /// whole. Lists shopped there are shopped at Any Store meanwhile.
    package func deleteShop(_ id: ShopID) throws(StoreError) {
        guard var shop = all.first(where: { $0.id == id }) else { return }
        try core.commit(L("deleting the store “{name}”", ["name": shop.name])) { b in
            shop.deleted = true
            b.cs.shops[id] = shop
        }
    }

    /// Moves a shop to `index` in the order shops are offered in.
    package func moveShop(_ id: ShopID, to index: Int) throws(StoreError) {
        guard let from = all.firstIndex(where: { $0.id == id }), index != from else { return }
        try core.commit(L("moving the store “{name}”", ["name": all[from].name])) { b in
            for s in Ordering.moved(all, from: from, to: index, position: \.position) { b.cs.shops[s.id] = s }
        }
    }

    /// The aisles as `shop` is walked: Any Store's order is the list's own.
    package func aisleOrder(at shop: ShopID) -> AisleOrder {
        guard let s = all.first(where: { $0.id == shop }) else { return aisles }
        return .walking(s.aisles, list: aisles)
    }

    /// Sets the order `shop`'s aisles are walked in. At Any Store, it is the list's own order.
    package func setAisleOrder(_ names: [String], at shop: ShopID) throws(StoreError) {
        guard var s = all.first(where: { $0.id == shop }) else { return try model.aisles.setAisleOrder(names) }
        let order = AisleOrder(names).names
        guard order != s.aisles else { return }
        try core.commit(L("reordering the aisles of “{name}”", ["name": s.name])) { b in
            s.aisles = order
            b.cs.shops[shop] = s
        }
    }

    /// Moves one aisle a place up or down in `shop`'s order (Alt+Up and Alt+Down in the aisle list).
    func moveAisle(_ name: String, by delta: Int, at shop: ShopID) throws(StoreError) {
        var names = aisleOrder(at: shop).names
        guard let from = names.firstIndex(where: { $0.lowercased() == name.lowercased() }) else { return }
        let to = min(max(from + delta, 0), names.count - 1)
        guard to != from else { return }
        names.insert(names.remove(at: from), at: to)
        try setAisleOrder(names, at: shop)
    }

    /// Marks the item as sold only at `marks` (empty: anywhere).
    func setOnlyAt(_ id: ItemID, _ marks: Set<ShopID>) throws(StoreError) {
        let marks = marks.filter { $0 != .any }
        guard items[id] != nil, marks != onlyAt[id] else { return }
        try core.commit(L("choosing the stores for “{item}”", ["item": items.named(id)])) {
            (b: inout ChangeBuilder) throws(StoreError) in
            b.cs.onlyAt[id] = marks
            try touch(id, in: &b)
        }
    }

    /// Marks the item as sold only at the stores called `names` (case and accents aside; none:
    /// anywhere), making a store no one has yet, in the same step: a choice of stores that lost to
    /// another device's in a sync, put back.
    package func setOnlyAt(_ id: ItemID, named names: [String]) throws(StoreError) {
        var known: [String: ShopID] = [:]
        for s in all { known[ShoppingModel.matchKey(s.name)] = known[ShoppingModel.matchKey(s.name)] ?? s.id }
        let found = names.compactMap { known[ShoppingModel.matchKey($0)] }
        if found.count == names.count { return try setOnlyAt(id, Set(found)) }
        guard items[id] != nil else { return }
        try core.commit(L("choosing the stores for “{item}”", ["item": items.named(id)])) {
            (b: inout ChangeBuilder) throws(StoreError) in
            b.cs.onlyAt[id] = Self.marks(named: names, shops: all, ids: &b.ids, into: &b.cs)
            try touch(id, in: &b)
        }
    }

    /// The item is written too (as it is, edited now): a shared list sends the change of stores.
    private func touch(_ id: ItemID, in b: inout ChangeBuilder) throws(StoreError) {
        if var item = try items.readItem(id) {
            item.updatedAt = StoreTime.rounded(Date())
            b.cs.items[id] = item
        }
    }

    /// Shops this list at `shop` from now on: its sections follow the shop's aisles, and its
    /// shopping list leaves out what is sold only elsewhere. Remembered in the store, for every
    /// process; not an undo step.
    package func shop(at shop: ShopID) throws(StoreError) {
        guard shop != currentShop, shop == .any || all.contains(where: { $0.id == shop }) else { return }
        try core.store.shopTables.setShop(shop, of: core.list)
        model.lists.all = (try? core.store.lists()) ?? model.lists.all
        notifyShopsChanged()
    }
}

extension Shops {
    /// What the shops decide for this list, to tell whether a change moved anything.
    struct ShopsState {
        var shops: [Shop]
        var current: ShopID
        var sectionAisles: AisleOrder
        var hidden: Set<ItemID>
    }

    var state: ShopsState {
        ShopsState(shops: all, current: currentShop, sectionAisles: sectionAisles, hidden: hiddenHere)
    }

    /// Whether the shops changed since `before` in a way views must follow: the shops, the one
    /// shopped at, the items hidden, or the sections' order other than by an aisle added at its end
    /// (a new aisle on an item moves no other item: see `sectionsMove`).
    func moved(from before: ShopsState) -> Bool {
        before.shops != all || before.current != currentShop || before.hidden != hiddenHere
            || !sectionAisles.names.starts(with: before.sectionAisles.names)
    }

    /// Memory follows a written change set's shops and marks (shops as stored).
    func follow(_ cs: ChangeSet) {
        if !cs.shops.isEmpty {
            all = (try? core.store.shopTables.shops()) ?? Ordering.following(all, cs.shops)
        }
        if !cs.onlyAt.isEmpty {
            var marks = onlyAt
            for (id, s) in cs.onlyAt { marks[id] = s }
            onlyAt = marks
        }
    }
}

extension Shops {
    /// The names of the stores an item is sold only at, in the stores' order (for export).
    package func shopNames(of id: ItemID) -> [String] {
        let marks = onlyAt[id]
        return all.filter { marks.contains($0.id) }.map(\.name)
    }

    /// Marks imported items as sold only at the stores their rows name, matched by name as items
    /// are (case and accents aside); a store no one has yet is made, once, at the end. A row that
    /// names none leaves its item's marks as they are.
    static func mark<S: Sequence>(_ rows: S, shops: [Shop], into b: inout ChangeBuilder)
    where S.Element == (ItemID, [String]) {
        for (id, names) in rows where !names.isEmpty {
            b.cs.onlyAt[id] = marks(named: names, shops: shops, ids: &b.ids, into: &b.cs)
        }
    }

    /// The stores called `names` (case and accents aside), made at the end of `shops` (and of those
    /// `cs` makes already) where no store has the name: for an import, and for a sync that brings
    /// an item sold only at a store this device does not know yet.
    package static func marks(named names: [String], shops: [Shop], ids: inout IDSource, into cs: inout ChangeSet)
        -> Set<ShopID>
    {
        let all = shops + cs.shops.values.compactMap { $0 }
        var byKey: [String: ShopID] = [:]
        for s in all where !s.deleted {
            byKey[ShoppingModel.matchKey(s.name)] = byKey[ShoppingModel.matchKey(s.name)] ?? s.id
        }
        var position = all.map(\.position).max() ?? 0
        var marks = Set<ShopID>()
        for name in names {
            let key = ShoppingModel.matchKey(name)
            if let known = byKey[key] { marks.insert(known); continue }
            let made = ids.newShopID()
            position += Ordering.gap
            cs.shops[made] = Shop(id: made, name: name, position: position)
            byKey[key] = made
            marks.insert(made)
        }
        return marks
    }
}
