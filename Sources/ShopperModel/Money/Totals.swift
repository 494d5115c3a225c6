import Foundation

/// A count and an exact sum of line totals, in fixed point (`CostSum`). Never floating point.
package struct Totals: Equatable, Sendable {
    package var count: Int = 0
    package var sum: CostSum = .zero
    /// The sum as a Decimal, for formatting.
    var cost: Decimal { sum.decimal }

    package init(count: Int = 0, sum: CostSum = .zero) {
        self.count = count
        self.sum = sum
    }

    init(count: Int, cost: Decimal) { self.init(count: count, sum: CostSum(cost)) }

    init<S: Sequence>(_ items: S) where S.Element == Item {
        for item in items { add(item) }
    }

    mutating func add(_ item: Item) { add(line: item.lineCost) }
    mutating func remove(_ item: Item) { remove(line: item.lineCost) }

    mutating func add(line: CostSum) {
        count += 1
        sum += line
    }

    mutating func add(_ other: Totals) {
        count += other.count
        sum += other.sum
    }

    mutating func remove(line: CostSum) {
        count -= 1
        sum -= line
    }
}

/// The figures the header shows for the whole trip.
package struct TripTotals: Equatable, Sendable {
    /// Needed and not yet in the cart.
    package var leftToBuy = Totals()
    package var inCart = Totals()
    var all = Totals()

    mutating func add(_ entry: ItemEntry) {
        let line = CostSum(units: Int128(entry.lineCost))
        all.add(line: line)
        if ListKind.shopping.contains(entry) { leftToBuy.add(line: line) }
        if ListKind.cart.contains(entry) { inCart.add(line: line) }
    }

    /// Adds the figures of other items (another part of a load).
    mutating func add(_ other: TripTotals) {
        leftToBuy.add(other.leftToBuy)
        inCart.add(other.inCart)
        all.add(other.all)
    }

    mutating func remove(_ entry: ItemEntry) {
        let line = CostSum(units: Int128(entry.lineCost))
        all.remove(line: line)
        if ListKind.shopping.contains(entry) { leftToBuy.remove(line: line) }
        if ListKind.cart.contains(entry) { inCart.remove(line: line) }
    }
}
