import Foundation
import ShopperModel

/// Where an item is in a trip, as shared: the three states other devices must agree on.
package enum ShareState: String, Sendable, CaseIterable, Codable {
    case needed = "NEEDED"
    case inCart = "IN-CART"
    case notNeeded = "NOT-NEEDED"

    init(_ item: Item) {
        self = item.inCart ? .inCart : item.needed ? .needed : .notNeeded
    }
}

/// The part of an item that is shared, one value per field the merge compares: the item's own
/// fields (`ItemFields`, read as `shared.description`, `shared.price`, …) and where it is in the trip,
/// its order and its stores. Price and its basis are one field: "5.49 for all" and "1.29 each" are
/// not two edits to be combined.
@dynamicMemberLookup
package struct SharedItem: Equatable, Sendable {
    package var fields: ItemFields
    package var state: ShareState
    /// The sort order; nil when the other app gave none (the item keeps its place).
    package var position: Int64?
    /// The stores the item is sold only at, by name (stores are this device's; names travel),
    /// sorted and without repeats, so two devices compare them as sets.
    package var stores: [String] {
        didSet { if stores != Self.normalized(stores) { stores = Self.normalized(stores) } }
    }

    package subscript<T>(dynamicMember field: WritableKeyPath<ItemFields, T>) -> T {
        get { fields[keyPath: field] }
        set { fields[keyPath: field] = newValue }
    }

    /// Sorted by their folded names, each name once (case and accents aside).
    package static func normalized(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.map { ItemDraft.clean($0) }.filter { !$0.isEmpty }
            .sorted { ShoppingModel.matchKey($0) < ShoppingModel.matchKey($1) }
            .filter { seen.insert(ShoppingModel.matchKey($0)).inserted }
    }

    package init(_ fields: ItemFields, state: ShareState = .needed, position: Int64? = nil, stores: [String] = []) {
        self.fields = fields
        self.state = state
        self.position = position
        self.stores = Self.normalized(stores)
    }

    /// `stores`: the names of the stores the item is sold only at (`Store.shopNames`).
    package init(_ item: Item, stores: [String] = []) {
        self.init(item.fields, state: ShareState(item), position: item.position, stores: stores)
    }

    /// `item` with these values; its id, list, dates and price history stay.
    package func applied(to item: Item, at now: Date) -> Item {
        var i = item
        i.apply(fields)
        i.needed = state != .notNeeded
        i.inCart = state == .inCart
        if let position { i.position = position }
        if i != item { i.updatedAt = now }
        return i
    }
}

/// The fields the merge takes one at a time.
package enum SharedField: String, CaseIterable, Sendable, Codable, MergedField {
    case description, quantity, unit, price, aisle, notes, state, position, stores

    package func same(_ a: SharedItem, _ b: SharedItem) -> Bool {
        switch self {
        case .description: a.description == b.description
        case .quantity: a.quantity == b.quantity
        case .unit: a.unit == b.unit
        case .price: a.price == b.price && (a.price == nil || a.priceBasis == b.priceBasis)
        case .aisle: a.aisle == b.aisle
        case .notes: a.notes == b.notes
        case .state: a.state == b.state
        // No order from the other side is no change of order.
        case .position: a.position == nil || b.position == nil || a.position == b.position
        case .stores: a.stores.map(ShoppingModel.matchKey) == b.stores.map(ShoppingModel.matchKey)
        }
    }

    func take(from source: SharedItem, into target: inout SharedItem) {
        switch self {
        case .description: target.description = source.description
        case .quantity: target.quantity = source.quantity
        case .unit: target.unit = source.unit
        case .price: target.price = source.price; target.priceBasis = source.priceBasis
        case .aisle: target.aisle = source.aisle
        case .notes: target.notes = source.notes
        case .state: target.state = source.state
        case .position: if source.position != nil { target.position = source.position }
        case .stores: target.stores = source.stores
        }
    }

    /// The field's name in a sentence ("“Bread”: the notes “from B” kept…").
    package var title: String {
        switch self {
        case .description: L("the description")
        case .quantity: L("the quantity")
        case .unit: L("the unit")
        case .price: L("the price")
        case .aisle: L("the aisle")
        case .notes: L("the notes")
        case .state: L("the state")
        case .position: L("the place in the list")
        case .stores: L("the stores")
        }
    }

    /// The field's value as a person reads it in a toast ("2", "1.29 for all", "In the cart"); "none"
    /// for an empty one.
    func text(of s: SharedItem) -> String {
        let t = value(of: s)
        return t.isEmpty ? L("none") : t
    }

    private func value(of s: SharedItem) -> String {
        switch self {
        case .description: s.description
        case .quantity: DecimalText.format(s.quantity, .neutral)
        case .unit: s.unit ?? ""
        case .price:
            s.price.map { DecimalText.format($0, .neutral) + (s.priceBasis == .forAll ? " " + L("for all") : "") } ?? ""
        case .aisle: s.aisle ?? ""
        case .notes: s.notes
        case .state: switch s.state {
            case .needed: L("On the list")
            case .inCart: L("In the cart")
            case .notNeeded: L("Not needed")
            }
        case .position: s.position.map(String.init) ?? ""
        // No store chosen is every store.
        case .stores: s.stores.isEmpty ? L("Any Store") : s.stores.joined(separator: ", ")
        }
    }
}
