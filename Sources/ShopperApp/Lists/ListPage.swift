import ShopperModel

/// One of the three lists: a projection of the model shown in a `ListView` whose rows are recycled
/// (only those near the visible area exist), under its empty-state explanation.
@MainActor
final class ListPage {
    let kind: ListKind
    /// The list shown; another list's model replaces both (`show(_:)`), the widgets stay.
    var projection: ListProjection { shown.projection }
    /// Where the rows GTK asks for come from: a box the row model reads through (weakly, as GTK may
    /// keep the row model after the page), so another list's projection takes its place.
    private final class Shown {
        var projection: ListProjection
        init(_ projection: ListProjection) { self.projection = projection }
    }
    private let shown: Shown
    private var model: ShoppingModel
    /// The page as the stack shows it: the list under its explanation, and a footer if any.
    let page = Box(.vertical)
    let root = Overlay()
    let emptyState: EmptyState
    private(set) var listView: ListView!
    let scrolled = ScrolledWindow()
    private let rowModel: RowListModel
    private var money: MoneyFormat
    private var options: DisplayOptions
    /// Rows currently bound, with the identity each shows: what a preference change refreshes.
    private var bound: [ObjectIdentifier: (row: RowWidget, identity: Int)] = [:]
    /// Set by the window: what a click or key on a row does (after any animation).
    var onAction: (@MainActor (RowAction, ItemID) -> Void)?
    /// Set by the window: delete an item (undoable there).
    var onDelete: (@MainActor (ItemID) -> Void)?
    /// Set by the window: a move failed to save.
    var onError: (@MainActor (Error) -> Void)?
    /// How many structural changes reached GTK: a preference change must not add any.
    private(set) var structuralChanges = 0
    /// Row widgets built so far: recycling keeps this near a screenful whatever happens.
    private(set) var rowsBuilt = 0
    /// Items fading out after a tick, so a double click does not tick twice.
    private var leaving = Set<ItemID>()
    private var contextMenu: PopoverMenu?
    /// Set by the window: the selected row changed (which commands are enabled follows).
    var onSelectionChanged: (@MainActor () -> Void)?
    /// Set by the window: the top of what covers the foot of the list (the toast), in the list's
    /// scrolled window's coordinates; nil when nothing does.
    var coveredFrom: (@MainActor (Widget) -> Double?)?
    /// Called after the rows changed (totals in the header follow).
    var onRowsChanged: (@MainActor () -> Void)?

    // The parameters are named apart from the properties they set: a closure made here that said
    // `model` would hold the list it was made with (not the one shown later), and keep it.
    init(kind: ListKind, model initialModel: ShoppingModel, options initialOptions: DisplayOptions, sectioning: Sectioning,
         money initialMoney: MoneyFormat, emptyButtonTitle: String? = nil) {
        self.kind = kind
        model = initialModel
        options = initialOptions
        money = initialMoney
        let shown = Shown(ListProjection(model: initialModel, kind: kind, sectioning: sectioning))
        self.shown = shown
        rowModel = RowListModel(count: { [weak shown] in shown?.projection.count ?? 0 },
                                identity: { [weak shown] in shown?.projection.identity(at: $0) ?? 0 })
        rowModel.showFirst(Self.firstScreenful)
        emptyState = EmptyState(text: kind.emptyExplanation, buttonTitle: emptyButtonTitle)

        let factory = ListItemFactory(
            setup: { [weak self] item in
                guard let self else { return }
                let row: RowWidget
                if let pooled = rowPool.popLast() {
                    pooled.returning()
                    row = pooled
                } else {
                    row = newRow()
                }
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
                if let self, rowPool.count < Self.poolLimit {
                    row.stay()
                    rowPool.append(row)
                } else {
                    row.root.widget.letGo()
                }
            })
        listView = ListView(model: rowModel, factory: factory)
        // Once the first frame is on screen; in an idle, so that frame's other after-paint work
        // goes first.
        listView.widget.afterFirstFrame { [weak self] in
            MainLoop.idle {
                self?.revealRest()
                self?.prepareSearchWhenIdle()
            }
        }
        listView.widget.on("destroy") { [weak self] in self?.listGone = true }
        listView.widget.css("shopper-list")
        listView.widget.accessibleLabel(kind.title)
        scrolled.child(listView.widget)
        scrolled.widget.expand(h: true, v: true)
        root.child(scrolled.widget)
        root.addOverlay(emptyState.revealer.widget)
        root.widget.expand(v: true)
        page.append(root.widget)
        emptyState.set(empty: projection.isEmpty, animated: false)

        listView.onActivate { [weak self] position in
            // An item another process deleted a moment ago is gone from the store before the list.
            guard let self, let id = projection.itemID(at: position), let item = model.item(id) else { return }
            act(RowPresentation(options: self.options, list: kind, item: item, money: money).rowAction, on: id)
        }
        addListShortcuts()
        buildContextMenu()
        listView.onSelectionChanged { [weak self] in self?.onSelectionChanged?() }
        follow(projection)
    }

