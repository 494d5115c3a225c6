import ShopperModel

/// What a list page needs of whoever shows it (the items controller): what a row's action does,
/// where an error is said, who follows the selection and the rows, and what covers the list's foot.
@MainActor
protocol ListPageHost: AnyObject {
    /// A click or key on a row (after any animation).
    func perform(_ action: RowAction, on id: ItemID)
    /// A move failed to save.
    func pageFailed(_ error: Error)
    /// The selected row changed (which commands are enabled follows).
    func pageSelectionChanged()
    /// The rows changed (totals in the header follow).
    func pageRowsChanged()
    /// The top of what covers the foot of the list (the toast), in `widget`'s coordinates; nil when
    /// nothing does.
    func coveredTop(in widget: Widget) -> Double?
}

/// One of the three lists: a projection of the model shown in a `ListView` whose rows are recycled
/// (only those near the visible area exist), under its empty-state explanation.
@MainActor
final class ListPage {
    let kind: ListKind
    /// The list shown; another list's model replaces both (`show(_:)`), the widgets stay.
    var projection: ListProjection { shown.projection }
    /// The list this page shows: whose model, its projection (where the rows GTK asks for come
    /// from), and another list to show once the page is next needed. The row model reads through it
    /// weakly, as GTK may keep the row model after the page, so another list's projection takes
    /// its place.
    final class Shown {
        private(set) var model: ShoppingModel
        private(set) var projection: ListProjection
        /// Another list to show once this page is next needed (set for the pages not on screen, so
        /// a switch draws the page shown first; the window catches them up right after).
        var pending: ShoppingModel?
        /// The window was closed: its list view is no more (the page may outlive it).
        var viewGone = false

        init(_ model: ShoppingModel, kind: ListKind, sectioning: Sectioning) {
            self.model = model
            projection = ListProjection(model: model, kind: kind, sectioning: sectioning)
        }

        /// Another list's model in place of this one, its search and sectioning kept; returns the
        /// projection left, which no longer tells anyone of its changes.
        @MainActor func replace(with newModel: ShoppingModel) -> ListProjection {
            let old = projection
            model = newModel
            projection = ListProjection(model: newModel, kind: old.kind, sectioning: old.sectioning, query: old.query)
            old.announcer.onRowsChanged = nil
            old.announcer.onContentChanged = nil
            return old
        }
    }
    let shown: Shown
    /// The page as the stack shows it: the list under its explanation, and a footer if any.
    let page = Box(.vertical)
    let emptyState: EmptyState
    var listView: ListView!
    let scrolled = ScrolledWindow()
    let rowModel: RowListModel
    /// The rows' options and currency.
    private(set) var look: RowLook
    /// The row widgets: bound to GTK's list items, waiting in a pool, built, leaving; their menu.
    private(set) var rows: RowPool!
    /// The rows past the first screenful, and the rest of a long list, as they come.
    private var arrival: RowArrival!
    /// Set by the items controller: what rows do, where errors go, who follows the rows.
    weak var host: (any ListPageHost)?

