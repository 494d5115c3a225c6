import Foundation

/// Making, renaming, ordering and deleting shops, setting the order a shop's aisles are walked in,
/// and marking items as sold only at some shops: each one step of the shared undo history, as list
/// operations are. Choosing the shop a list is shopped at is not an edit, and no step.
extension ShoppingModel {
    /// The shop this list is shopped at now; Any Store when none is chosen or the chosen one went.
    public var currentShop: ShopID {
        let chosen = lists.first { $0.id == list }?.shop ?? .any
        return shops.contains { $0.id == chosen } ? chosen : .any
    }

    /// How many items on the shopping list are hidden because they are sold only at other shops.
    public var hiddenForOtherShops: Int { hiddenForOtherShopsTotals.count }

    /// Those items' count and cost: what the figures of this store's list leave out.
    public var hiddenForOtherShopsTotals: Totals {
        var t = Totals()
        for id in hiddenHere {
            guard let entry = items[id], ListKind.shopping.contains(entry) else { continue }
            t.add(line: CostSum(units: Int128(entry.lineCost)))
        }
        return t
    }

    /// A new shop at the end, named as asked (blank: "New Store"). Returns its id.
    @discardableResult
    public func addShop(named name: String) throws(StoreError) -> ShopID {
        let name = Self.newName(name, fallback: L("New Store"))
        var made = ShopID.any
        try commit(L("adding the store “{name}”", ["name": name])) { b in
            made = b.ids.newShopID()
            b.cs.shops[made] = Shop(id: made, name: name, position: (shops.last?.position ?? 0) + Self.positionGap)
        }
        return made
    }

    public func renameShop(_ id: ShopID, to name: String) throws(StoreError) {
        guard let (was, renamed) = Self.renaming(id, in: shops, to: name) else { return }
        try commit(L("renaming the store “{name}”", ["name": was])) { b in b.cs.shops[id] = renamed }
    }

    /// Marks the shop deleted: it and its marks stay until the next start, so Undo brings it back
    /// whole. Lists shopped there are shopped at Any Store meanwhile.
    public func deleteShop(_ id: ShopID) throws(StoreError) {
        guard var shop = shops.first(where: { $0.id == id }) else { return }
        try commit(L("deleting the store “{name}”", ["name": shop.name])) { b in
            shop.deleted = true
            b.cs.shops[id] = shop
        }
    }

    /// Moves a shop to `index` in the order shops are offered in.
    public func moveShop(_ id: ShopID, to index: Int) throws(StoreError) {
        guard let from = shops.firstIndex(where: { $0.id == id }), index != from else { return }
        try commit(L("moving the store “{name}”", ["name": shops[from].name])) { b in
            for s in Self.moved(shops, from: from, to: index, position: \.position) { b.cs.shops[s.id] = s }
        }
    }

    /// The aisles as `shop` is walked: Any Store's order is the list's own.
    public func aisleOrder(at shop: ShopID) -> AisleOrder {
        guard let s = shops.first(where: { $0.id == shop }) else { return aisles }
        return .walking(s.aisles, list: aisles)
    }

