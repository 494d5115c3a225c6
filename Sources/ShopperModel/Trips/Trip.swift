import Foundation

/// Stable identity of a trip.
public struct TripID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let raw: Int64
    public init(_ raw: Int64) { self.raw = raw }
    public static func < (a: TripID, b: TripID) -> Bool { a.raw < b.raw }
    public var description: String { "trip #\(raw)" }
}

/// One thing bought on a trip, as it was bought: renaming or deleting the item later changes
/// nothing here.
public struct TripLine: Equatable, Sendable {
    /// The item it was, while that item exists (nil: not known).
    public var item: ItemID?
    public var description: String
    public var quantity: Decimal
    public var unit: String?
    /// The price paid per unit (nil: bought without a price).
    public var unitCost: Decimal?
    /// What the line cost.
    public var cost: Decimal
    public var aisle: String?

    public init(item: ItemID?, description: String, quantity: Decimal, unit: String?, unitCost: Decimal?, cost: Decimal, aisle: String?) {
        self.item = item
        self.description = description
        self.quantity = quantity
        self.unit = unit
        self.unitCost = unitCost
        self.cost = cost
        self.aisle = aisle
    }

    /// The line of a cart item as finishing the trip records it.
    /// What was bought of the item: the amount the list asked to buy (`Buyable`), not the exact need.
    init(_ item: Item) {
        self.init(item: item.id, description: item.description, quantity: item.buyable, unit: item.unit,
                  unitCost: item.unitPrice, cost: item.lineTotal, aisle: item.aisle)
    }
}

/// A finished trip: when, where, what was bought and what it came to. Trips stay on this device.
public struct Trip: Equatable, Sendable, Identifiable {
    public let id: TripID
    public var list: ListID
    public var shop: ShopID
    /// The store's name when the trip was made ("" at Any Store): a store renamed or deleted since
    /// does not change where a trip was made.
    public var shopName: String
    public var date: Date
    public var lines: [TripLine]

    public init(id: TripID, list: ListID, shop: ShopID, shopName: String, date: Date, lines: [TripLine]) {
        self.id = id
        self.list = list
        self.shop = shop
        self.shopName = shopName
        self.date = date
        self.lines = lines
    }

    /// The exact sum of the lines.
    public var total: Decimal { lines.reduce(CostSum.zero) { $0 + CostSum($1.cost) }.decimal }

    public var summary: TripSummary {
        TripSummary(id: id, list: list, shopName: shopName, date: date, total: total, lineCount: lines.count)
    }
}

/// What the Trips page lists of a trip, read without its lines.
public struct TripSummary: Equatable, Sendable, Identifiable {
    public let id: TripID
    public var list: ListID
    public var shopName: String
    public var date: Date
    public var total: Decimal
    public var lineCount: Int

    public init(id: TripID, list: ListID, shopName: String, date: Date, total: Decimal, lineCount: Int) {
        self.id = id
        self.list = list
        self.shopName = shopName
        self.date = date
        self.total = total
        self.lineCount = lineCount
    }
}
