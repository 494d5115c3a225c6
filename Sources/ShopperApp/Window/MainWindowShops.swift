import Foundation
import ShopperModel

/// The store the list is shopped at: chosen from the header, managed in the Stores window; the
/// Shopping List leaves out what is sold only at other stores, with a button that shows them.
extension MainWindow {
    func wireShops() {
        shopPicker.otherStoresButton.onClicked { [weak self] in self?.toggleOtherShops() }
        updateShops(menu: true)
    }

    // The picker's parts, by the names the window's callers and tests know them.
    var shopButton: MenuButton { shopPicker.button }
    var otherShopsButton: Button { shopPicker.otherStoresButton }
    var otherShopsBar: Widget? { shopPicker.otherStoresBar }

    /// The header's store and its menu (rebuilt only when the stores changed), the choice's mark,
    /// and the count of items for other stores.
    func updateShops(menu: Bool) {
        if menu {
            let name = shopPicker.update(model, windowWidth: window.defaultWidth)
            // Under the title only while the button is an icon: beside a button that says it, the
            // header said "Any Store" twice.
            pageStack.switcherTitle.subtitle(shopPicker.compact == true ? name : "")
            if !name.isEmpty { ActionMap(window).setState(AppAction.chooseStore.rawValue, "\(model.shops.currentShop.raw)") }
        }
        guard let page = builtPages[.shopping] else { return }
        shopPicker.updateOtherStores(model, page: page, money: money, showCost: preferences.display.showCost)
    }

    /// A resize: the header's store changes only when the window crosses the narrow width.
    func headerWidthChanged() {
        guard shopPicker.crossesCompact(window.defaultWidth) else { return }
        updateShops(menu: true)
    }

    func chooseShop(_ argument: String?) {
        guard let raw = argument.flatMap(Int64.init) else { return }
        do {
            // To the top while GTK still has the old rows: the new order is then told as a list
            // at its top (its first screen in this frame, the rest after it).
            if ShopID(raw) != model.shops.currentShop { for page in pages { page.scrolled.scrollOffset = 0 } }
            // Only the list on screen is re-sorted in this frame; the others once it is drawn.
            let shown = currentListPage
            for page in pages where page !== shown { page.projection.holdRebuilds() }
            catchUpPagesAfterNextFrame()
            try model.shops.shop(at: ShopID(raw))
            // A new order shows the list from its top: GTK kept the row that was first in view,
            // leaving the first aisle's header above it.
            for page in pages { page.showTop() }
        } catch {
            report(error)
        }
        // The mark follows the model, also when the choice could not be kept.
        ActionMap(window).setState(AppAction.chooseStore.rawValue, "\(model.shops.currentShop.raw)")
    }

    private func toggleOtherShops() {
        let page = page(.shopping)
        page.projection.showsOtherShops.toggle()
        updateShops(menu: false)
        updateTotals()
    }

    func manageShops() {
        if let open = shopPicker.storesWindow {
            open.window.present()
            return
        }
        let stores = StoresWindow(parent: window, model: model)
        stores.onError = { [weak self] error in self?.report(error) }
        stores.onClosed = { [weak self] in self?.shopPicker.storesWindow = nil }
        shopPicker.storesWindow = stores
        stores.window.present()
    }
}
