import Foundation
import ShopperModel

/// Acting on rows: ticking, selecting, keeping the focus and the row in view, moving, dragging,
/// the list's keys and the row's menu.
extension ListPage {
    /// Ticking and unticking animate the row out first; everything else goes straight to the window.
    func act(_ action: RowAction, on id: ItemID) {
        guard action == .tick || action == .untick else { host?.perform(action, on: id); return }
        _ = rows.leave(id) { [weak self] in
            guard let self else { return }
            host?.perform(action, on: id)
            // Still here: the write failed (its error is shown), so the row comes back into view.
            if projection.index(of: id) != nil { rows.row(showing: id)?.stay() }
        }
    }


    /// Selects the item's row and gives it keyboard focus. GTK 4.8 leaves focus on nothing when the
    /// focused row's widget is recycled (a move does that), so focus is put back on the row that
    /// shows the item once GTK has bound it.
    func select(_ id: ItemID) {
        guard let i = projection.index(of: id) else { return }
        // Only a row past the screenful GTK was told of brings in the rest at once: a list just
        // shown (its first row selected on a switch) keeps building a screenful in its frame.
        if i >= rowModel.shownCount { rowModel.showAll() }
        listView.select(i)
        listView.scrollTo(i)
        // GTK 4.8 puts the row at the top edge, its section's header out of view above it: the
        // list's first item (a list just switched to, the focus brought into the list) shows the
        // list from its top.
        if i == 1, projection.itemID(at: 0) == nil { showTop() }
        focusPending = id
        MainLoop.idle { [weak self] in
            guard let self, focusPending == id else { return }
            focusPending = nil
            if let i = projection.index(of: id) { listView.select(i) }
            // The row's own widget is the list item's child; GTK focuses the list item itself.
            rows.row(showing: id)?.root.widget.parent?.grabFocus()
        }
    }

    /// Scrolls the item's row fully into view, with its section header when it is the first of its
    /// aisle: once the list has taken the change in, and again once a toast shown with it has made
    /// its room (the list then ends above the toast, see `InAppNotification.room`). Focus stays where it is.
    func reveal(_ id: ItemID) {
        rowModel.showAll()
        listView.widget.afterNextFrame { [weak self] _ in self?.scrollIntoView(id) }
        MainLoop.after(milliseconds: Self.toastRoomMS) { [weak self] in self?.scrollIntoView(id) }
    }

    /// The toast's room grows in 200 ms (shopper.css), and a frame more.
    static let toastRoomMS: UInt32 = 260

    func scrollIntoView(_ id: ItemID) {
        guard !shown.viewGone, let i = projection.index(of: id) else { return }
        // GTK 4.8's scroll-to-item stops at the row's edge, under a toast, and without its header.
        let first = i > 0 && projection.itemID(at: i - 1) == nil ? i - 1 : i
        // What shows of the list: less where a toast covers its foot.
        let visible = min(Double(scrolled.widget.height), host?.coveredTop(in: scrolled.widget) ?? .infinity)
        let page = max(0, visible - (Double(scrolled.widget.height) - scrolled.pageSize))
        // Rows are of one height (their line included): the list's length over its rows.
        let h = (scrolled.maxScrollOffset + scrolled.pageSize) / Double(projection.count)
        let (top, bottom) = (Double(first) * h, Double(i + 1) * h)
        var offset = scrolled.scrollOffset
        if top < offset || bottom - top > page {
            offset = top
        } else if bottom > offset + page {
            offset = bottom - page
        }
        if offset != scrolled.scrollOffset { scrolled.scrollOffset = offset }
    }

    /// Keyboard focus into the list: the selected row, else the first item. False when empty.
    func focusRows() -> Bool {
        guard let id = selectedItem ?? (0..<min(projection.count, 3)).lazy.compactMap(projection.itemID).first else {
            return false
        }
        select(id)
        return true
    }



