import Foundation
import ShopperModel

/// What the Trips page needs of whoever shows it (the trips controller).
@MainActor
protocol TripsPageHost: AnyObject {
    /// Delete a trip (with Undo there).
    func deleteTrip(_ id: TripID)
    func tripsFailed(_ error: Error)
}

/// The Trips page (Ctrl+5): what was spent per week or month as bars, and every trip newest first;
/// a trip opens to show what was bought, and can be deleted (with Undo, in the window). Trips are
/// read when the page is first shown, never at start.
@MainActor
final class TripsPage {
    let root = Box(.vertical)
    private let body = Leaflet()
    private var model: ShoppingModel
    private var money: MoneyFormat
    /// The trips read, in the recycling list, and what they came to.
    private(set) var rows: TripList!
    var trips: [TripSummary] { rows.trips }
    /// The spending per week or month, and the words under its plot.
    private let spending: SpendingSection
    private let content = Box(.vertical, spacing: 6)
    private let list = Box(.vertical)
    /// The page's explanation when there are no trips, and the open trip: each made when first
    /// needed, so that the page's first frame builds only what it shows.
    private lazy var empty = LazyStatusPage(
        in: list, icon: "document-open-recent-symbolic", title: L("No Trips Yet"),
        description: L(
            "Finish Shopping in the Cart records each trip: what you bought, where, and what it came to. Your spending per week and month shows here."
        ))
    private var builtDetail: TripDetail?
    /// How long the last read of the trips took, µs (for `make bench`).
    private(set) var readTime: Int64 = 0
    /// Set by the trips controller: trips deleted, errors said.
    weak var host: (any TripsPageHost)?

    init(model: ShoppingModel, money: MoneyFormat) {
        self.model = model
        self.money = money
        spending = SpendingSection(money: money)
        spending.place(in: content)
        rows = TripList(firstScreenful: Self.firstScreenful) { [weak self] row, trip in
            guard let self else { return }
            row.show(trip, list: listName(trip.list), money: self.money)
        }
        rows.listView.onActivate { [weak self] i in self?.open(i) }
        content.append(rows.scroller.widget)
        content.widget.expand(h: true, v: true)

        list.append(content.widget)
        body.append(list.widget, name: "trips")
        body.canUnfold(false)
        body.widget.expand(h: true, v: true)
        root.append(body.widget)
        reload()
        rows.showRestAfterFirstFrame()
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
            self?.host?.deleteTrip(id)
        }
        builtDetail = detail
        return detail
    }

    /// The trips read again (a trip recorded, deleted, brought back), the plot and list following.
    func reload() {
        let old = trips.count
        let t0 = Clock.now
        var read: [TripSummary] = []
        do { read = try model.trips.all() } catch { host?.tripsFailed(error) }
        readTime = Clock.now - t0
        rows.show(read)
        content.widget.visible = !trips.isEmpty
        empty.shown = trips.isEmpty
        showPlot()
        if let open = builtDetail?.tripID, !trips.contains(where: { $0.id == open }) { closeTrip() }
        // A trip just recorded: the page shows the trips, the new one at the top, not the trip
        // that was open before (which read as the new one under "2 trips").
        if trips.count > old, old > 0, isShowingTrip {
            closeTrip()
            rows.listView.scrollTo(0)
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

    var period: SpendingPeriod { spending.period }
    /// What the trips shown came to (the window's totals line says it).
    var spent: CostSum { rows.spent }

    private func showPlot() { spending.show(trips, money: money) }

    private func listName(_ id: ListID) -> String? { model.lists.all.first { $0.id == id }?.name }

    func open(_ i: Int) {
        guard i < trips.count else { return }
        do {
            guard let trip = try model.trips.trip(trips[i].id) else { return }
            detail.show(trip, list: listName(trip.list), money: money)
            body.visibleName = "trip"
            detail.focus()
        } catch {
            host?.tripsFailed(error)
        }
    }

    /// Back to the trips, the keyboard on the one that was open.
    private func closeTrip() {
        let open = builtDetail?.tripID
        body.visibleName = "trips"
        builtDetail?.tripID = nil
        if let i = trips.firstIndex(where: { $0.id == open }) { rows.listView.scrollTo(i) }
    }

    var isShowingTrip: Bool { body.visibleName == "trip" }
    var isEmptyShown: Bool { empty.shown }
    /// For tests: what the page has built, and the rows GTK is told of.
    var isDetailBuilt: Bool { builtDetail != nil }
    var isEmptyBuilt: Bool { empty.built != nil }
    var rowsShown: Int { rows.shownCount }

    /// The keyboard starts on the plot (Left and Right pick a bar), or on the empty page's words.
    func focus() {
        if trips.isEmpty { return }
        if isShowingTrip { detail.focus() } else { _ = spending.plot.widget.grabFocus() }
    }

    /// For tests and the window: the plot and its caption.
    var spendingPlot: SpendingPlot { spending.plot }
    var captionText: String { spending.captionText }
    func choose(_ p: SpendingPeriod) { spending.choose(p) }
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