    /// The list's top in view, now and once GTK has laid out the rows (it keeps the row that was
    /// first in view, which left a new first section's header above the top).
    func showTop() {
        scrolled.scrollOffset = 0
        listView.widget.afterNextFrame { [weak self] _ in self?.scrolled.scrollOffset = 0 }
    }

    /// Shows another list (its model): the same widgets, rows and scroll position at the top, the
    /// search and sectioning kept. One change told to GTK, as a search typed.
    func show(_ newModel: ShoppingModel) {
        // To the top while GTK still has the old rows: scrolling makes it ask for rows at once, and
        // between the swap and the change told below it must be asked nothing.
        scrolled.scrollOffset = 0
        let old = projection
        let removed = old.count
        model = newModel
        shown.projection = ListProjection(model: newModel, kind: kind, sectioning: old.sectioning, query: old.query)
        follow(projection)
        old.onRowsChanged = nil
        old.onContentChanged = nil
        leaving.removeAll()
        projection.onRowsChanged?(0, removed, projection.count)
        emptyState.set(empty: projection.isEmpty, animated: false)
        if projection.query == nil { prepareSearchWhenIdle() }
    }

    /// Another list to show once this page is next needed (set for the pages not on screen, so a
    /// switch draws the page shown first; the window catches them up right after).
    var pending: ShoppingModel?

    func catchUp() {
        guard let m = pending else { return }
        pending = nil
        show(m)
    }

    /// The projection's changes reach GTK and the window. (The closures read `self.projection`: a
    /// parameter of that name would be captured, and the projection would hold itself.)
    private func follow(_ shown: ListProjection) {
        shown.onRowsChanged = { [weak self] position, removed, added in
            guard let self else { return }
            let hadFocus = listView.widget.containsFocus
            // GTK keeps the row at the top in view as rows are inserted above it, which scrolls a
            // list at its top down (after Load Sample List, to the end row): a list at its top
            // stays there, showing what came in.
            let atTop = scrolled.scrollOffset <= 0
            // GtkSingleSelection looks for a selected row caught in a change among every row added,
            // one get_item each (a million when a search is cleared): it lets go of the row first
            // and is given it back after.
            var reselect: Int?
            let unselect: (() -> Void)? = if let s = listView.selected, s >= position, s < position + removed { { [listView = listView!] in
                reselect = listView.selectedIdentity
                listView.unselect()
            } } else { nil }
            // A large change to a list at its top (a search typed or cleared) is told in two steps,
            // sparing GTK a get_item per row added; the list is then put back at its top. Scrolled
            // down, GTK's search keeps the row the user was looking at in view: worth its cost.
            // Its first frame shows a screenful, as a new list's does; the rest follows.
            let inTwoSteps = atTop && added > Self.largeChange
            rowModel.itemsChanged(position: position, removed: removed, added: added, inTwoSteps: inTwoSteps,
                                  thenFirst: inTwoSteps ? Self.firstScreenful : nil, before: unselect)
            if inTwoSteps { restartReveal() }
            if let identity = reselect, identity > 0, let i = projection.index(of: ItemID(Int64(identity))) {
                rowModel.showAll()  // the row may be past the screenful
                listView.select(i)
            }
            if atTop, position == 0 || inTwoSteps, added > 0 { listView.keepTop() }
            structuralChanges += 1
            if hadFocus && removed > 0 { keepFocus(near: position) }
            emptyState.set(empty: projection.isEmpty, animated: true)
            onRowsChanged?()
        }
        // Rows that stay keep their widgets (and focus): refresh the bound ones in place.
        shown.onContentChanged = { [weak self] identities in
            guard let self else { return }
            for (row, identity) in bound.values where identities.contains(identity) { show(row, identity: identity) }
            onRowsChanged?()
        }
    }

