import Foundation

/// Stable identity of an item; survives edits, moves, undo and restarts.
public struct ItemID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let raw: Int64
    public init(_ raw: Int64) { self.raw = raw }
    public static func < (a: ItemID, b: ItemID) -> Bool { a.raw < b.raw }
    public var description: String { "#\(raw)" }
}

/// One thing the user buys. Plain value: the model knows nothing about how it is shown.
public struct Item: Equatable, Sendable {
    public let id: ItemID
    public var description: String
    /// Always above zero; see `ItemDraft` for the bounds.
    public var quantity: Decimal
    public var unit: String?
    /// Price of one unit in the user's currency; nil when unknown.
    public var unitCost: Decimal?
    public var aisle: String?
    public var notes: String
    /// On the shopping list.
    public var needed: Bool
    /// Ticked off on this trip.
    public var inCart: Bool
    /// Sparse ordering key: a move rewrites only the moved item.
    public var position: Int64
    public var createdAt: Date
    public var updatedAt: Date
    public var lastPrice: Decimal?
    public var lastPriceDate: Date?

    public init(
        id: ItemID, description: String, quantity: Decimal = 1, unit: String? = nil,
        unitCost: Decimal? = nil, aisle: String? = nil, notes: String = "",
        needed: Bool = false, inCart: Bool = false, position: Int64 = 0,
        createdAt: Date = Date(), updatedAt: Date? = nil,
        lastPrice: Decimal? = nil, lastPriceDate: Date? = nil
    ) {
        self.id = id
        self.description = description
        self.quantity = quantity
        self.unit = unit
        self.unitCost = unitCost
        self.aisle = aisle
        self.notes = notes
        self.needed = needed
        self.inCart = inCart
        self.position = position
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.lastPrice = lastPrice
        self.lastPriceDate = lastPriceDate
    }

    /// Quantity x unit cost, exact; zero when the cost is unknown.
    public var lineTotal: Decimal { (unitCost ?? 0) * quantity }

    /// The editable fields, as the editor and the importers see them.
    public var fields: ItemFields {
        ItemFields(description: description, quantity: quantity, unit: unit,
                   unitCost: unitCost, aisle: aisle, notes: notes)
    }

    mutating func apply(_ f: ItemFields) {
        description = f.description
        quantity = f.quantity
        unit = f.unit
        unitCost = f.unitCost
        aisle = f.aisle
        notes = f.notes
    }
}

/// The validated, user-editable part of an item.
public struct ItemFields: Equatable, Sendable {
    public var description: String
    public var quantity: Decimal
    public var unit: String?
    public var unitCost: Decimal?
    public var aisle: String?
    public var notes: String

    public init(description: String, quantity: Decimal = 1, unit: String? = nil,
                unitCost: Decimal? = nil, aisle: String? = nil, notes: String = "") {
        self.description = description
        self.quantity = quantity
        self.unit = unit
        self.unitCost = unitCost
        self.aisle = aisle
        self.notes = notes
    }
}

/// A price paid, recorded when shopping is finished.
public struct PriceRecord: Equatable, Sendable {
    public let itemID: ItemID
    public let unitCost: Decimal
    public let quantity: Decimal
    public let date: Date
    public init(itemID: ItemID, unitCost: Decimal, quantity: Decimal, date: Date) {
        self.itemID = itemID
        self.unitCost = unitCost
        self.quantity = quantity
        self.date = date
    }
}