    /// When the focused row goes (ticked off, deleted, moved), GTK 4.8 leaves keyboard focus on no
    /// widget and keys stop working. Put it on the item that took its place instead: the next one,
    /// or the one above when it was the last.
    func keepFocus(near position: Int) {
        MainLoop.idle { [weak self] in
            guard let self, focusPending == nil, !listView.widget.containsFocus else { return }
            if let i = itemPosition(from: position, step: 1) ?? itemPosition(from: position - 1, step: -1),
               let id = projection.itemID(at: i) {
                select(id)
            } else {
                listView.widget.grabFocus()
            }
        }
    }

    /// The first item row from `position` on in the direction of `step` (headers and the end row
    /// are passed over); nil when there is none.
    func itemPosition(from position: Int, step: Int) -> Int? {
        var i = position
        while i >= 0 && i < projection.count {
            if projection.identity(at: i) > 0 { return i }
            i += step
        }
        return nil
    }

    /// Up, Down, Page Up, Page Down, Home and End: to the item that many rows away, over headers and
    /// the end row; a move past the first or last item stops there.
    func moveFocus(by delta: Int) -> Bool {
        guard projection.count > 0 else { return false }
        let from = listView.selected ?? 0
        let target = max(0, min(projection.count - 1, from + delta))
        let step = delta < 0 ? -1 : 1
        guard let i = itemPosition(from: target, step: step) ?? itemPosition(from: target, step: -step),
              let id = projection.itemID(at: i) else { return true }
        select(id)
        return true
    }


    /// Alt+Up / Alt+Down: one row up or down, into the neighbouring section at its edge.
    func moveSelected(by delta: Int) {
        guard let id = selectedItem, let from = projection.index(of: id) else { return }
        let to = from + delta
        // Not above the first section's header, not below the last item.
        guard to >= 0, to < projection.count - 1, !(to == 0 && projection.identity(at: 0) < -1) else { return }
        do {
            try projection.moveItem(from: from, to: to)
            select(id)
            reveal(id)
        } catch { host?.pageFailed(error) }
    }

    func drop(_ dragged: ItemID, onto: ItemID, after: Bool) {
        guard dragged != onto, let from = projection.index(of: dragged), let j = projection.index(of: onto) else {
            return
        }
        let target = after ? j + 1 : j
        do {
            try projection.moveItem(from: from, to: from < target ? target - 1 : target)
        } catch { host?.pageFailed(error) }
    }

    /// The row actions' keys, while the list has focus. First: GTK's list item takes Space
    /// (select) for itself otherwise. Each key activates its window action, so it does nothing
    /// while the action is disabled.
    func addListShortcuts() {
        let keys = ShortcutController(first: true)
        for action in AppAction.allCases where action.isRowAction && action.applies(to: kind) {
            for (_, triggers) in action.accelerators {
                for trigger in triggers { keys.add(trigger, action: action.detailedName) }
            }
        }
        // The keyboard moves from item to item: headers and the end row take no focus (bind).
        for (trigger, delta) in [("Up", -1), ("Down", 1), ("Home", Int.min / 2), ("End", Int.max / 2)] {
            keys.add(trigger) { [weak self] in self?.moveFocus(by: delta) ?? false }
        }
        keys.add("Page_Up") { [weak self] in self.map { $0.moveFocus(by: -$0.rowsPerPage) } ?? false }
        keys.add("Page_Down") { [weak self] in self.map { $0.moveFocus(by: $0.rowsPerPage) } ?? false }
        // Tab and Shift+Tab leave the list, as from any other single control.
        keys.add("Tab") { [weak self] in self?.listView.widget.moveFocusOut(forward: true); return true }
        keys.add("<Shift>ISO_Left_Tab") { [weak self] in
            self?.listView.widget.moveFocusOut(forward: false); return true
        }
        // The row's menu from the keyboard, as GNOME lists do.
        for trigger in ["<Shift>F10", "Menu"] {
            keys.add(trigger) { [weak self] in self?.rows.menu.showForSelection() ?? false }
        }
        listView.widget.add(keys.controller)
    }
}