    isolated deinit {
        listView?.release()
        for row in rowPool { row.root.widget.letGo() }
    }

    /// A row widget, built once; it is given to list item after list item (see `teardown`).
    private func newRow() -> RowWidget {
        let row = RowWidget()
        rowsBuilt += 1
        row.onAction = { [weak self] action, id in self?.act(action, on: id) }
        row.onContextMenu = { [weak self] id, row, x, y in self?.showContextMenu(for: id, row: row, x: x, y: y) }
        row.onDrop = { [weak self] dragged, onto, after in self?.drop(dragged, onto: onto, after: after) }
        row.onDragging = { [weak self] on in self?.emptyState.suppressed = on }
        // The page holds every row widget it built, so one waiting in the pool (or taken off by
        // GTK) lives on; `teardown` lets go of those the pool has no room for.
        row.root.widget.keep()
        return row
    }

    /// Shows the rows after the first screenful a few a frame. GTK 4.8 builds, styles and measures
    /// a widget for each row that comes into its window of rows, about 0.4 ms a row the first time:
    /// with GtkListView's two hundred, told at once, that was one 70 ms frame just after start-up
    /// (and after a search). The grid view's thirty (`ListView`) now come in a frame or two.
    private func revealRest() {
        guard !revealing else { return }
        revealing = true
        revealStep(revealRound)
    }

    /// A page the window stops showing waits to be shown again: GTK builds rows off screen too.
    /// A step of an earlier round stops: a new change's screenful has its frame first.
    private func revealStep(_ round: Int) {
        guard !listGone, round == revealRound else { return }
        guard listView.widget.isMapped else {
            listView.widget.afterFirstFrame { [weak self] in MainLoop.idle { self?.revealStep(round) } }
            return
        }
        guard rowModel.showMore(Self.rowsPerFrame) else {
            revealing = false
            return
        }
        listView.widget.afterNextFrame { [weak self] _ in MainLoop.idle { self?.revealStep(round) } }
    }

    /// A change told in two steps starts a new round of `revealStep`s after its first frame. The
    /// step of the round before, already waiting in an idle, used to run before that frame and
    /// show the rest at once (a search cleared while its own rows still came).
    private func restartReveal() {
        revealRound += 1
        revealing = false
        let round = revealRound
        listView.widget.afterNextFrame { [weak self] _ in
            // A frame already under way when the change came may be the one that ends here: the
            // screenful gets the frame after it too.
            self?.listView.widget.afterNextFrame { [weak self] _ in
                MainLoop.idle { [weak self] in if self?.revealRound == round { self?.revealRest() } }
            }
        }
    }

    /// One `revealStep` waits for its frame.
    private var revealing = false
    private var revealRound = 0

    /// New rows a frame can take: a third of a frame's time.
    static let rowsPerFrame = 16

    /// Every row is shown to GTK (none waits for a frame to come).
    var allRowsShown: Bool { !rowModel.isLimited }

    /// The window was closed: its list view is no more (the page may outlive it).
    private var listGone = false

    /// Makes the items' search texts, so that a search's first keystroke finds them ready (at a
    /// hundred thousand rows, making them then was most of that keystroke): with a store, on one
    /// worker thread for every list (none while one is out or once all are made); without (tests of
    /// pure logic), in idle slices.
    private func prepareSearchWhenIdle() {
        guard model.store == nil else {
            if let reader = model.searchTextReader() { makeSearchTexts(with: reader) }
            return
        }
        guard !preparingSearch else { return }
        preparingSearch = true
        MainLoop.idle { [weak self] in self?.prepareSearchSlice() }
    }

    private func prepareSearchSlice() {
        // A search under way keeps its own text; clearing it starts this again.
        guard projection.query == nil, projection.prepareSearch(budget: Self.searchSlice) else {
            preparingSearch = false
            return
        }
        MainLoop.idle { [weak self] in self?.prepareSearchSlice() }
    }

