import ShopperModel

/// The user's lists beside the pages (folded away at phone width): each with the count of items
/// still to buy, the current one selected. Enter or a click opens a list, Alt+Up and Alt+Down move
/// the focused one, as items move; an item's row dragged onto a list moves the item there; a right
/// click (or Shift+F10) on a list opens it with its menu (rename, delete).
@MainActor
final class ListsSidebar {
    let root = Box(.vertical)
    let header = HeaderBar()
    private let rows = ListBox()
    /// Below the lists, what is the household's rather than a list's: Recipes.
    private let places = ListBox()
    private(set) var shown: [ShoppingList] = []
    var onOpen: ((ListID) -> Void)?
    var onMove: ((ListID, Int) -> Void)?
    /// An item's row dropped on a list (a drag from the list shown): move it there.
    var onDropItem: ((ItemID, ListID) -> Bool)?
    /// A list's menu asked for (a right click, Shift+F10 or Menu on its row): the list, and where
    /// in the sidebar to point the menu.
    var onMenu: ((ListID, Double, Double) -> Void)?
    /// Recipes chosen.
    var onRecipes: (() -> Void)?

    init() {
        let title = Label(L("Lists"))
        title.widget.css("title")
        header.titleWidget(title.widget)
        let add = Button(icon: "list-add-symbolic", accessibleLabel: AppAction.newList.title)
        add.widget.tooltip(AppAction.newList.title)
        add.widget.actionName(AppAction.newList.detailedName)
        header.packStart(add.widget)
        rows.widget.css("navigation-sidebar")
        rows.widget.accessibleLabel(L("Lists"))
        rows.onActivated { [weak self] i in
            guard let self, i < shown.count else { return }
            onOpen?(shown[i].id)
        }
        let keys = ShortcutController(first: false)
        for trigger in ["<Shift>F10", "Menu"] {
            keys.add(trigger) { [weak self] in
                guard let self, let i = rows.focusedIndex, i < shown.count, let row = rows.row(at: i),
                      let b = row.bounds(in: root.widget) else { return false }
                onMenu?(shown[i].id, b.x + 24, b.y + b.height / 2)
                return true
            }
        }
        for (trigger, delta) in [("<Alt>Up", -1), ("<Alt>Down", 1)] {
            keys.add(trigger) { [weak self] in
                guard let self, let i = rows.focusedIndex, i < shown.count else { return false }
                onMove?(shown[i].id, i + delta)
                return true
            }
        }
        rows.widget.add(keys.controller)
        let column = Box(.vertical)
        column.append(rows.widget)
        column.append(cookingSection().widget)
        let scroller = ScrolledWindow()
        scroller.child(column.widget)
        scroller.widget.expand(h: false, v: true)
        root.append(header.widget)
        root.append(scroller.widget)
        root.widget.css("sidebar")
        root.widget.sizeRequest(width: 200)
    }

    private func cookingSection() -> Box {
        let section = Box(.vertical)
        let heading = Label(L("Cooking"))
        heading.xalign(0)
        heading.widget.css("heading")
        heading.widget.css("dim-label")
        heading.widget.margins(12)
        section.append(heading.widget)
        places.widget.css("navigation-sidebar")
        places.widget.accessibleLabel(L("Cooking"))
        let recipes = Label(L("Recipes"))
        recipes.xalign(0)
        recipes.widget.margins(6)
        places.append(recipes.widget)
        // A row is named by what it opens (GTK 4.8 names a list's rows by nothing).
        places.row(at: 0)?.accessibleLabel(L("Recipes"))
        places.onActivated { [weak self] _ in self?.onRecipes?() }
        section.append(places.widget)
        return section
    }

    /// Whether the recipes are shown, not a list.
    private(set) var recipesShown = false

    /// Recipes shown: their row is the one selected, no list's.
    func highlightRecipes() {
        recipesShown = true
        rows.unselectAll()
        places.highlight(0)
    }

    /// A list shown again: its row selected.
    func highlightList(_ current: ListID) {
        recipesShown = false
        places.unselectAll()
        if let i = shown.firstIndex(where: { $0.id == current }) { rows.highlight(i) }
    }

    /// Shows `lists` with `current` selected; rows are made again only when the lists themselves
    /// changed (a count alone changes its label), and the focus stays on the list it was on.
    func update(_ lists: [ShoppingList], current: ListID) {
        let focused = rows.focusedIndex.flatMap { $0 < shown.count ? shown[$0].id : nil }
        if lists.map(\.id) != shown.map(\.id) || lists.map(\.name) != shown.map(\.name) {
            rows.removeAll()
            for (i, list) in lists.enumerated() {
                rows.append(Self.row(list))
                guard let row = rows.row(at: i) else { continue }
                DragAndDrop.target(on: row) { [weak self] payload, _, _ in
                    guard let raw = Int64(payload) else { return false }
                    return self?.onDropItem?(ItemID(raw), list.id) ?? false
                }
                let rightClick = EventController.click()
                rightClick.button(3)
                rightClick.onPress("pressed") { [weak self] _, x, y in
                    guard let self, let b = row.bounds(in: root.widget) else { return }
                    onMenu?(list.id, b.x + x, b.y + y)
                }
                row.add(rightClick)
            }
        } else {
            for (i, list) in lists.enumerated() where list.toBuyHere != shown[i].toBuyHere {
                if let row = rows.row(at: i) { Self.fill(row, list) }
            }
        }
        shown = lists
        if let i = lists.firstIndex(where: { $0.id == current }), !recipesShown { rows.highlight(i) }
        if let focused, let i = lists.firstIndex(where: { $0.id == focused }) { _ = rows.row(at: i)?.grabFocus() }
        for (i, list) in lists.enumerated() { if let row = rows.row(at: i) { row.accessibleLabel(Self.spoken(list)) } }
    }

    /// Puts the keyboard on the current list's row (the list picker at phone width opens here).
    func focusCurrent(_ current: ListID) {
        if let i = shown.firstIndex(where: { $0.id == current }) { _ = rows.row(at: i)?.grabFocus() }
    }

    private static func row(_ list: ShoppingList) -> Widget {
        let box = Box(.horizontal, spacing: 12)
        let name = Label(list.name)
        name.xalign(0)
        name.ellipsize()
        name.widget.expand(h: true, v: false)
        let count = Label(list.toBuyHere > 0 ? "\(list.toBuyHere)" : "")
        count.widget.css("dim-label")
        count.widget.css("numeric")
        box.append(name.widget)
        box.append(count.widget)
        box.widget.margins(6)
        return box.widget
    }

    /// The count beside the name (row → box → name, count).
    private static func fill(_ row: Widget, _ list: ShoppingList) {
        guard let box = row.firstChild, let count = box.firstChild?.nextSibling else { return }
        Label(wrapping: count).text = list.toBuyHere > 0 ? "\(list.toBuyHere)" : ""
    }

    /// "Groceries, 3 to buy": what a screen reader says of a row.
    static func spoken(_ list: ShoppingList) -> String {
        N("{list}, {n} to buy", "{list}, {n} to buy", list.toBuyHere, ["list": list.name])
    }
}
