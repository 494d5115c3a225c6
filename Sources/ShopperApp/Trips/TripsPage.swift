import Foundation
import ShopperModel

/// The Trips page (Ctrl+5): what was spent per week or month as bars, and every trip newest first;
/// a trip opens to show what was bought, and can be deleted (with Undo, in the window). Trips are
/// read when the page is first shown, never at start.
@MainActor
final class TripsPage {
    let root = Box(.vertical)
    private let body = Leaflet()
    private var model: ShoppingModel
    private var money: MoneyFormat
    /// What the list shows, in a box of its own: the row model reads it (weakly) from GTK's calls.
    private final class Shown { var trips: [TripSummary] = [] }
    private let shown = Shown()
    var trips: [TripSummary] { shown.trips }
    private let plot: SpendingPlot
    private let caption = Label()
    private let weeks = ToggleButton(label: L("Weeks"))
    private let months = ToggleButton(label: L("Months"))
    private let content = Box(.vertical, spacing: 6)
    private let list = Box(.vertical)
    /// The page's explanation when there are no trips, and the open trip: each made when first
    /// needed, so that the page's first frame builds only what it shows.
    private lazy var empty = LazyStatusPage(
        in: list, icon: "document-open-recent-symbolic", title: L("No Trips Yet"),
        description: L("Finish Shopping in the Cart records each trip: what you bought, where, and what it came to. Your spending per week and month shows here."))
    private var builtDetail: TripDetail?
    private let rowModel: RowListModel
    private(set) var listView: ListView!
    /// What the trips shown came to (the window's totals line says it).
    private(set) var spent = CostSum.zero
    /// How long the last read of the trips took, µs (for `make bench`).
    private(set) var readTime: Int64 = 0
    /// Set by the window: delete a trip (with Undo there).
    var onDelete: (@MainActor (TripID) -> Void)?
    var onError: (@MainActor (Error) -> Void)?

    init(model: ShoppingModel, money: MoneyFormat) {
        self.model = model
        self.money = money
        plot = SpendingPlot(money: money)
        // Identities from 1: the row model keeps an identity as object data, where 0 is none.
        rowModel = RowListModel(count: { [weak shown] in shown?.trips.count ?? 0 }, identity: { $0 + 1 })
        // The first frame builds the rows a window can show; the rest follow it (see `ListPage`).
        rowModel.showFirst(Self.firstScreenful)

        content.append(spendingHead().widget)
        placePlot()
        content.append(tripsList().widget)
        content.widget.expand(h: true, v: true)

        list.append(content.widget)
        body.append(list.widget, name: "trips")
        body.canUnfold(false)
        body.widget.expand(h: true, v: true)
        root.append(body.widget)
        reload()
        listView.widget.afterFirstFrame { [weak self] in MainLoop.idle { self?.rowModel.showAll() } }
    }

    /// "Spending", and Weeks or Months.
    private func spendingHead() -> Box {
        let head = Box(.horizontal, spacing: 12)
        let title = Label(L("Spending"))
        title.widget.css("heading")
        title.xalign(0)
        title.widget.expand(h: true)
        head.append(title.widget)
        let switcher = Box(.horizontal)
        switcher.widget.css("linked")
        weeks.join(months)
        weeks.active = true
        for b in [weeks, months] {
            switcher.append(b.widget)
            b.onToggled { [weak self] in self?.showPlot() }
        }
        head.append(switcher.widget)
        head.widget.margins(12)
        return head
    }

    /// The plot, and the words under it that say what a picked bar came to.
    private func placePlot() {
        plot.widget.margins(12)
        content.append(plot.widget)
        caption.xalign(0)
        caption.widget.css("dim-label")
        caption.widget.margins(12)
        caption.wrap()
        plot.onCaption = { [weak self] text in
            self?.caption.text = text ?? L("Point at a bar, or press Left and Right in the plot, to see what was spent.")
        }
        content.append(caption.widget)
    }

    /// The trips, newest first, in a recycling list.
    private func tripsList() -> ScrolledWindow {
        let factory = ListItemFactory(setup: { item in
            item.child = TripRow().root
        }, bind: { [weak self] item in
            guard let self, let child = item.child, let object = item.object else { return }
            let i = RowListModel.identity(of: object) - 1
            guard i >= 0, i < trips.count else { return }
            TripRow(wrapping: child).show(trips[i], list: listName(trips[i].list), money: self.money)
        })
        listView = ListView(model: rowModel, factory: factory)
        listView.activateOnSingleClick()
        listView.widget.accessibleLabel(L("Trips"))
        listView.onActivate { [weak self] i in self?.open(i) }
        let scroller = ScrolledWindow()
        scroller.child(listView.widget)
        scroller.widget.expand(h: true, v: true)
        return scroller
    }

    /// Rows that fill the window below the plot (`Screenful`); never more than GTK builds anyway.
    static var firstScreenful: Int {
        min(Screenful.rows(ofHeight: TripRow.minHeight, below: Int(SpendingPlot.height)), RowListModel.gtkWindow)
    }