    /// Reads the texts a slice at a time on a worker thread that only takes a processor nothing else
    /// wants, each slice handed to the model on the main loop (taking one is a copy of its bytes: a
    /// fraction of a millisecond). The page is held until the last, so the model always hears how
    /// the reading ended.
    private func makeSearchTexts(with reader: SearchTextReader) {
        let limit = Self.searchSlice
        // The model the reader reads for, not the page's: another list may be shown by the end.
        let target = Reading(model)
        IdleThread.start {
            do {
                try reader.run(sliceSize: limit) { slice in MainLoop.post { target.model.take(slice) } }
            } catch {
                MainLoop.post { target.model.searchTextReaderFailed() }
            }
        }
    }

    /// The model a search text reader works for, handed to the main loop with each slice.
    @MainActor private final class Reading {
        let model: ShoppingModel
        init(_ model: ShoppingModel) { self.model = model }
    }

    private var preparingSearch = false
    /// Rows a slice makes the text of: a few milliseconds.
    static let searchSlice = 10_000

    /// Row widgets waiting for a list item, bounded (GTK keeps about thirty bound at a time).
    private var rowPool: [RowWidget] = []
    static let poolLimit = 256

    /// Rows a list shows in its first frame: as many as fill the tallest screen, and two more for
    /// a row cut at each edge. The rest follow right after that frame. Each row is a dozen
    /// widgets to build, style and measure, so rows no window can show cost that frame for
    /// nothing (a fixed 60 was three screenfuls of a 1080 px screen).
    static let firstScreenful = (Toolkit.tallestScreen ?? 3_000) / rowHeight + 2

    /// Every row's height (`.shopper-row`'s min-height in shopper.css): rows of one height keep
    /// the list's estimates of the rows it has not built right.
    static let rowHeight = 52

    /// Rows added in one change above which the change is told in two steps: GTK's search for the
    /// rows it follows grows with them, and the frame after needs no more than a screenful.
    static let largeChange = firstScreenful

    private func bind(_ item: ListItem) {
        guard let row = item.attached(RowWidget.self) else { return }
        let identity = item.identity
        bound[ObjectIdentifier(row)] = (row, identity)
        show(row, identity: identity)
        // Headers and the end row do nothing when activated: they take no selection (nor, so, the
        // focus of a click) and no stop of the keyboard (Up and Down step over them, see
        // `moveFocus`). Not by making their cells unfocusable: GTK 4.8 lays the list out again
        // for each cell that changes, and the rows after a search came all at once.
        item.activatable(identity > 0)
        item.selectable(identity > 0)
    }

    private func show(_ row: RowWidget, identity: Int) {
        guard let content = projection.row(identity: identity) else { return }
        let (options, kind, money, query) = (options, kind, money, projection.query)
        row.show(content, money: money, showCost: options.showCost, highlights: { query?.highlights(in: $0) ?? [] }) {
            RowPresentation(options: options, list: kind, item: $0, money: money)
        }
    }

    /// Applies new display options to the rows on screen; the list itself is not rebuilt.
    func setOptions(_ o: DisplayOptions) {
        guard o != options else { return }
        options = o
        for (row, identity) in bound.values { show(row, identity: identity) }
    }

    func setSectioning(_ s: Sectioning) { projection.setSectioning(s) }

    /// Another currency: the rows on screen are shown again; the list is not rebuilt.
    func setMoney(_ m: MoneyFormat) {
        money = m
        for (row, identity) in bound.values { show(row, identity: identity) }
    }

    /// Filters the list as the user types; rows are recycled, the list is not rebuilt. The
    /// explanation says when nothing matches.
    func setQuery(_ text: String) {
        let q = SearchQuery(text)
        projection.setQuery(q.isEmpty ? nil : q)
        if q.isEmpty { prepareSearchWhenIdle() }
        emptyState.setText(q.isEmpty ? kind.emptyExplanation
            : L("No items match “{query}”.\nTry fewer words, or press Escape to see the whole list.",
                ["query": text.trimmingCharacters(in: .whitespaces)]),
            showingButton: q.isEmpty)
    }

    // MARK: Acting on rows

