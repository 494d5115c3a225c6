import ShopperModel

/// The gradient strip under the header: the totals of what is shown, the shared list's sync
/// status under them (`SharingController.statusLine`, hidden when not shared, placed once the
/// window's features are made) and the add bar.
@MainActor
final class SummaryStrip {
    let root = Box(.vertical, spacing: 8)
    private let totals = Label()
    let addBar: AddBar
    /// The user's locale and chosen currency; follows the preference live (the add bar too).
    var money: MoneyFormat { didSet { addBar.money = money } }

    /// What the totals are of.
    enum Shown {
        /// The results of every list, standing in for the page: the count is theirs.
        case allListsResults(Int)
        case trips(TripsPage)
        case savedSearches(Int)
        /// A list's page; `hidesOtherShops`: the Shopping List leaves out what other shops sell.
        case list(ListPage, hidesOtherShops: Bool)
    }

    init(addBar: AddBar, money: MoneyFormat) {
        self.addBar = addBar
        self.money = money
        addBar.money = money
        root.widget.css("summary")
        totals.widget.css("totals")
        totals.xalign(0.5)
        // Wraps rather than widening the window: "4 Artikel · 19,20 € noch zu kaufen · …" is wider
        // than a phone.
        totals.wrap()
        totals.justify(.center)
        for part in [totals.widget, addBar.root.widget] { root.append(part) }
    }

    /// The sync status, under the totals.
    func place(status: Widget) { root.insert(status, after: totals.widget) }

    /// What the totals line says now.
    var totalsText: String { totals.text }

    /// Says the totals of what is shown, costs in `money` unless `showCost` is off.
    func sayTotals(of shown: Shown, model: ShoppingModel, showCost: Bool) {
        switch shown {
        case .allListsResults(let n): totals.text = N("{n} result in all lists", "{n} results in all lists", n)
        case .trips(let page):
            totals.text = L("{trips} · {amount} spent", ["trips": N("{n} trip", "{n} trips", page.trips.count),
                                                        "amount": money.format(page.spent)])
        case .savedSearches(let n): totals.text = N("{n} saved search", "{n} saved searches", n)
        case .list(let page, let hidesOtherShops):
            totals.text = Self.listTotals(
                page, hidesOtherShops: hidesOtherShops, model: model, money: money, showCost: showCost)
        }
    }

    private static func listTotals(_ page: ListPage, hidesOtherShops: Bool, model: ShoppingModel, money: MoneyFormat,
                                   showCost: Bool) -> String {
        let t = model.items.totals
        let shown = page.projection.itemCount  // the count only: the list's cost is summed when shown
        let what =
            page.projection.query == nil ? N("{n} item", "{n} items", shown) : N("{n} result", "{n} results", shown)
        // At a shop, what is left is what its list shows: items sold only elsewhere are said in
        // the bar under the Shopping List, with their cost, unless it shows them.
        var leftToBuy = t.leftToBuy
        if hidesOtherShops {
            let hidden = model.shops.hiddenForOtherShopsTotals
            leftToBuy.count -= hidden.count
            leftToBuy.sum -= hidden.sum
        }
        // Costs turned off: what is left and in the cart is counted, not priced.
        let (left, cart) = showCost ? (money.format(leftToBuy.sum), money.format(t.inCart.sum))
                                    : ("\(leftToBuy.count)", "\(t.inCart.count)")
        return L("{count} · {left} left to buy · {cart} in cart", ["count": what, "left": left, "cart": cart])
    }
}
