import Foundation

/// Rows from files and pastes into the list. Imports follow the add bar's rule: a row whose
/// description is already known (whatever its case and accents) updates that item instead of adding
/// a second one.
package final class Imports: ModelPart {
    unowned var model: ShoppingModel!

    var items: Items { model.items }

    /// Adds every imported item in one transaction and one undo step; a row read without an aisle
    /// goes where a new item goes (`Aisles.placement`).
    @discardableResult
    package func importItems(_ rows: [ImportedItem], now: Date = Date()) throws(StoreError) -> [ItemID] {
        try core.refreshIfChangedElsewhere()
        return try items.add(batch: model.aisles.aislePlacer().placed(rows), now: now)
    }

    /// `itemsByMatchKey` by each key's hash, for `ImportTally`.
    package func knownHashes() -> [Int: ItemID] {
        var known: [Int: ItemID] = [:]
        known.reserveCapacity(items.table.count)
        model.searches.forEachSearchText { id, _, text in
            let key = String(decoding: SearchTexts.description(in: text), as: UTF8.self).hashValue
            if let other = known[key], other < id { return }
            known[key] = id
        }
        return known
    }

    /// Every known item by its match key (the oldest where two share one): one pass over the
    /// items' search texts, for an import to look each of its rows up in.
    package func itemsByMatchKey() -> [String: ItemID] {
        var known: [String: ItemID] = [:]
        known.reserveCapacity(items.table.count)
        model.searches.forEachSearchText { id, _, text in
            let key = String(decoding: SearchTexts.description(in: text), as: UTF8.self)
            if let other = known[key], other < id { return }
            known[key] = id
        }
        return known
    }

    /// For each row, the known item it will update; nil for a new item.
    package func knownItems(for rows: [ImportedItem], in known: [String: ItemID]) -> [ItemID?] {
        rows.map { known[ShoppingModel.matchKey($0.fields.description)] }
    }

    /// Imports rows in one transaction and one undo step: a row naming a known item
    /// (`knownItems`) updates it, the others are added, a description twice in the rows is one
    /// item with the later row winning. An update takes the row's quantity, unit, price and
    /// state (needed, in the cart), its aisle and notes where it has them, and keeps the item's
    /// description, place and price history.
    @discardableResult
    package func importItems(_ rows: [ImportedItem], known: [ItemID?], now: Date = Date()) throws(StoreError)
        -> [ItemID]
    {
        _ = try core.refreshIfChangedElsewhere()
        let now = StoreTime.rounded(now)
        // New rows named twice: the first one's place, the later one's fields.
        var firstNew: [String: Int] = [:]
        var plan: [(existing: ItemID?, row: ImportedItem)] = []
        var slot: [Int] = []
        for (row, existing) in zip(rows, known) {
            if existing == nil {
                let key = ShoppingModel.matchKey(row.fields.description)
                if let i = firstNew[key] {
                    plan[i].row = Self.merged(row, over: plan[i].row)
                    slot.append(i)
                    continue
                }
                firstNew[key] = plan.count
            }
            slot.append(plan.count)
            plan.append((existing, row))
        }
        // New rows without an aisle go where a new item goes.
        let placer = model.aisles.aislePlacer()
        for i in plan.indices where plan[i].existing == nil { plan[i].row = placer.placed([plan[i].row])[0] }
        var ids: [ItemID] = []
        try core.commit(ModelCore.importing(rows.count)) { (b: inout ChangeBuilder) throws(StoreError) in
            ids = []
            var position = items.lastPosition
            for (existing, row) in plan {
                // As read inside the write: what another process changed since stays unless the row
                // says otherwise. A known item deleted meanwhile comes back as a new one.
                let known: Item? =
                    if let id = existing {
                        if let written = b.cs.items[id] { written } else { try items.readItem(id) }
                    } else { nil }
                if let id = existing, var item = known {
                    item.needed = row.needed || row.inCart
                    item.inCart = row.inCart
                    item.updatedAt = now
                    b.cs.items[id] = b.applying(
                        Self.merged(row, over: ImportedItem(fields: item.fields)).fields, to: item)
                    ids.append(id)
                } else {
                    ids += Items.addItems([row], after: position, now: now, to: &b)
                    position += Ordering.gap
                }
            }
            Shops.mark(zip(ids, plan.map(\.row.stores)), shops: model.shops.all, into: &b)
        }
        return slot.map { ids[$0] }
    }

    /// What each row makes of the known item it updates (nil for a new item), by the rule its import
    /// applies: a typed line (`typed`, a text file's or a paste's, one per row) writes only what it
    /// gives, as in the add bar; a CSV row its quantity, unit, price and state. A preview shows
    /// these, so that it says exactly what the import will do.
    package func importResults(_ rows: [ImportedItem], known: [ItemID?], typed: [PlainTextFormat.TypedLine]?)
        -> [ItemFields?]
    {
        var written: [ItemID: ItemFields] = [:]
        return rows.indices.map { i in
            guard let id = known[i], let base = written[id] ?? items.item(id)?.fields else { return nil }
            let fields = if let typed, i < typed.count { Items.written(typed[i], over: base) }
                         else { Self.merged(rows[i], over: ImportedItem(fields: base)).fields }
            written[id] = fields
            return fields
        }
    }

    /// `row` written over `base`: its quantity, unit, price and state; its aisle and notes only
    /// where it has them; the description stays the base's.
    static func merged(_ row: ImportedItem, over base: ImportedItem) -> ImportedItem {
        var fields = base.fields
        fields.quantity = row.fields.quantity
        fields.unit = row.fields.unit
        fields.price = row.fields.price
        fields.priceBasis = row.fields.priceBasis
        if row.fields.aisle != nil { fields.aisle = row.fields.aisle }
        if !row.fields.notes.isEmpty { fields.notes = row.fields.notes }
        return ImportedItem(
            fields: fields, needed: row.needed, inCart: row.inCart,
            stores: row.stores.isEmpty ? base.stores : row.stores)
    }
}
