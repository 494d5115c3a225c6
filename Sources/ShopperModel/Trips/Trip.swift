import Foundation

/// Stable identity of a trip.
package struct TripID: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let raw: Int64
    package init(_ raw: Int64) { self.raw = raw }
    package static func < (a: TripID, b: TripID) -> Bool { a.raw < b.raw }
    package var description: String { "trip #\(raw)" }
}

/// One thing bought on a trip, as it was bought: renaming or deleting the item later changes
/// nothing here.
package struct TripLine: Equatable, Sendable {
    /// The item it was, while that item exists (nil: not known).
    var item: ItemID?
    package var description: String
    package var quantity: Decimal
    package var unit: String?
    /// The price paid per unit (nil: bought without a price).
    package var unitCost: Decimal?
    /// What the line cost.
    package var cost: Decimal
    var aisle: String?

    package init(
        item: ItemID?, description: String, quantity: Decimal, unit: String?, unitCost: Decimal?, cost: Decimal,
        aisle: String?
    ) {
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
package struct Trip: Equatable, Sendable, Identifiable {
    package let id: TripID
    package var list: ListID
    var shop: ShopID
    /// The store's name when the trip was made ("" at Any Store): a store renamed or deleted since
    /// does not change where a trip was made.
    package var shopName: String
    package var date: Date
    package var lines: [TripLine]

    package init(id: TripID, list: ListID, shop: ShopID, shopName: String, date: Date, lines: [TripLine]) {
        self.id = id
        self.list = list
        self.shop = shop
        self.shopName = shopName
        self.date = date
        self.lines = lines
    }

    /// The exact sum of the lines.
    package var total: Decimal { lines.reduce(CostSum.zero) { $0 + CostSum($1.cost) }.decimal }

    var summary: TripSummary {
        TripSummary(id: id, list: list, shopName: shopName, date: date, total: total, lineCount: lines.count)
    }
}

/// What the Trips page lists of a trip, read without its lines.
package struct TripSummary: Equatable, Sendable, Identifiable {
    package let id: TripID
    package var list: ListID
    package var shopName: String
    package var date: Date
    package var total: Decimal
    package var lineCount: Int

    init(id: TripID, list: ListID, shopName: String, date: Date, total: Decimal, lineCount: Int) {
        self.id = id
        self.list = list
        self.shopName = shopName
        self.date = date
        self.total = total
        self.lineCount = lineCount
    }
}
