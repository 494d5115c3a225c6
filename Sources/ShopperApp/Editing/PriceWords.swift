import Foundation
import ShopperModel

/// What the editor, the add bar and the finish dialog say about an item's prices paid, in the
/// user's money and dates.
@MainActor
struct PriceWords {
    let stats: PriceStats
    let shops: [Shop]
    let shop: ShopID
    let money: MoneyFormat

    init(_ model: ShoppingModel, item: ItemID, money: MoneyFormat) {
        stats = model.trips.priceStats(item)
        shops = model.shops.all
        shop = model.shops.currentShop
        self.money = money
    }

    private func name(_ id: ShopID) -> String? { shops.first { $0.id == id }?.name }

    /// The last price paid at the store shopped at (anywhere, at Any Store).
    var lastHere: Decimal? { stats.last(at: shop)?.unitCost }

    /// "Last paid at Aldi: 1.09" (nil: never bought here).
    var suggestion: String? {
        guard let last = lastHere else { return nil }
        let price = money.format(last)
        return name(shop).map { L("Last paid at {store}: {price}", ["store": $0, "price": price]) }
            ?? L("Last paid: {price}", ["price": price])
    }

    /// "↑ 12 % on the last price paid at Aldi (1.00)" when `unitPrice` is dearer.
    func rise(to unitPrice: Decimal?) -> String? {
        guard let last = lastHere, let percent = PriceStats.rise(from: last, to: unitPrice) else { return nil }
        let was = money.format(last), rise = Self.percent(percent)
        return name(shop).map {
            L("↑ {rise} on the last price paid at {store} ({price})", ["rise": rise, "store": $0, "price": was])
        }
            ?? L("↑ {rise} on the last price paid ({price})", ["rise": rise, "price": was])
    }

    /// "↑ 12 %": the same, short, beside a price in the finish dialog.
    func shortRise(to unitPrice: Decimal?) -> String? {
        PriceStats.rise(from: lastHere, to: unitPrice).map { "↑ " + Self.percent($0) }
    }

    /// A whole percentage as the user writes it ("12 %" in German, "12%" in English).
    static func percent(_ n: Int) -> String {
        (Double(n) / 100).formatted(.percent.locale(Locale(identifier: UserLocale.current.numeric ?? "en_US_POSIX")))
    }

    /// The editor's summary: "Last 1.09 (Aldi, 3 Nov) · Lowest 0.99 · Average 1.07", and a line of
    /// each store's last price when there are several.
    var summary: String? {
        guard let last = stats.last, let lowest = stats.lowest, let average = stats.average else { return nil }
        let at = name(last.shop).map { "\($0), " } ?? ""
        var text = L("Last {price} ({where}{date}) · Lowest {lowest} · Average {average}",
                     ["price": money.format(last.unitCost), "where": at, "date": DateText.short(last.date),
                      "lowest": money.format(lowest), "average": money.format(average)])
        let byShop = stats.lastByShop.filter { $0.shop != .any }
        if byShop.count > 1 || (byShop.count == 1 && stats.lastByShop.count > 1) {
            let gone = L("a store no longer kept")
            text +=
                "\n"
                + byShop.map { (name($0.shop) ?? gone) + " " + money.format($0.record.unitCost) }.joined(
                    separator: " · ")
        }
        return text
    }
}
