import ShopperModel

/// The store the list is shopped at, in the header: its name (an icon at a phone's width), a menu
/// of the stores and "Stores…"; and under the Shopping List the bar that says how many items other
/// stores sell, which shows them. `ShopsController` gives it the model, and the list pages it needs.
@MainActor
final class ShopPicker {
    /// Below this window width the header shows the store as an icon, whatever the names.
    static let compactBelow: Int32 = 560

    /// The narrowest window whose header holds the store's name beside the five pages' switcher:
    /// measured in English at 1000 px (sidebar 206, switcher 500, menu and three window buttons
    /// 160, the button's frame and arrow 45, spacing 12, a name about 9 px a character), with
    /// "Any Store" on the button the switcher missed its room by 5 px and went to the bottom bar.
    static func roomForName(chars: Int) -> Int32 { 930 + 9 * Int32(min(chars, labelChars)) }
    /// The store button's label at most, in characters (a longer name is ellipsized).
    static let labelChars = 14

    let button = MenuButton(label: "", accessibleLabel: L("Store"))
    let otherShopsButton = Button(label: "")
    /// The bar around `otherShopsButton` under the Shopping List, once that list is built.
    var otherShopsBar: Widget?
    /// Whether the header shows the store as an icon (a narrow window); nil before the first look.
    private(set) var compact: Bool?
    /// The longest name the button may show (the stores' and "Any Store"), as last updated.
    private var longest = 0

    init() {
        otherShopsButton.widget.css("flat")
    }

    /// The button and its menu (rebuilt only when the stores changed: `menu`), at `width`; the
    /// name for the title's subtitle ("" without stores, and when the button says it: the header
    /// said "Any Store" twice), and the store chosen for the menu's mark.
    func update(_ model: ShoppingModel, windowWidth width: Int32) -> String {
        let current = model.shops.currentShop
        let name = model.shops.all.first { $0.id == current }?.name ?? L("Any Store")
        // No stores yet: nothing to choose, and Stores… is in the main menu. Nor is the button's
        // menu made (GTK builds its popover at once: a start without stores pays none).
        button.widget.visible = !model.shops.all.isEmpty
        longest = ([L("Any Store")] + model.shops.all.map(\.name)).map(\.count).max() ?? 0
        compact = isCompact(width)
        guard !model.shops.all.isEmpty else { return "" }
        // Narrow, the store is the title's subtitle and the button an icon: its name beside the
        // list's would leave both cut short. (By the window's width, not by whether the view
        // switcher fits: that depends on this button's own width.)
        if compact == true {
            button.setIcon("mark-location-symbolic")
        } else {
            // One width for every choice, the longest name's (up to a cap): a choice of another
            // store changed the button's width, and with it whether the view switcher had room in
            // the header or moved to the bottom bar.
            button.setLabel(name, widthChars: Int32(min(longest, Self.labelChars)))
        }
        // On the button inside too, which takes the focus: GTK 4.8 names it by its label alone
        // ("Aldi"), or by nothing when it shows the icon.
        for w in [button.widget] + (button.widget.firstChild.map { [$0] } ?? []) {
            w.accessibleLabelOnly(L("Store: {store}", ["store": name]))
        }
        button.widget.tooltip(L("Store: {store}", ["store": name]))
        button.setMenu(Self.menu(model.shops.all))
        return name
    }

    /// Whether a resize crossed the narrow width (only then is the header's store made again).
    func crossesCompact(_ width: Int32) -> Bool { isCompact(width) != compact }

    private func isCompact(_ width: Int32) -> Bool {
        width > 0 && width < max(Self.compactBelow, Self.roomForName(chars: longest))
    }

    /// The bar under the Shopping List: how many items other stores sell, and their cost when
    /// costs are shown (the totals above leave it out).
    func updateOtherShops(_ model: ShoppingModel, page: ListPage, money: MoneyFormat, showCost: Bool) {
        let hidden = page.projection.hiddenForOtherShops
        let showing = page.projection.showsOtherShops && model.shops.hiddenForOtherShops > 0
        let count = N("{n} item for other stores", "{n} items for other stores", hidden)
        let cost = model.shops.hiddenForOtherShopsTotals.sum
        let said =
            showCost && cost != .zero ? L("{items} · {cost}", ["items": count, "cost": money.format(cost)]) : count
        otherShopsButton.label = showing ? L("Hide Items for Other Stores") : said
        otherShopsBar?.visible = hidden > 0 || showing
    }

    /// Every store to choose from, the one shopped at marked, then "Stores…".
    private static func menu(_ shops: [Shop]) -> Menu {
        let menu = Menu()
        let choices = Menu()
        for (id, name) in [(ShopID.any, L("Any Store"))] + shops.map({ ($0.id, $0.name) }) {
            choices.append(name, action: AppAction.chooseShop.detailedName, target: "\(id.raw)")
        }
        menu.appendSection(choices)
        let manage = Menu()
        manage.append(AppAction.manageShops.title, action: AppAction.manageShops.detailedName)
        menu.appendSection(manage)
        return menu
    }
}