    var detail: TripDetail {
        if let built = builtDetail { return built }
        let detail = TripDetail()
        body.append(detail.root.widget, name: "trip")
        detail.onBack = { [weak self] in self?.closeTrip() }
        detail.onDelete = { [weak self] id in
            self?.closeTrip()
            self?.onDelete?(id)
        }
        builtDetail = detail
        return detail
    }

    /// The trips read again (a trip recorded, deleted, brought back), the plot and list following.
    func reload() {
        let old = trips.count
        let t0 = Clock.now
        do { shown.trips = try model.trips.all() } catch {
            shown.trips = []
            onError?(error)
        }
        readTime = Clock.now - t0
        spent = trips.reduce(CostSum.zero) { $0 + CostSum($1.total) }
        rowModel.itemsChanged(position: 0, removed: old, added: trips.count)
        content.widget.visible = !trips.isEmpty
        empty.shown = trips.isEmpty
        showPlot()
        if let open = builtDetail?.tripID, !trips.contains(where: { $0.id == open }) { closeTrip() }
        // A trip just recorded: the page shows the trips, the new one at the top, not the trip
        // that was open before (which read as the new one under "2 trips").
        if trips.count > old, old > 0, isShowingTrip {
            closeTrip()
            listView.scrollTo(0)
        }
    }

    func show(_ new: ShoppingModel) {
        model = new
        reload()
    }

    func setMoney(_ m: MoneyFormat) {
        money = m
        reload()
    }

    var period: SpendingPeriod { months.active ? .month : .week }
    /// The user's calendar, made once (it is not cheap).
    private static let calendar = UserLocale.current.calendar

    private func showPlot() {
        plot.show(period.bars(trips, calendar: Self.calendar), period: period, money: money)
    }

    private func listName(_ id: ListID) -> String? { model.lists.all.first { $0.id == id }?.name }

    func open(_ i: Int) {
        guard i < trips.count else { return }
        do {
            guard let trip = try model.trips.trip(trips[i].id) else { return }
            detail.show(trip, list: listName(trip.list), money: money)
            body.visibleName = "trip"
            detail.focus()
        } catch {
            onError?(error)
        }
    }

    /// Back to the trips, the keyboard on the one that was open.
    private func closeTrip() {
        let open = builtDetail?.tripID
        body.visibleName = "trips"
        builtDetail?.tripID = nil
        if let i = trips.firstIndex(where: { $0.id == open }) { listView.scrollTo(i) }
    }

    var isShowingTrip: Bool { body.visibleName == "trip" }
    var isEmptyShown: Bool { empty.shown }
    /// For tests: what the page has built, and the rows GTK is told of.
    var isDetailBuilt: Bool { builtDetail != nil }
    var isEmptyBuilt: Bool { empty.built != nil }
    var rowsShown: Int { rowModel.shownCount }

    /// The keyboard starts on the plot (Left and Right pick a bar), or on the empty page's words.
    func focus() {
        if trips.isEmpty { return }
        if isShowingTrip { detail.focus() } else { _ = plot.widget.grabFocus() }
    }

    /// For tests and the window: the plot and its caption.
    var spendingPlot: SpendingPlot { plot }
    var captionText: String { caption.text }
    func choose(_ p: SpendingPeriod) { (p == .month ? months : weeks).active = true }
}

/// One trip in the list: its day and store, its list and size, and its total.
@MainActor
struct TripRow {
    let root: Widget
    /// No row is lower: two lines of text (a caption under a line) and the margins.
    static let minHeight = 48
    init() {
        let root = Box(.horizontal, spacing: 12)
        let words = Box(.vertical, spacing: 2)
        let title = Label(), subtitle = Label(), total = Label()
        title.xalign(0)
        title.ellipsize()
        subtitle.xalign(0)
        subtitle.ellipsize()
        subtitle.widget.css("dim-label")
        subtitle.widget.css("caption")
        words.append(title.widget)
        words.append(subtitle.widget)
        words.widget.expand(h: true)
        total.widget.css("numeric")
        root.append(words.widget)
        root.append(total.widget)
        root.widget.margins(10)
        self.root = root.widget
    }
    init(wrapping w: Widget) { root = w }

    func show(_ trip: TripSummary, list: String?, money: MoneyFormat) {
        let words = root.firstChild!, total = Label(wrapping: words.nextSibling!)
        let title = Label(wrapping: words.firstChild!), subtitle = Label(wrapping: words.firstChild!.nextSibling!)
        let shop = trip.shopName.isEmpty ? L("Any Store") : trip.shopName
        title.text = L("{date} · {store}", ["date": DateText.day(trip.date), "store": shop])
        let items = N("{n} item", "{n} items", trip.lineCount)
        subtitle.text = list.map { L("{list} · {items}", ["list": $0, "items": items]) } ?? items
        total.text = money.format(trip.total)
        root.nameListCell("\(title.text), \(subtitle.text), \(total.text)")
    }
}
