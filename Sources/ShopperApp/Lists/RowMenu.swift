import ShopperModel

/// A row's menu (right click, Shift+F10, Menu): what can be done to the item on its list
/// (`Menus.row`), popped up at the row; the keyboard goes back to the rows when it closes.
@MainActor
final class RowMenu {
    private unowned let page: ListPage
    /// What the popover hangs from: the page's list under its overlays.
    private let parent: Widget
    /// Made when first asked for.
    private var popover: PopoverMenu?
    /// Where the row whose menu was opened last was.
    private var position: Int?

    init(page: ListPage, parent: Widget) {
        self.page = page
        self.parent = parent
    }

    /// Made when a row's menu is first asked for: a popover menu builds a widget per item, which a
    /// start that opens no menu need not pay for.
    private func build(_ menu: Menu) {
        popover = PopoverMenu(menu: menu, parent: parent)
        // On Escape (or a choice that stays on the list) GTK 4.8 hands focus to the next focusable
        // widget, often a toast's button: back to the row, so the keyboard carries on where it
        // was. Not when the choice took the list off screen (Edit… opens the editor).
        // A choice that took the item off the list (moved to another, deleted) leaves focus on the
        // item that took its place.
        popover?.onClosed { [weak self] in
            MainLoop.idle { [weak self] in
                guard let self, page.listView.widget.isDrawable else { return }
                if let id = page.selectedItem { page.select(id) } else if let at = position { page.keepFocus(near: at) }
            }
        }
    }

    func show(for id: ItemID, row: RowWidget, x: Double, y: Double) {
        guard let b = row.root.widget.bounds(in: parent),
              let i = page.projection.index(of: id) else { return }
        // Selected for the menu's actions, but without `select`'s later focus grab: focus moving
        // to the row would close the menu as soon as it opened.
        page.listView.select(i)
        position = i
        // Made for the moment: the item's state names the pick, and the lists change.
        let model = page.shown.model
        let menu = Menus.row(for: page.kind, needed: model.items.item(id)?.needed ?? false,
                             otherLists: model.lists.all.filter { $0.id != model.list })
        if let popover { popover.setMenu(menu) } else { build(menu) }
        popover?.popup(at: b.x + x, b.y + y)
    }

    /// The selected row's menu, from the keyboard; false when no row is selected.
    func showForSelection() -> Bool {
        guard let id = page.selectedItem,
              let row = page.rows.row(showing: id) else { return false }
        show(for: id, row: row, x: 24, y: Double(row.root.widget.height) / 2)
        return true
    }
}