    /// Ticking and unticking animate the row out first; everything else goes straight to the window.
    func act(_ action: RowAction, on id: ItemID) {
        guard action == .tick || action == .untick else { onAction?(action, id); return }
        guard !leaving.contains(id) else { return }
        leaving.insert(id)
        let finish = { @MainActor [weak self] in
            guard let self else { return }
            leaving.remove(id)
            onAction?(action, id)
            // Still here: the write failed (its error is shown), so the row comes back into view.
            if projection.index(of: id) != nil { bound.values.first { $0.row.itemID == id }?.row.stay() }
        }
        if let row = bound.values.first(where: { $0.row.itemID == id })?.row { row.leave(then: finish) } else { finish() }
    }

    /// The item on the selected (keyboard-focused) row.
    var selectedItem: ItemID? { listView.selected.flatMap(projection.itemID) }

    /// Selects the item's row and gives it keyboard focus. GTK 4.8 leaves focus on nothing when the
    /// focused row's widget is recycled (a move does that), so focus is put back on the row that
    /// shows the item once GTK has bound it.
    func select(_ id: ItemID) {
        guard let i = projection.index(of: id) else { return }
        rowModel.showAll()  // the row may be past the first screenful
        listView.select(i)
        listView.scrollTo(i)
        focusPending = id
        MainLoop.idle { [weak self] in
            guard let self, focusPending == id else { return }
            focusPending = nil
            if let i = projection.index(of: id) { listView.select(i) }
            // The row's own widget is the list item's child; GTK focuses the list item itself.
            bound.values.first { $0.row.itemID == id }?.row.root.widget.parent?.grabFocus()
        }
    }

    /// Scrolls the item's row fully into view, with its section header when it is the first of its
    /// aisle: once the list has taken the change in, and again once a toast shown with it has made
    /// its room (the list then ends above the toast, see `Toast.room`). Focus stays where it is.
    func reveal(_ id: ItemID) {
        rowModel.showAll()
        listView.widget.afterNextFrame { [weak self] _ in self?.scrollIntoView(id) }
        MainLoop.after(milliseconds: Self.toastRoomMS) { [weak self] in self?.scrollIntoView(id) }
    }

    /// The toast's room grows in 200 ms (shopper.css), and a frame more.
    static let toastRoomMS: UInt32 = 260

    private func scrollIntoView(_ id: ItemID) {
        guard !listGone, let i = projection.index(of: id) else { return }
        // GTK 4.8's scroll-to-item stops at the row's edge, under a toast, and without its header.
        let first = i > 0 && projection.itemID(at: i - 1) == nil ? i - 1 : i
        // What shows of the list: less where a toast covers its foot.
        let visible = min(Double(scrolled.widget.height), coveredFrom?(scrolled.widget) ?? .infinity)
        let page = max(0, visible - (Double(scrolled.widget.height) - scrolled.pageSize))
        // Rows are of one height (their line included): the list's length over its rows.
        let h = (scrolled.maxScrollOffset + scrolled.pageSize) / Double(projection.count)
        let (top, bottom) = (Double(first) * h, Double(i + 1) * h)
        var offset = scrolled.scrollOffset
        if top < offset || bottom - top > page { offset = top } else if bottom > offset + page { offset = bottom - page }
        if offset != scrolled.scrollOffset { scrolled.scrollOffset = offset }
    }

    /// Keyboard focus into the list: the selected row, else the first item. False when empty.
    func focusRows() -> Bool {
        guard let id = selectedItem ?? (0..<min(projection.count, 3)).lazy.compactMap(projection.itemID).first else { return false }
        select(id)
        return true
    }

    /// Where the row whose menu was opened last was.
    private var menuPosition: Int?

    /// An explicit `select` waiting for GTK to bind its row; it wins over `keepFocus`.
    private var focusPending: ItemID?

