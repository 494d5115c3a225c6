import ShopperModel

/// The Trips page's list: every trip newest first, in a recycling list whose first frame builds a
/// screenful, and what the trips shown came to.
@MainActor
final class TripList {
    /// What the list shows, in a box of its own: the row model reads it (weakly) from GTK's calls.
    private final class Shown { var trips: [TripSummary] = [] }
    private let shown = Shown()
    private let rowModel: RowListModel
    let listView: ListView
    let scroller = ScrolledWindow()
    /// What the trips shown came to.
    private(set) var spent = CostSum.zero

    var trips: [TripSummary] { shown.trips }
    var shownCount: Int { rowModel.shownCount }

    /// `fill` shows a trip in a row GTK bound.
    init(firstScreenful: Int, fill: @escaping @MainActor (TripRow, TripSummary) -> Void) {
        // Identities from 1: the row model keeps an identity as object data, where 0 is none.
        rowModel = RowListModel(count: { [weak shown] in shown?.trips.count ?? 0 }, identity: { $0 + 1 })
        // The first frame builds the rows a window can show; the rest follow it (see `ListPage`).
        rowModel.showFirst(firstScreenful)
        let factory = ListItemFactory(setup: { item in
            item.child = TripRow().root
        }, bind: { [weak shown] item in
            guard let trips = shown?.trips, let child = item.child, let object = item.object else { return }
            let i = RowListModel.identity(of: object) - 1
            guard i >= 0, i < trips.count else { return }
            fill(TripRow(wrapping: child), trips[i])
        })
        listView = ListView(model: rowModel, factory: factory)
        listView.activateOnSingleClick()
        listView.widget.accessibleLabel(L("Trips"))
        scroller.child(listView.widget)
        scroller.widget.expand(h: true, v: true)
    }

    /// The trips read again: GTK is told they all changed.
    func show(_ read: [TripSummary]) {
        let old = shown.trips.count
        shown.trips = read
        spent = read.reduce(CostSum.zero) { $0 + CostSum($1.total) }
        rowModel.itemsChanged(position: 0, removed: old, added: read.count)
    }

    /// The rest of the rows, once the first frame is on screen.
    func showRestAfterFirstFrame() {
        listView.widget.afterFirstFrame { [rowModel] in MainLoop.idle { rowModel.showAll() } }
    }
}
