import Foundation

// The user says "store"; the code says "shop", because `Store` is the data file.

/// Stable identity of a shop. `.any` is "Any Store": not a row, it cannot be deleted, and its aisle
/// order is each list's own.
package struct ShopID: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let raw: Int64
    package init(_ raw: Int64) { self.raw = raw }
    package static func < (a: ShopID, b: ShopID) -> Bool { a.raw < b.raw }
    package var description: String { "shop #\(raw)" }
    package static let any = ShopID(0)
}

/// A place the household shops at, with the order its aisles are walked in. Shops are shared by
/// every list (one Aldi, whatever is bought there); each list remembers the shop it is shopped at.
package struct Shop: Equatable, Sendable, Identifiable {
    package let id: ShopID
    package var name: String
    /// Sparse ordering key, as lists have.
    var position: Int64
    /// The aisles in the order this shop is walked. Aisles it never set come after them.
    var aisles: [String]
    /// A deleted shop stays (with its aisles and the items marked "only at" it) until the next
    /// start, so Undo brings it back whole.
    var deleted: Bool

    init(id: ShopID, name: String, position: Int64, aisles: [String] = [], deleted: Bool = false) {
        self.id = id
        self.name = name
        self.position = position
        self.aisles = aisles
        self.deleted = deleted
    }
}

extension AisleOrder {
    /// The order a list's sections follow at a shop: the shop's aisles first, in its order (spelled
    /// as the list spells them), then the list's other aisles in the list's own order.
    static func walking(_ shop: [String], list: AisleOrder) -> AisleOrder {
        var order = AisleOrder()
        for name in shop { order.append(list.canonical(name) ?? name) }
        for name in list.names { order.append(name) }
        return order
    }
}

/// Which items are "only at" some shops: sparse, most items have no such mark.
package struct OnlyAt: Equatable, Sendable {
    package private(set) var shops: [ItemID: Set<ShopID>] = [:]

    package init(_ shops: [ItemID: Set<ShopID>] = [:]) {
        for (id, s) in shops where !s.isEmpty { self.shops[id] = s }
    }

    package subscript(id: ItemID) -> Set<ShopID> {
        get { shops[id] ?? [] }
        set { shops[id] = newValue.isEmpty ? nil : newValue }
    }

    /// The items not sold at `shop`: marked only at shops that exist (a deleted shop's mark no
    /// longer hides anything), none of them `shop`. At Any Store nothing is hidden.
    func hidden(at shop: ShopID, existing: Set<ShopID>) -> Set<ItemID> {
        guard shop != .any else { return [] }
        var hidden = Set<ItemID>()
        for (id, marks) in shops where !marks.contains(shop) && !marks.isDisjoint(with: existing) {
            hidden.insert(id)
        }
        return hidden
    }
}
