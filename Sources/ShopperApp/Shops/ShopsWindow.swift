import ShopperModel

/// Stores: add, rename, delete and order the stores, and set the order each one's aisles are
/// walked in (a page of its own per store). Any Store comes first and stays: its aisle order is
/// the list's own. Every change is one step of the list's undo history, with Undo in a toast here
/// and Ctrl+Z as in the main window.
@MainActor
final class ShopsWindow {
    let window: Window
    private let prefs: PreferencesWindow
    private let model: ShoppingModel
    private let rows = ListBox()
    private let newShop = EntryRow(title: L("New Store"))
    /// The stores as the rows show them, Any Store first.
    private var shown: [ShopID] = []
    private var aisles: ShopAislesPage?
    private var observer = 0
    var onError: (@MainActor (Error) -> Void)?
    var onClosed: (@MainActor () -> Void)?

    init(parent: Window, model: ShoppingModel) {
        self.model = model
        prefs = PreferencesWindow(parent: parent, pageTitle: L("Stores"))
        window = prefs.window
        window.title = L("Stores")
        // A store's page closes through its Back button or Escape, which keep its name and let it
        // go; libadwaita's own gestures (Alt+Left, a swipe) would close it behind this window's back.
        prefs.canNavigateBack(false)
        // Room for a few stores and their aisles.
        prefs.fit(parent)
        prefs.addEntryGroup(title: L("Add a Store"), entry: newShop, addLabel: L("Add Store")) { [weak self] in
            self?.addShop()
        }
        let list = prefs.addGroup(title: L("Stores"))
        list.describe(
            L(
                "The Shopping List follows the aisles of the store you choose in the header. Drag a store, or press Alt+Up or Alt+Down, to order them."
            ))
        list.addBoxedList(rows, name: L("Stores"))
        rows.onActivated { [weak self] i in
            guard let self, i < shown.count else { return }
            openAisles(of: shown[i])
        }
        let keys = ShortcutController(first: true)
        keys.add("<Control>z") { [weak self] in self?.step(undo: true) ?? false }
        keys.add("<Shift><Control>z") { [weak self] in self?.step(undo: false) ?? false }
        window.widget.add(keys.controller)
        window.onCloseRequest { [weak self] in
            guard let self else { return false }
            model.core.removeObserver(observer)
            onClosed?()
            return false
        }
        observer = model.core.observe { [weak self] change in
            guard change.shopsChanged || change.aislesReordered else { return }
            self?.refresh()
        }
        refresh()
    }

    /// The rows again from the model, the focus kept on the store it was on.
    private func refresh(focus: ShopID? = nil) {
        let focused = focus ?? rows.focusedIndex.flatMap { $0 < shown.count ? shown[$0] : nil }
        rows.removeAll()
        shown = [.any] + model.shops.all.map(\.id)
        for (i, id) in shown.enumerated() {
            let shop = model.shops.all.first { $0.id == id }
            let order = model.shops.aisleOrder(at: id).names
            let subtitle =
                order.isEmpty
                ? L("No aisles yet") : order.prefix(4).joined(separator: ", ") + (order.count > 4 ? ", …" : "")
            let row = ReorderableRows.row(
                title: shop?.name ?? L("Any Store"), subtitle: subtitle, movable: shop != nil, opens: true)
            ReorderableRows.wire(row, index: i, fixed: 1) { [weak self] from, to in self?.move(from, to) }
            rows.append(row)
        }
        if let focused, let i = shown.firstIndex(of: focused) { rows.select(i) }
        aisles?.refresh()
    }

    private func addShop() {
        let name = newShop.text
        guard !ItemDraft.clean(name).isEmpty else { return }
        guard let made = attempt({ try model.shops.addShop(named: name) }) else { return }
        newShop.text = ""
        refresh(focus: made)
        _ = newShop.row.grabFocus()
    }

    private func move(_ from: Int, _ to: Int) {
        // Index 0 is Any Store: the stores start at 1.
        guard from >= 1, to >= 1, from < shown.count, to < shown.count else { return }
        let id = shown[from]
        if attempt({ try model.shops.moveShop(id, to: to - 1) }) != nil { refresh(focus: id) }
    }

    private func openAisles(of shop: ShopID) {
        let page = ShopAislesPage(model: model, shop: shop)
        page.onBack = { [weak self] in self?.closeAisles() }
        page.onError = { [weak self] error in self?.onError?(error) }
        page.onDeleted = { [weak self] name in
            self?.closeAisles()
            self?.toast(L("Deleted the store “{store}”", ["store": name]), undo: true)
        }
        aisles = page
        prefs.presentSubpage(page.root.widget)
        page.focusFirst()
    }

    private func closeAisles() {
        let shop = aisles?.shop
        aisles?.keepName()
        aisles = nil
        prefs.closeSubpage()
        refresh(focus: shop)
    }

    /// Ctrl+Z and Ctrl+Shift+Z: the list's undo history, as in the main window, for steps this
    /// window can take back where it is: on the stores (any list's), or on the list it was opened
    /// for. A step made on another list is the main window's to undo (it shows that list first).
    private func step(undo: Bool) -> Bool {
        // A text field's own history first, as in the main window.
        if window.focusedTextField != nil { return false }
        guard let entry = undo ? model.undo.undoStack.last : model.undo.redoStack.last,
              entry.onListsOnly || entry.list == model.list else { return true }
        do {
            let name = undo ? try model.core.undoLast() : try model.core.redoLast()
            if let name {
                toast(undo ? L("Undid {step}", ["step": name]) : L("Redid {step}", ["step": name]), undo: false)
            }
        } catch {
            onError?(error)
        }
        return true
    }

    private func toast(_ title: String, undo: Bool) {
        guard undo, let step = model.undo.latestID else {
            prefs.toast(title)
            return
        }
        if let handle = prefs.toast(title, button: L("Undo"), onButton: { [weak self] in
            guard let self else { return }
            do { try model.core.undoLast(step: step) } catch { onError?(error) }
        }) { toastHandles.append(handle) }
    }
    private var toastHandles: [Toast] = []

    private func attempt<T>(_ f: () throws -> T) -> T? {
        do { return try f() } catch {
            onError?(error)
            return nil
        }
    }
}
