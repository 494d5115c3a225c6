import Foundation

/// Stable identity of an item; survives edits, moves, undo and restarts.
package struct ItemID: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let raw: Int64
    package init(_ raw: Int64) { self.raw = raw }
    package static func < (a: ItemID, b: ItemID) -> Bool { a.raw < b.raw }
    package var description: String { "#\(raw)" }
}

/// One thing the user buys. Plain value: the model knows nothing about how it is shown.
package struct Item: Equatable, Sendable {
    // Stored in an order that packs (the flags last) and with optionals of fixed-point values and
    // dates kept as a value that cannot occur: 144 bytes an item instead of 168 (items are kept
    // whole only for the rows shown, see `ItemContent`, and in imports and exports).
    package let id: ItemID
    package var description: String
    /// Always above zero; see `ItemDraft` for the bounds. Kept in fixed point (`quantity` is the
    /// same as a Decimal, for the edges).
    var quantityAmount: Amount
    package var unit: String?
    package var aisle: String?
    package var notes: String
    /// Sparse ordering key: a move rewrites only the moved item.
    package var position: Int64
    var createdAt: Date
    package var updatedAt: Date
    private var storedPrice: Int64
    private var storedLastPrice: Int64
    private var storedLastPriceDate: Date
    /// The list it is on; a move to another list changes only this (the id stays).
    package var list: ListID
    package var priceBasis: PriceBasis
    /// On the shopping list.
    package var needed: Bool
    /// Ticked off on this trip.
    package var inCart: Bool

    /// The price as the user gave it, in their currency; nil when unknown. What it is the price of
    /// is `priceBasis`: one unit ("1.29 per kg") or the whole line ("5.49 for 500 g").
    var priceAmount: Amount? {
        get { storedPrice == Self.noAmount ? nil : Amount(units: storedPrice) }
        set { storedPrice = newValue?.units ?? Self.noAmount }
    }
    var lastPriceAmount: Amount? {
        get { storedLastPrice == Self.noAmount ? nil : Amount(units: storedLastPrice) }
        set { storedLastPrice = newValue?.units ?? Self.noAmount }
    }
    var lastPriceDate: Date? {
        get { storedLastPriceDate == Self.noDate ? nil : storedLastPriceDate }
        set { storedLastPriceDate = newValue ?? Self.noDate }
    }
    /// No amount is this far below zero (prices are bounded, see `ItemDraft`), and no date is
    /// minus infinity (which, unlike NaN, equals itself, so equal items compare equal).
    private static let noAmount = Int64.min
    private static let noDate = Date(timeIntervalSinceReferenceDate: -.infinity)

    package var quantity: Decimal {
        get { quantityAmount.decimal }
        set { quantityAmount = Amount(newValue) }
    }
    package var price: Decimal? {
        get { priceAmount?.decimal }
        set { priceAmount = newValue.map(Amount.init) }
    }
    var lastPrice: Decimal? {
        get { lastPriceAmount?.decimal }
        set { lastPriceAmount = newValue.map(Amount.init) }
    }

    package init(
        id: ItemID, description: String, quantity: Decimal = 1, unit: String? = nil,
        price: Decimal? = nil, priceBasis: PriceBasis = .perUnit, aisle: String? = nil, notes: String = "",
        needed: Bool = false, inCart: Bool = false, position: Int64 = 0,
        createdAt: Date = Date(), updatedAt: Date? = nil,
        lastPrice: Decimal? = nil, lastPriceDate: Date? = nil, list: ListID = .first
    ) {
        self.init(id: id, description: description, quantityAmount: Amount(quantity), unit: unit,
                  priceAmount: price.map(Amount.init), priceBasis: priceBasis, aisle: aisle, notes: notes,
                  needed: needed, inCart: inCart, position: position, createdAt: createdAt, updatedAt: updatedAt,
                  lastPriceAmount: lastPrice.map(Amount.init), lastPriceDate: lastPriceDate, list: list)
    }

    /// With amounts already in fixed point (the store): no Decimal on the way.
    init(
        id: ItemID, description: String, quantityAmount: Amount, unit: String?,
        priceAmount: Amount?, priceBasis: PriceBasis, aisle: String?, notes: String,
        needed: Bool, inCart: Bool, position: Int64, createdAt: Date, updatedAt: Date?,
        lastPriceAmount: Amount?, lastPriceDate: Date?, list: ListID = .first
    ) {
        self.id = id
        self.description = description
        self.quantityAmount = quantityAmount
        self.unit = unit
        storedPrice = priceAmount?.units ?? Self.noAmount
        self.priceBasis = priceBasis
        self.aisle = aisle
        self.notes = notes
        self.needed = needed
        self.inCart = inCart
        self.position = position
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        storedLastPrice = lastPriceAmount?.units ?? Self.noAmount
        storedLastPriceDate = lastPriceDate ?? Self.noDate
        self.list = list
    }

    /// What the line costs, exact: quantity x price, or the price itself when it is for all;
    /// zero when the price is unknown. Totals sum `lineCost`, in fixed point.
    var lineTotal: Decimal { lineCost.decimal }
    /// Of what is bought (`Buyable`): eleven eggs cost eleven, though the recipes need 10.5.
    var lineCost: CostSum { CostSum.line(quantity: quantityAmount, unit: unit, price: priceAmount, basis: priceBasis) }

    /// What the list asks to buy of the exact need `quantity`: the row, the export and the
    /// shared task show this; the item keeps the need.
    var buyableAmount: Amount { Buyable.amount(quantityAmount, unit: unit) }
    var buyable: Decimal { buyableAmount.decimal }

    /// What one unit cost, for the price history: a price for all divided by the quantity bought
    /// (`Buyable`), to four decimals.
    var unitPrice: Decimal? { PriceBasis.unitPrice(price, priceBasis, buyable) }

    /// The editable fields, as the editor and the importers see them.
    package var fields: ItemFields {
        ItemFields(description: description, quantity: quantity, unit: unit,
                   price: price, priceBasis: priceBasis, aisle: aisle, notes: notes)
    }

    package mutating func apply(_ f: ItemFields) {
        description = f.description
        quantity = f.quantity
        unit = f.unit
        price = f.price
        priceBasis = f.priceBasis
        aisle = f.aisle
        notes = f.notes
    }
}

