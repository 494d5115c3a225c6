import ShopperModel

/// One store's page in the Stores window: its name and Delete (not for Any Store), and its aisles
/// in the order they are walked, dragged or moved with Alt+Up and Alt+Down.
@MainActor
final class ShopAislesPage {
    let root = Box(.vertical)
    let shop: ShopID
    private let model: ShoppingModel
    private let header = HeaderBar()
    private let title = Label()
    private let name = EntryRow(title: L("Name"))
    private let rows = ListBox()
    private let empty = Label(
        L(
            "No aisles yet. Give items an aisle (“[Dairy]” in the add bar, or in the item’s editor) and they appear here."
        ))
    private var shown: [String] = []
    var onBack: (@MainActor () -> Void)?
    var onDeleted: (@MainActor (String) -> Void)?
    var onError: (@MainActor (Error) -> Void)?

    init(model: ShoppingModel, shop: ShopID) {
        self.model = model
        self.shop = shop
        let back = Button(icon: "go-previous-symbolic", accessibleLabel: L("Back"))
        back.onClicked { [weak self] in self?.onBack?() }
        header.packStart(back.widget)
        title.widget.css("title")
        header.titleWidget(title.widget)
        root.append(header.widget)

        let page = PreferencesPage()
        page.widget.expand(v: true)
        let shopName = model.shops.all.first { $0.id == shop }?.name
        if let shopName {
            let group = PreferencesGroup(title: L("Store"))
            name.text = shopName
            name.row.on("entry-activated") { [weak self] in self?.keepName() }
            group.add(name.row)
            let delete = Button(label: L("Delete Store"))
            delete.widget.css("destructive-action")
            delete.widget.align(h: .start).margins(12)
            delete.onClicked { [weak self] in self?.deleteShop() }
            group.add(delete.widget)
            page.add(group)
        }
        let group = PreferencesGroup(title: L("Aisle Order"))
        group.describe(shopName == nil
            ? L("The list’s own order, for any store. Drag an aisle, or press Alt+Up or Alt+Down.")
                : L(
                    "The order you walk this store’s aisles in; aisles it has not set come last. Drag an aisle, or press Alt+Up or Alt+Down."
                ))
        group.addBoxedList(rows, name: L("Aisle Order"))
        group.addNote(empty)
        page.add(group)
        root.append(page.widget)
        // Escape goes back, as in libadwaita's own sub-pages.
        let keys = ShortcutController(first: false)
        keys.add("Escape") { [weak self] in self?.onBack?(); return true }
        root.widget.add(keys.controller)
        refresh()
    }

    /// The aisles again from the model, the focus kept on the aisle it was on.
    func refresh(focus: String? = nil) {
        let shopName = model.shops.all.first { $0.id == shop }?.name
        title.text = shopName ?? L("Any Store")
        let focused = focus ?? rows.focusedIndex.flatMap { $0 < shown.count ? shown[$0] : nil }
        rows.removeAll()
        shown = model.shops.aisleOrder(at: shop).names
        for (i, aisle) in shown.enumerated() {
            let row = ReorderableRows.row(title: aisle, movable: true, opens: false)
            ReorderableRows.wire(row, index: i) { [weak self] from, to in self?.move(from, to) }
            rows.append(row)
        }
        rows.widget.visible = !shown.isEmpty
        empty.widget.visible = shown.isEmpty
        if let focused, let i = shown.firstIndex(of: focused) { rows.select(i) }
    }

    func focusFirst() {
        if !shown.isEmpty { rows.select(0) }
    }

    private func move(_ from: Int, _ to: Int) {
        guard from < shown.count, to >= 0, to < shown.count else { return }
        var order = shown
        let aisle = order.remove(at: from)
        order.insert(aisle, at: to)
        do {
            try model.shops.setAisleOrder(order, at: shop)
            refresh(focus: aisle)
        } catch {
            onError?(error)
        }
    }

    /// The name as typed, when it is a new one (Enter, or going back).
    func keepName() {
        guard let current = model.shops.all.first(where: { $0.id == shop })?.name,
              !ItemDraft.clean(name.text).isEmpty, ItemDraft.clean(name.text) != current else { return }
        do { try model.shops.renameShop(shop, to: name.text) } catch { onError?(error) }
    }

    private func deleteShop() {
        guard let store = model.shops.all.first(where: { $0.id == shop }) else { return }
        do {
            try model.shops.deleteShop(shop)
            onDeleted?(store.name)
        } catch {
            onError?(error)
        }
    }
}