    /// Sets the order `shop`'s aisles are walked in. At Any Store, it is the list's own order.
    public func setAisleOrder(_ names: [String], at shop: ShopID) throws(StoreError) {
        guard var s = shops.first(where: { $0.id == shop }) else { return try setAisleOrder(names) }
        let order = AisleOrder(names).names
        guard order != s.aisles else { return }
        try commit(L("reordering the aisles of “{name}”", ["name": s.name])) { b in
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
    public func setOnlyAt(_ id: ItemID, _ marks: Set<ShopID>) throws(StoreError) {
        let marks = marks.filter { $0 != .any }
        guard items[id] != nil, marks != onlyAt[id] else { return }
        try commit(L("choosing the stores for “{item}”", ["item": named(id)])) { (b: inout ChangeBuilder) throws(StoreError) in
            b.cs.onlyAt[id] = marks
            try touch(id, in: &b)
        }
    }

    /// Marks the item as sold only at the stores called `names` (case and accents aside; none:
    /// anywhere), making a store no one has yet, in the same step: a choice of stores that lost to
    /// another device's in a sync, put back.
    public func setOnlyAt(_ id: ItemID, named names: [String]) throws(StoreError) {
        var known: [String: ShopID] = [:]
        for s in shops { known[Self.matchKey(s.name)] = known[Self.matchKey(s.name)] ?? s.id }
        let found = names.compactMap { known[Self.matchKey($0)] }
        if found.count == names.count { return try setOnlyAt(id, Set(found)) }
        guard items[id] != nil else { return }
        try commit(L("choosing the stores for “{item}”", ["item": named(id)])) { (b: inout ChangeBuilder) throws(StoreError) in
            b.cs.onlyAt[id] = Self.marks(named: names, shops: shops, ids: &b.ids, into: &b.cs)
            try touch(id, in: &b)
        }
    }

    /// The item is written too (as it is, edited now): a shared list sends the change of stores.
    private func touch(_ id: ItemID, in b: inout ChangeBuilder) throws(StoreError) {
        if var item = try readItem(id) {
            item.updatedAt = StoreTime.rounded(Date())
            b.cs.items[id] = item
        }
    }

    /// Shops this list at `shop` from now on: its sections follow the shop's aisles, and its
    /// shopping list leaves out what is sold only elsewhere. Remembered in the store, for every
    /// process; not an undo step.
    public func shop(at shop: ShopID) throws(StoreError) {
        guard shop != currentShop, shop == .any || shops.contains(where: { $0.id == shop }) else { return }
        try store.setShop(shop, of: list)
        lists = (try? store.lists()) ?? lists
        notifyShopsChanged()
    }
}

extension ShoppingModel {
    /// What the shops decide for this list, to tell whether a change moved anything.
    struct ShopsState {
        var shops: [Shop]
        var current: ShopID
        var sectionAisles: AisleOrder
        var hidden: Set<ItemID>
    }

    var shopsState: ShopsState {
        ShopsState(shops: shops, current: currentShop, sectionAisles: sectionAisles, hidden: hiddenHere)
    }

    /// Whether the shops changed since `before` in a way views must follow: the shops, the one
    /// shopped at, the items hidden, or the sections' order other than by an aisle added at its end
    /// (a new aisle on an item moves no other item: see `sectionsMove`).
    func shopsMoved(from before: ShopsState) -> Bool {
        before.shops != shops || before.current != currentShop || before.hidden != hiddenHere
            || !sectionAisles.names.starts(with: before.sectionAisles.names)
    }

    /// Memory follows a written change set's shops and marks (shops as stored).
    func applyShopsInMemory(_ cs: ChangeSet) {
        if !cs.shops.isEmpty {
            shops = (try? store.shops()) ?? Self.following(shops, cs.shops)
        }
        if !cs.onlyAt.isEmpty {
            var marks = onlyAt
            for (id, s) in cs.onlyAt { marks[id] = s }
            onlyAt = marks
        }
    }
}

extension ShoppingModel {
    /// The editor's Save: the fields and the stores the item is sold at, as one step.
    public func update(_ id: ItemID, _ fields: ItemFields, onlyAt marks: Set<ShopID>, now: Date = Date()) throws(StoreError) {
        let marks = marks.filter { $0 != .any }
        try commit(L("editing “{item}”", ["item": named(id)])) { (b: inout ChangeBuilder) throws(StoreError) in
            guard var item = try readItem(id) else { return }
            if marks != onlyAt[id] { b.cs.onlyAt[id] = marks }
            if item.fields != fields || b.cs.onlyAt[id] != nil {
                item.updatedAt = StoreTime.rounded(now)
                let edited = b.applying(fields, to: item)
                b.teach(edited, movedFrom: item)
                b.cs.items[id] = edited
            }
        }
    }
}

extension ShoppingModel {
    /// The names of the stores an item is sold only at, in the stores' order (for export).
    public func storeNames(of id: ItemID) -> [String] {
        let marks = onlyAt[id]
        return shops.filter { marks.contains($0.id) }.map(\.name)
    }

    /// Marks imported items as sold only at the stores their rows name, matched by name as items
    /// are (case and accents aside); a store no one has yet is made, once, at the end. A row that
    /// names none leaves its item's marks as they are.
    static func mark<S: Sequence>(_ rows: S, shops: [Shop], into b: inout ChangeBuilder) where S.Element == (ItemID, [String]) {
        for (id, names) in rows where !names.isEmpty {
            b.cs.onlyAt[id] = marks(named: names, shops: shops, ids: &b.ids, into: &b.cs)
        }
    }

    /// The stores called `names` (case and accents aside), made at the end of `shops` (and of those
    /// `cs` makes already) where no store has the name: for an import, and for a sync that brings
    /// an item sold only at a store this device does not know yet.
    public static func marks(named names: [String], shops: [Shop], ids: inout IDSource, into cs: inout ChangeSet) -> Set<ShopID> {
        let all = shops + cs.shops.values.compactMap { $0 }
        var byKey: [String: ShopID] = [:]
        for s in all where !s.deleted { byKey[matchKey(s.name)] = byKey[matchKey(s.name)] ?? s.id }
        var position = all.map(\.position).max() ?? 0
        var marks = Set<ShopID>()
        for name in names {
            let key = matchKey(name)
            if let known = byKey[key] { marks.insert(known); continue }
            let made = ids.newShopID()
            position += positionGap
            cs.shops[made] = Shop(id: made, name: name, position: position)
            byKey[key] = made
            marks.insert(made)
        }
        return marks
    }
}
