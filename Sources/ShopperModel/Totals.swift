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

    public mutating func add(_ item: Item) { add(lineTotal: item.lineTotal) }
    public mutating func remove(_ item: Item) { remove(lineTotal: item.lineTotal) }

    /// With the line total already computed: exact Decimal products are not cheap.
    mutating func add(lineTotal: Decimal) {
        count += 1
        cost += lineTotal
    }

    mutating func remove(lineTotal: Decimal) {
        count -= 1
        cost -= lineTotal
    }
}

/// The figures the header shows for the whole trip.
public struct TripTotals: Equatable, Sendable {
    /// Needed and not yet in the cart.
    public var leftToBuy = Totals()
    public var inCart = Totals()
    public var all = Totals()

    mutating func add(_ item: Item) {
        let line = item.lineTotal
        all.add(lineTotal: line)
        if ListKind.shopping.contains(item) { leftToBuy.add(lineTotal: line) }
        if ListKind.cart.contains(item) { inCart.add(lineTotal: line) }
    }

    mutating func remove(_ item: Item) {
        let line = item.lineTotal
        all.remove(lineTotal: line)
        if ListKind.shopping.contains(item) { leftToBuy.remove(lineTotal: line) }
        if ListKind.cart.contains(item) { inCart.remove(lineTotal: line) }
    }
}
