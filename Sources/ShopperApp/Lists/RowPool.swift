import ShopperModel

/// A list page's row widgets: built once each, bound to GTK's list items as GTK asks, and kept in
/// a pool when GTK lets go of an item (GTK 4.8 would destroy them and build new ones as rows come
/// and go), so a page builds about a screenful whatever happens. The items near the rows bound are
/// read ahead, a row ticked fades out here, and a row's menu pops up from here.
@MainActor
final class RowPool {
    private unowned let page: ListPage
    /// Rows currently bound, with the identity each shows: what a preference change refreshes.
    var bound: [ObjectIdentifier: (row: RowWidget, identity: Int)] = [:]
    /// Row widgets waiting for a list item, bounded (GTK keeps about thirty bound at a time).
    private var pool: [RowWidget] = []
    /// Row widgets built so far: recycling keeps this near a screenful whatever happens.
    private(set) var built = 0
    /// Reads the items near the rows just bound between frames.
    let readAhead: RowReadAhead
    /// Items fading out after a tick, so a double click does not tick twice.
    private var leaving = Set<ItemID>()
    /// A row's menu (right click, Shift+F10, Menu); it makes its popover when first asked for.
    let menu: RowMenu

    init(page: ListPage, menuParent: Widget) {
        self.page = page
        let shown = page.shown
        readAhead = RowReadAhead { [weak shown] in
            guard let shown, !shown.viewGone else { return nil }
            return shown.projection
        }
        menu = RowMenu(page: page, parent: menuParent)
    }

    /// The row showing the item, when one is bound.
    func row(showing id: ItemID) -> RowWidget? { bound.values.first { $0.row.itemID == id }?.row }

    /// A row GTK bound to `item`: shown, and the items near it read ahead.
    private func bind(_ item: ListItem) {
        guard let row = item.attached(RowWidget.self) else { return }
        let identity = item.identity
        bound[ObjectIdentifier(row)] = (row, identity)
        page.show(row, identity: identity)
        readAhead.bound(item.position)
        // Headers and the end row do nothing when activated: they take no selection (nor, so, the
        // focus of a click) and no stop of the keyboard (Up and Down step over them, see
        // `moveFocus`). Not by making their cells unfocusable: GTK 4.8 lays the list out again
        // for each cell that changes, and the rows after a search came all at once.
        item.activatable(identity > 0)
        item.selectable(identity > 0)
    }

    /// The item's row fades out (when bound), then `finish` runs; false when it is already leaving.
    func leave(_ id: ItemID, then finish: @escaping @MainActor () -> Void) -> Bool {
        guard !leaving.contains(id) else { return false }
        leaving.insert(id)
        let done = { @MainActor [weak self] in
            self?.leaving.remove(id)
            finish()
        }
        if let row = row(showing: id) { row.leave(then: done) } else { done() }
        return true
    }

    /// Another list is shown: no row of the one before is leaving.
    func forgetLeaving() { leaving.removeAll() }

    /// Row widgets for GTK's list items: one from the pool when there is one, bound and unbound
    /// as GTK asks, kept in the pool when GTK lets go of its item.
    func factory() -> ListItemFactory {
        ListItemFactory(
            setup: { [weak self] item in
                guard let self else { return }
                let row = pool.popLast() ?? newRow()
                item.child = row.root.widget
                item.attach(row)
            },
            bind: { [weak self] item in self?.bind(item) },
            unbind: { [weak self] item in
                if let row = item.attached(RowWidget.self) { self?.bound[ObjectIdentifier(row)] = nil }
            },
            teardown: { [weak self] item in
                // GTK 4.8 destroys a list item's widgets whenever the row leaves its window of
                // rows, and builds new ones for the row that comes: the row widget waits here to
                // serve the next one instead, saving both.
                guard let row = item.attached(RowWidget.self) else { return }
                // The page's own reference keeps it alive off the item.
                item.release(row.root.widget)
                if let self, pool.count < ListPage.poolLimit {
                    row.stay()
                    pool.append(row)
                } else {
                    row.root.widget.letGo()
                }
            })
    }

    /// A row widget, built once; it is given to list item after list item (see `teardown`).
    private func newRow() -> RowWidget {
        let row = RowWidget()
        built += 1
        row.owner = self
        // The pool holds every row widget it built, so one waiting in the pool (or taken off by
        // GTK) lives on; `teardown` lets go of those the pool has no room for.
        row.root.widget.keep()
        return row
    }

    /// The page is gone: the rows waiting go with it.
    func letGo() {
        for row in pool { row.root.widget.letGo() }
    }
}

extension RowPool: RowWidgetOwner {
    func row(acted action: RowAction, on id: ItemID) { page.act(action, on: id) }
    func row(_ row: RowWidget, menuFor id: ItemID, x: Double, y: Double) { menu.show(for: id, row: row, x: x, y: y) }
    func row(dropped dragged: ItemID, onto: ItemID, after: Bool) { page.drop(dragged, onto: onto, after: after) }
    /// While a row is dragged the empty state's explanation stays away.
    func row(dragging: Bool) { page.emptyState.suppressed = dragging }
}
