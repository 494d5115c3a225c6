import Foundation
import ShopperModel

/// The store the list is shopped at: chosen from the header, managed in the Stores window; the
/// Shopping List leaves out what is sold only at other stores, with a button that shows them.
extension MainWindow {
    static let compactHeaderBelow: Int32 = 560
    /// The store button's label at most, in characters (a longer name is ellipsized).
    static let shopLabelChars = 14

    func wireShops() {
        otherShopsButton.widget.css("flat")
        otherShopsButton.onClicked { [weak self] in self?.toggleOtherShops() }
        updateShops(menu: true)
    }

    /// The header's store and its menu (rebuilt only when the stores changed), the choice's mark,
    /// and the count of items for other stores.
    func updateShops(menu: Bool) {
        let current = model.currentShop
        if menu {
            let name = model.shops.first { $0.id == current }?.name ?? L("Any Store")
            // No stores yet: nothing to choose, and Stores… is in the main menu. Nor is the
            // button's menu made (GTK builds its popover at once: a start without stores pays none).
            shopButton.widget.visible = !model.shops.isEmpty
            compactShopButton = isHeaderCompact
            guard !model.shops.isEmpty else {
                switcherTitle.subtitle("")
                return updateOtherShops()
            }
            // Narrow, the store is the title's subtitle and the button an icon: its name beside
            // the list's would leave both cut short. (By the window's width, not by whether the
            // view switcher fits: that depends on this button's own width.)
            if isHeaderCompact {
                shopButton.setIcon("mark-location-symbolic")
            } else {
                // One width for every choice, the longest name's (up to a cap): a choice of another
                // store changed the button's width, and with it whether the view switcher had room
                // in the header or moved to the bottom bar.
                let longest = ([L("Any Store")] + model.shops.map(\.name)).map(\.count).max() ?? 0
                shopButton.setLabel(name, widthChars: Int32(min(longest, Self.shopLabelChars)))
            }
            switcherTitle.subtitle(name)
            // On the button inside too, which takes the focus: GTK 4.8 names it by its label
            // alone ("Aldi"), or by nothing when it shows the icon.
            for w in [shopButton.widget] + (shopButton.widget.firstChild.map { [$0] } ?? []) {
                w.accessibleLabelOnly(L("Store: {store}", ["store": name]))
            }
            shopButton.widget.tooltip(L("Store: {store}", ["store": name]))
            shopButton.setMenu(shopMenu())
            ActionMap(window).setState(AppAction.chooseStore.rawValue, "\(current.raw)")
        }
        updateOtherShops()
    }

    /// The bar under the Shopping List: how many items other stores sell.
    private func updateOtherShops() {
        guard let page = builtPages[.shopping] else { return }
        let hidden = page.projection.hiddenForOtherShops
        let showing = page.projection.showsOtherShops && model.hiddenForOtherShops > 0
        let count = N("{n} item for other stores", "{n} items for other stores", hidden)
        // Their cost too, when costs are shown: the totals above leave it out.
        let cost = model.hiddenForOtherShopsTotals.sum
        let said = preferences.display.showCost && cost != .zero ? L("{items} · {cost}", ["items": count, "cost": money.format(cost)]) : count
        otherShopsButton.label = showing ? L("Hide Items for Other Stores") : said
        otherShopsBar?.visible = hidden > 0 || showing
    }

    /// A resize: the header's store changes only when the window crosses the narrow width.
    func headerWidthChanged() {
        let compact = isHeaderCompact
        guard compact != compactShopButton else { return }
        updateShops(menu: true)
    }

    private var isHeaderCompact: Bool { window.defaultWidth > 0 && window.defaultWidth < Self.compactHeaderBelow }

    /// Every store to choose from, the one shopped at marked, then "Stores…".
    private func shopMenu() -> Menu {
        let menu = Menu()
        let choices = Menu()
        for (id, name) in [(ShopID.any, L("Any Store"))] + model.shops.map({ ($0.id, $0.name) }) {
            choices.append(name, action: AppAction.chooseStore.detailedName, target: "\(id.raw)")
        }
        menu.appendSection(choices)
        let manage = Menu()
        manage.append(AppAction.manageStores.title, action: AppAction.manageStores.detailedName)
        menu.appendSection(manage)
        return menu
    }

    func chooseShop(_ argument: String?) {
        guard let raw = argument.flatMap(Int64.init) else { return }
        do {
            try model.shop(at: ShopID(raw))
            // A new order shows the list from its top: GTK kept the row that was first in view,
            // leaving the first aisle's header above it.
            for page in pages { page.showTop() }
        } catch {
            report(error)
        }
        // The mark follows the model, also when the choice could not be kept.
        ActionMap(window).setState(AppAction.chooseStore.rawValue, "\(model.currentShop.raw)")
    }

    private func toggleOtherShops() {
        let page = page(.shopping)
        page.projection.showsOtherShops.toggle()
        updateShops(menu: false)
        updateTotals()
    }

    func manageShops() {
        if let open = storesWindow {
            open.window.present()
            return
        }
        let stores = StoresWindow(parent: window, model: model)
        stores.onError = { [weak self] error in self?.report(error) }
        stores.onClosed = { [weak self] in self?.storesWindow = nil }
        storesWindow = stores
        stores.window.present()
    }
}
