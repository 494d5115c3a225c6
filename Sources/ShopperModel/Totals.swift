import Foundation

/// A count and an exact sum of quantity x unit cost. Never floating point.
public struct Totals: Equatable, Sendable {
    public var count: Int = 0
    public var cost: Decimal = 0

    public init(count: Int = 0, cost: Decimal = 0) {
        self.count = count
        self.cost = cost
    }

    public init<S: Sequence>(_ items: S) where S.Element == Item {
        for item in items { add(item) }
    }

    public mutating func add(_ item: Item) {
        count += 1
        cost += item.lineTotal
    }

    public mutating func remove(_ item: Item) {
        count -= 1
        cost -= item.lineTotal
    }
}

/// The figures the header shows for the whole trip.
public struct TripTotals: Equatable, Sendable {
    /// Needed and not yet in the cart.
    public var leftToBuy = Totals()
    public var inCart = Totals()
    public var all = Totals()

    mutating func add(_ item: Item) {
        all.add(item)
        if ListKind.shopping.contains(item) { leftToBuy.add(item) }
        if ListKind.cart.contains(item) { inCart.add(item) }
    }

    mutating func remove(_ item: Item) {
        all.remove(item)
        if ListKind.shopping.contains(item) { leftToBuy.remove(item) }
        if ListKind.cart.contains(item) { inCart.remove(item) }
    }
}