/// The validated, user-editable part of an item.
package struct ItemFields: Equatable, Sendable {
    package var description: String
    package var quantity: Decimal
    package var unit: String?
    package var price: Decimal?
    package var priceBasis: PriceBasis
    package var aisle: String?
    package var notes: String

    package init(description: String, quantity: Decimal = 1, unit: String? = nil,
                price: Decimal? = nil, priceBasis: PriceBasis = .perUnit, aisle: String? = nil, notes: String = "") {
        self.description = description
        self.quantity = quantity
        self.unit = unit
        self.price = price
        self.priceBasis = priceBasis
        self.aisle = aisle
        self.notes = notes
    }

    var lineTotal: Decimal { PriceBasis.lineTotal(price, priceBasis, quantity) }
}

/// What a price is the price of. A price per unit is what shelves and receipts say for things sold
/// by weight; a price for all is what a pack of 500 g costs.
package enum PriceBasis: String, CaseIterable, Sendable {
    case perUnit = "unit"
    case forAll = "all"

    /// What one unit cost, as the price history keeps it: a price for all divided by the quantity,
    /// to four decimals.
    package static func unitPrice(_ price: Decimal?, _ basis: PriceBasis, _ quantity: Decimal) -> Decimal? {
        guard let price else { return nil }
        guard basis == .forAll, quantity != 0 else { return price }
        var exact = price / quantity, rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 4, .plain)
        return rounded
    }

    static func lineTotal(_ price: Decimal?, _ basis: PriceBasis, _ quantity: Decimal) -> Decimal {
        guard let price else { return 0 }
        return basis == .forAll ? price : price * quantity
    }
}

/// A price paid, recorded when shopping is finished.
package struct PriceRecord: Equatable, Sendable {
    let itemID: ItemID
    package let unitCost: Decimal
    let quantity: Decimal
    package let date: Date
    /// Where it was paid (Any Store: none chosen, or before stores).
    package let shop: ShopID
    init(itemID: ItemID, unitCost: Decimal, quantity: Decimal, date: Date, shop: ShopID = .any) {
        self.itemID = itemID
        self.unitCost = unitCost
        self.quantity = quantity
        self.date = date
        self.shop = shop
    }
}