    // The parameters are named apart from the properties they set: a closure made here that said
    // `model` would hold the list it was made with (not the one shown later), and keep it.
    init(
        kind: ListKind, model initialModel: ShoppingModel, options initialOptions: DisplayOptions,
        sectioning: Sectioning,
         money initialMoney: MoneyFormat, emptyButtonTitle: String? = nil) {
        self.kind = kind
        look = RowLook(kind: kind, options: initialOptions, money: initialMoney)
        let shown = Shown(initialModel, kind: kind, sectioning: sectioning)
        self.shown = shown
        rowModel = RowListModel(count: { [weak shown] in shown?.projection.count ?? 0 },
                                identity: { [weak shown] in shown?.projection.identity(at: $0) ?? 0 })
        rowModel.showFirst(Self.firstScreenful)
        emptyState = EmptyState(text: kind.emptyExplanation, buttonTitle: emptyButtonTitle)

        let root = Overlay()
        rows = RowPool(page: self, menuParent: root.widget)
        listView = ListView(model: rowModel, factory: rows.factory())
        arrival = RowArrival(rowModel: rowModel, view: listView.widget, shown: shown)
        // Once the first frame is on screen; in an idle, so that frame's other after-paint work
        // goes first.
        listView.widget.afterFirstFrame { [weak self] in
            MainLoop.idle {
                self?.arrival.revealRest()
                self?.arrival.fillWhenIdle()
                self?.prepareSearchWhenIdle()
            }
        }
        listView.widget.on("destroy") { [weak shown] in shown?.viewGone = true }
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
            guard let self, let id = projection.itemID(at: position),
                  let item = shown.model.items.item(id) else { return }
            act(look.presentation(of: item).actions.row, on: id)
        }
        addListShortcuts()
        listView.onSelectionChanged { [weak self] in self?.host?.pageSelectionChanged() }
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
        let removed = shown.replace(with: newModel).count
        follow(projection)
        rows.forgetLeaving()
        projection.announcer.onRowsChanged?(0, removed, projection.count)
        emptyState.set(empty: projection.isEmpty, animated: false)
        arrival.fillWhenIdle()
        if projection.query == nil { prepareSearchWhenIdle() }
    }

    /// Another list to show once this page is next needed (`Shown.pending`). A store switch does the
    /// same with the projection's rebuild (`ListProjection.holdRebuilds`).
    func show(later newModel: ShoppingModel) { shown.pending = newModel }

    /// Whether a switch left this page behind (`catchUp` brings it up to date).
    var isBehind: Bool { shown.pending != nil || projection.hold.isOn }

    func catchUp() {
        if let m = shown.pending {
            shown.pending = nil
            show(m)
        } else if projection.catchUp() {
            // A rebuild held while the page was not on screen (a store switch re-sorted the list):
            // shown from its top, as the list on screen was.
            showTop()
        }
    }

    /// The projection's changes reach GTK and the window. (The closures read `self.projection`: a
    /// parameter of that name would be captured, and the projection would hold itself.)
    func follow(_ shown: ListProjection) {
        shown.announcer.onRowsChanged = { [weak self] position, removed, added in
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
            let unselect: (() -> Void)? =
                if let s = listView.selected, s >= position, s < position + removed {
                    { [listView = listView!] in
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
            if inTwoSteps { arrival.restartReveal() }
            if let identity = reselect, identity > 0, let i = projection.index(of: ItemID(Int64(identity))) {
                rowModel.showAll()  // the row may be past the screenful
                listView.select(i)
            }
            if atTop, position == 0 || inTwoSteps, added > 0 { listView.keepTop() }
            if hadFocus && removed > 0 { keepFocus(near: position) }
            emptyState.set(empty: projection.isEmpty, animated: true)
            arrival.fillWhenIdle()
            host?.pageRowsChanged()
        }
        // Rows that stay keep their widgets (and focus): refresh the bound ones in place.
        shown.announcer.onContentChanged = { [weak self] identities in
            guard let self else { return }
            for (row, identity) in rows.bound.values where identities.contains(identity) {
                show(row, identity: identity)
            }
            host?.pageRowsChanged()
        }
    }

    isolated deinit {
        listView?.release()
        rows?.letGo()
    }

    /// Rows added in one change above which the change is told in two steps: GTK's search for the
    /// rows it follows grows with them, and the frame after needs no more than a screenful.
    static var largeChange: Int { firstScreenful }

    func show(_ row: RowWidget, identity: Int) {
        guard let content = projection.row(identity: identity) else { return }
        look.fill(row, with: content, query: projection.query)
    }

    /// Applies new display options to the rows on screen; the list itself is not rebuilt.
    func setOptions(_ o: DisplayOptions) {
        guard look.take(o) else { return }
        showBoundRowsAgain()
    }

    func setSectioning(_ s: Sectioning) { projection.setSectioning(s) }

    /// Another currency: the rows on screen are shown again; the list is not rebuilt.
    func setMoney(_ m: MoneyFormat) {
        look.take(m)
        showBoundRowsAgain()
    }

    /// The rows on screen shown again, of a list caught up first: one held back from a store
    /// switch would show its sections under the new order's names.
    private func showBoundRowsAgain() {
        catchUp()
        for (row, identity) in rows.bound.values { show(row, identity: identity) }
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
    var boundRows: [RowWidget] { rows.bound.values.map(\.row) }
    /// Row widgets built so far: recycling keeps this near a screenful whatever happens.
    var rowsBuilt: Int { rows.built }
    /// For tests: the identity a bound row shows.
    func boundIdentity(of row: RowWidget) -> Int { rows.bound[ObjectIdentifier(row)]?.identity ?? 0 }

    /// Every row is shown to GTK (none waits for a frame to come).
    var allRowsShown: Bool { !rowModel.isLimited }
    /// The item on the selected (keyboard-focused) row.
    var selectedItem: ItemID? { listView.selected.flatMap(projection.itemID) }
    /// An explicit `select` waiting for GTK to bind its row; it wins over `keepFocus`.
    var focusPending: ItemID?
    /// Rows a page key moves: a screenful, less one so the row focused stays in sight.
    var rowsPerPage: Int { max(1, Int(scrolled.widget.height) / Self.rowHeight - 1) }
}
