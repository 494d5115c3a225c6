import ShopperModel

/// What the shops need of the window: the money and preferences the other shops' bar is said
/// in, the list pages (the bar is under the Shopping List; a new shop re-sorts every list), the
/// title (the shop's name while its button is an icon) and the totals.
@MainActor
protocol ShopsHost: WindowServices {
    var money: MoneyFormat { get }
    var preferences: Preferences { get }
    /// The list's page, built if it was not.
    func page(_ kind: ListKind) -> ListPage
    /// The list's page if it is built.
    func builtPage(_ kind: ListKind) -> ListPage?
    /// Every list sorted again by `change` (a shop chosen), the list shown first; `fromTop`: a new
    /// order, shown from its top.
    func reorderPages(fromTop: Bool, by change: () throws -> Void) throws
    /// The shop's name under the title ("" for none).
    func showInTitle(shop: String)
    func updateTotals()
}

/// The shop the list is shopped at: chosen from the header (`ShopPicker`), managed in the Shops
/// window (`ShopsWindow`, one at a time); the Shopping List leaves out what is sold only at other
/// shops, with a bar under it that shows them.
@MainActor
final class ShopsController {
    private unowned let host: any ShopsHost
    /// The header's button and the other shops' bar.
    let picker = ShopPicker()
    private(set) var shopsWindow: ShopsWindow?

    init(host: any ShopsHost) {
        self.host = host
        picker.otherShopsButton.onClicked { [weak self] in self?.toggleOtherShops() }
    }

    /// The button for the header.
    var headerButton: Widget { picker.button.widget }

    /// The bar that says how many items other shops sell, under the Shopping List just built.
    func placeBar(under page: ListPage) {
        picker.otherShopsBar = page.addFooter(picker.otherShopsButton.widget)
        update(menu: false)
    }

    /// The header's shop and its menu (rebuilt only when the shops changed: `menu`), the choice's
    /// mark, and the count of items for other shops.
    func update(menu: Bool) {
        let model = host.model
        if menu {
            let name = picker.update(model, windowWidth: host.window.defaultWidth)
            // Under the title only while the button is an icon: beside a button that says it, the
            // header said "Any Store" twice.
            host.showInTitle(shop: picker.compact == true ? name : "")
            if !name.isEmpty { markChoice() }
        }
        guard let page = host.builtPage(.shopping) else { return }
        picker.updateOtherShops(model, page: page, money: host.money, showCost: host.preferences.display.showCost)
    }

    /// A resize: the header's shop changes only when the window crosses the narrow width.
    func widthChanged() {
        guard picker.crossesCompact(host.window.defaultWidth) else { return }
        update(menu: true)
    }

    /// Choose Shop (`AppAction.chooseShop`, its target the shop's id).
    func choose(_ argument: String?) {
        guard let raw = argument.flatMap(Int64.init) else { return }
        let shop = ShopID(raw)
        let model = host.model
        host.attempt {
            try host.reorderPages(fromTop: shop != model.shops.currentShop) { try model.shops.shop(at: shop) }
        }
        // The mark follows the model, also when the choice could not be kept.
        markChoice()
    }

    private func markChoice() {
        ActionMap(host.window).setState(AppAction.chooseShop.rawValue, "\(host.model.shops.currentShop.raw)")
    }

    private func toggleOtherShops() {
        let page = host.page(.shopping)
        page.projection.showsOtherShops.toggle()
        update(menu: false)
        host.updateTotals()
    }

    /// Shops…: the Shops window, brought to the front when open.
    func manage() {
        if let open = shopsWindow {
            open.window.present()
            return
        }
        let shops = ShopsWindow(parent: host.window, model: host.model)
        shops.onError = { [weak self] error in self?.host.report(error) }
        shops.onClosed = { [weak self] in self?.shopsWindow = nil }
        shopsWindow = shops
        shops.window.present()
    }
}
