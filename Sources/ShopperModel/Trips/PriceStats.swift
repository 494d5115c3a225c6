import Foundation

/// What an item's price history says: the last price paid, the lowest, the average, and the last at
/// each store; and how a new price compares with the last one paid at a store.
package struct PriceStats: Equatable, Sendable {
    /// Oldest first.
    package let records: [PriceRecord]

    init(_ records: [PriceRecord]) {
        self.records = records.sorted { $0.date < $1.date }
    }

    package var isEmpty: Bool { records.isEmpty }
    package var last: PriceRecord? { records.last }
    package var lowest: Decimal? { records.map(\.unitCost).min() }

    /// The mean of the prices paid, to the cent's hundredth (exact inputs, one rounding).
    package var average: Decimal? {
        guard !records.isEmpty else { return nil }
        var sum = records.reduce(Decimal(0)) { $0 + $1.unitCost } / Decimal(records.count)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &sum, 4, .plain)
        return rounded
    }

    /// The last price paid at `shop`; at Any Store, the last paid anywhere.
    package func last(at shop: ShopID) -> PriceRecord? {
        shop == .any ? last : records.last { $0.shop == shop }
    }

    /// Each store's last price, stores in the order first shopped at.
    package var lastByShop: [(shop: ShopID, record: PriceRecord)] {
        var order: [ShopID] = [], last: [ShopID: PriceRecord] = [:]
        for r in records {
            if last[r.shop] == nil { order.append(r.shop) }
            last[r.shop] = r
        }
        return order.map { ($0, last[$0]!) }
    }

    /// How much dearer `price` is than `before`, in whole percent (rounded half up); nil when it is
    /// not dearer or there is nothing to compare with.
    package static func rise(from before: Decimal?, to price: Decimal?) -> Int? {
        guard let before, let price, before > 0, price > before else { return nil }
        var percent = (price - before) * 100 / before
        var rounded = Decimal()
        NSDecimalRound(&rounded, &percent, 0, .plain)
        let n = NSDecimalNumber(decimal: rounded).intValue
        return n > 0 ? n : nil
    }
}