    /// When the focused row goes (ticked off, deleted, moved), GTK 4.8 leaves keyboard focus on no
    /// widget and keys stop working. Put it on the item that took its place instead: the next one,
    /// or the one above when it was the last.
    private func keepFocus(near position: Int) {
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
    private func itemPosition(from position: Int, step: Int) -> Int? {
        var i = position
        while i >= 0 && i < projection.count {
            if projection.identity(at: i) > 0 { return i }
            i += step
        }
        return nil
    }

    /// Up, Down, Page Up, Page Down, Home and End: to the item that many rows away, over headers and
    /// the end row; a move past the first or last item stops there.
    private func moveFocus(by delta: Int) -> Bool {
        guard projection.count > 0 else { return false }
        let from = listView.selected ?? 0
        let target = max(0, min(projection.count - 1, from + delta))
        let step = delta < 0 ? -1 : 1
        guard let i = itemPosition(from: target, step: step) ?? itemPosition(from: target, step: -step),
              let id = projection.itemID(at: i) else { return true }
        select(id)
        return true
    }

    /// Rows a page key moves: a screenful, less one so the row focused stays in sight.
    private var rowsPerPage: Int { max(1, Int(scrolled.widget.height) / Self.rowHeight - 1) }

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
        } catch { onError?(error) }
    }

    private func drop(_ dragged: ItemID, onto: ItemID, after: Bool) {
        guard dragged != onto, let from = projection.index(of: dragged), let j = projection.index(of: onto) else { return }
        let target = after ? j + 1 : j
        do { try projection.moveItem(from: from, to: from < target ? target - 1 : target) } catch { onError?(error) }
    }

    /// The row actions' keys, while the list has focus. First: GTK's list item takes Space
    /// (select) for itself otherwise. Each key activates its window action, so it does nothing
    /// while the action is disabled.
    private func addListShortcuts() {
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
        keys.add("<Shift>ISO_Left_Tab") { [weak self] in self?.listView.widget.moveFocusOut(forward: false); return true }
        // The row's menu from the keyboard, as GNOME lists do.
        for trigger in ["<Shift>F10", "Menu"] {
            keys.add(trigger) { [weak self] in self?.showContextMenuForSelection() ?? false }
        }
        listView.widget.add(keys.controller)
    }

    private func buildContextMenu() {
        contextMenu = PopoverMenu(menu: MainWindow.rowMenu(for: kind), parent: root.widget)
        // On Escape (or a choice that stays on the list) GTK 4.8 hands focus to the next focusable
        // widget, often a toast's button: back to the row, so the keyboard carries on where it
        // was. Not when the choice took the list off screen (Edit… opens the editor).
        // A choice that took the item off the list (moved to another, deleted) leaves focus on the
        // item that took its place.
        contextMenu?.onClosed { [weak self] in
            MainLoop.idle { [weak self] in
                guard let self, listView.widget.isDrawable else { return }
                if let id = selectedItem { select(id) } else if let at = menuPosition { keepFocus(near: at) }
            }
        }
    }

    private func showContextMenu(for id: ItemID, row: RowWidget, x: Double, y: Double) {
        guard let b = row.root.widget.bounds(in: root.widget), let i = projection.index(of: id) else { return }
        // Selected for the menu's actions, but without `select`'s later focus grab: focus moving
        // to the row would close the menu as soon as it opened.
        listView.select(i)
        menuPosition = i
        // Made for the moment: the item's state names the pick, and the lists change.
        contextMenu?.setMenu(MainWindow.rowMenu(for: kind, needed: model.item(id)?.needed ?? false,
                                                otherLists: model.lists.filter { $0.id != model.list }))
        contextMenu?.popup(at: b.x + x, b.y + y)
    }

    private func showContextMenuForSelection() -> Bool {
        guard let id = selectedItem, let row = bound.values.first(where: { $0.row.itemID == id })?.row else { return false }
        showContextMenu(for: id, row: row, x: 24, y: Double(row.root.widget.height) / 2)
        return true
    }

    /// A bar under the list (the Cart's Finish Shopping; the Shopping List's items for other
    /// stores). Returns the bar, to hide when it has nothing to say.
    @discardableResult
    func addFooter(_ w: Widget) -> Widget {
        let bar = Box(.horizontal)
        bar.widget.css("page-footer")
        w.expand(h: true)
        bar.append(w)
        page.append(bar.widget)
        return bar.widget
    }

    /// For tests: the row widgets GTK has built and bound (about a screenful, never one per item).
    var boundRows: [RowWidget] { bound.values.map(\.row) }
    /// For tests: the identity a bound row shows.
    func boundIdentity(of row: RowWidget) -> Int { bound[ObjectIdentifier(row)]?.identity ?? 0 }
}
