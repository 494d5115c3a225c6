import Foundation

/// What is done to items: add, update, delete, tick, pick, move, finish shopping; each one
/// step of the undo history.
extension Items {
    /// A new item starts as needed, so it is on the shopping list at once.
    @discardableResult
    package func add(_ fields: ItemFields, needed: Bool = true, now: Date = Date()) throws(StoreError) -> ItemID {
        try add(batch: [ImportedItem(fields: fields, needed: needed, inCart: false)], now: now,
                actionName: L("adding “{item}”", ["item": fields.description]))[0]
    }

    /// All or nothing: one transaction and one undo step for the whole batch (import).
    @discardableResult
    package func add(batch: [ImportedItem], now: Date = Date(),
                    actionName: String? = nil) throws(StoreError) -> [ItemID] {
        let now = StoreTime.rounded(now)
        var ids: [ItemID] = []
        try core.commit(actionName ?? ModelCore.importing(batch.count)) { b in
            ids = Self.addItems(batch, after: lastPosition, now: now, to: &b)
            Shops.mark(zip(ids, batch.map(\.stores)), shops: model.shops.all, into: &b)
        }
        return ids
    }

    /// New items for `batch`, placed after `position`, into the change being built.
    static func addItems(
        _ batch: some Collection<ImportedItem>, after position: Int64, now: Date, to b: inout ChangeBuilder
    ) -> [ItemID] {
        var ids: [ItemID] = []
        ids.reserveCapacity(batch.count)
        var position = position
        for row in batch {
            let id = b.ids.newItemID()
            position += ShoppingModel.positionGap
            let item = Item(id: id, description: "", needed: row.needed || row.inCart, inCart: row.inCart,
                            position: position, createdAt: now, list: b.cs.list)
            b.cs.items[id] = b.applying(row.fields, to: item)
            ids.append(id)
        }
        return ids
    }

    /// One step for lines typed or pasted: known items (`existing`) take their new fields and go back
    /// on the shopping list, the others are added. Returns each line's item.
    func addOrUpdate(_ plan: [Planned], name: String, now: Date = Date()) throws(StoreError) -> [ItemID] {
        let now = StoreTime.rounded(now)
        var ids: [ItemID] = []
        try core.commit(name) { (b: inout ChangeBuilder) throws(StoreError) in
            ids = []
            var position = lastPosition
            for planned in plan {
                var known: Item?
                if let id = planned.existing {
                    known = if let written = b.cs.items[id] { written } else { try readItem(id) }
                }
                if let id = planned.existing, var item = known {
                    item.needed = true
                    item.updatedAt = now
                    // The lines written over the item as read inside the write: what another
                    // process changed since the plan (its notes, say) stays.
                    let written = b.applying(planned.lines.reduce(item.fields) { Self.written($1, over: $0) }, to: item)
                    b.teach(written, movedFrom: item)
                    b.cs.items[id] = written
                    ids.append(id)
                } else {
                    ids += Self.addItems(
                        [ImportedItem(fields: planned.fields, needed: true, inCart: false)], after: position, now: now,
                        to: &b)
                    position += ShoppingModel.positionGap
                }
            }
        }
        return ids
    }

    package func update(_ id: ItemID, _ fields: ItemFields, now: Date = Date()) throws(StoreError) {
        try update(id, fields, needed: false, name: L("editing “{item}”", ["item": named(id)]), now: now)
    }

    /// An edit that, with `needed`, also puts the item on the shopping list: one undo step.
    func update(_ id: ItemID, _ fields: ItemFields, needed: Bool, name: String, now: Date = Date()) throws(StoreError) {
        try core.commit(name) { (b: inout ChangeBuilder) throws(StoreError) in
            guard var item = try readItem(id) else { return }
            if needed { item.needed = true }
            item.updatedAt = StoreTime.rounded(now)
            let edited = b.applying(fields, to: item)
            b.teach(edited, movedFrom: item)
            b.cs.items[id] = edited
        }
    }

    package func delete(_ ids: [ItemID]) throws(StoreError) {
        let history = try core.store.tripTables.history(of: ids)
        try core.commit(
            ids.count == 1
                ? L("deleting “{item}”", ["item": named(ids[0])])
                : N("deleting {n} item", "deleting {n} items", ids.count)
        ) { b in
            for id in ids where table[id] != nil { b.cs.items[id] = .some(nil) }
            // History goes with the item; undo brings it back.
            b.cs.history.removed = history.filter { b.cs.items[$0.itemID] != nil }
        }
    }

    package func setNeeded(_ id: ItemID, _ needed: Bool) throws(StoreError) {
        // An item no longer needed cannot stay in the cart.
        try change(id, needed ? L("putting “{item}” on the shopping list", ["item": named(id)])
                : L("taking “{item}” off the shopping list", ["item": named(id)])
        ) {
            $0.needed = needed; if !needed { $0.inCart = false }
        }
    }

    package func toggleNeeded(_ id: ItemID) throws(StoreError) {
        try core.refreshIfChangedElsewhere()
        guard let entry = table[id] else { return }
        try setNeeded(id, !entry.needed)
    }

    /// Ticked off in the store: moves from the shopping list to the cart.
    package func tick(_ id: ItemID) throws(StoreError) {
        try change(id, L("putting “{item}” in the cart", ["item": named(id)])) { $0.needed = true; $0.inCart = true }
    }

    /// Back from the cart to the shopping list.
    package func untick(_ id: ItemID) throws(StoreError) {
        try change(id, L("putting “{item}” back on the shopping list", ["item": named(id)])) { $0.inCart = false }
    }

    /// Records the trip (where, when, each item as bought and what it cost) and what each cart item
    /// cost, clears needed and in-cart; the items stay in All Items. `paid` corrects prices first
    /// (on each item's own basis), and they stay as its price. Returns the trip recorded.
    @discardableResult
    package func finishShopping(paid: [ItemID: Decimal] = [:], date: Date = Date()) throws(StoreError) -> TripID? {
        let date = StoreTime.rounded(date)
        let shop = model.shops.currentShop
        var recorded: TripID?
        try core.commit(L("finishing shopping")) { (b: inout ChangeBuilder) throws(StoreError) in
            var lines: [TripLine] = []
            for var item in try cartItems() where item.inCart {
                if let corrected = paid[item.id] { item.price = corrected }
                lines.append(TripLine(item))
                if let cost = item.unitPrice {
                    b.cs.history.added.append(
                        PriceRecord(itemID: item.id, unitCost: cost, quantity: item.quantity, date: date, shop: shop))
                    item.lastPrice = cost
                    item.lastPriceDate = date
                }
                item.needed = false
                item.inCart = false
                item.updatedAt = date
                b.cs.items[item.id] = item
            }
            guard !lines.isEmpty else { return }
            let id = b.ids.newTripID()
            b.cs.trips[id] = Trip(
                id: id, list: core.list, shop: shop, shopName: model.shops.all.first { $0.id == shop }?.name ?? "",
                date: date, lines: lines)
            recorded = id
        }
        return recorded
    }

    enum AisleChange: Equatable { case keep, set(String?) }

    /// Places `id` between two neighbours as shown in a list (nil: the list's start or end) and,
    /// when dropped into another aisle's section, into that aisle. Writes only the moved item, except
    /// in the rare case that the neighbours' positions leave no room, when positions are renumbered.
    func move(_ id: ItemID, after prev: ItemID?, before next: ItemID?, aisle: AisleChange = .keep) throws(StoreError) {
        try core.commit(L("moving “{item}”", ["item": named(id)])) { (b: inout ChangeBuilder) throws(StoreError) in
            guard var item = try readItem(id) else { return }
            let lo = prev.flatMap { table[$0]?.position }
            let hi = next.flatMap { table[$0]?.position }
            if let p = Ordering.position(between: lo, and: hi) {
                item.position = p
            } else {
                b.cs = try renumbered()
                let lo2 = prev.flatMap { b.cs.items[$0]??.position }
                let hi2 = next.flatMap { b.cs.items[$0]??.position }
                item.position = Ordering.position(between: lo2, and: hi2) ?? item.position
            }
            if case .set(let a) = aisle {
                var f = item.fields
                f.aisle = a
                let before = item
                item = b.applying(f, to: item)
                b.teach(item, movedFrom: before)
            }
            b.cs.items[id] = item
        }
    }

    func change(_ id: ItemID, _ name: String, _ edit: @escaping (inout Item) -> Void) throws(StoreError) {
        try core.commit(name) { (b: inout ChangeBuilder) throws(StoreError) in
            guard var item = try readItem(id) else { return }
            let before = item
            edit(&item)
            guard item != before else { return }
            item.updatedAt = StoreTime.rounded(Date())
            b.cs.items[id] = item
        }
    }

    /// The editor's Save: the fields and the stores the item is sold at, as one step.
    package func update(_ id: ItemID, _ fields: ItemFields, onlyAt marks: Set<ShopID>, now: Date = Date())
        throws(StoreError)
    {
        let marks = marks.filter { $0 != .any }
        try core.commit(L("editing “{item}”", ["item": named(id)])) { (b: inout ChangeBuilder) throws(StoreError) in
            guard var item = try readItem(id) else { return }
            if marks != model.shops.onlyAt[id] { b.cs.onlyAt[id] = marks }
            if item.fields != fields || b.cs.onlyAt[id] != nil {
                item.updatedAt = StoreTime.rounded(now)
                let edited = b.applying(fields, to: item)
                b.teach(edited, movedFrom: item)
                b.cs.items[id] = edited
            }
        }
    }
}
