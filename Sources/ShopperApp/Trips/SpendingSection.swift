import ShopperModel

/// The Trips page's spending: "Spending" with Weeks or Months, the bars per week or month, and the
/// words under them that say what a picked bar came to.
@MainActor
final class SpendingSection {
    let plot: SpendingPlot
    private let caption = Label()
    private let weeks = ToggleButton(label: L("Weeks"))
    private let months = ToggleButton(label: L("Months"))
    /// What the bars are drawn from, drawn again when Weeks or Months is chosen.
    private var drawn: (trips: [TripSummary], money: MoneyFormat)

    init(money: MoneyFormat) {
        plot = SpendingPlot(money: money)
        drawn = ([], money)
    }

    /// The head, the plot and its caption, in that order, at the end of `content`.
    func place(in content: Box) {
        content.append(head().widget)
        plot.widget.margins(12)
        content.append(plot.widget)
        caption.xalign(0)
        caption.widget.css("dim-label")
        caption.widget.margins(12)
        caption.wrap()
        plot.onCaption = { [weak self] text in
            self?.caption.text = text
                ?? L("Point at a bar, or press Left and Right in the plot, to see what was spent.")
        }
        content.append(caption.widget)
    }

    /// "Spending", and Weeks or Months.
    private func head() -> Box {
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
            b.onToggled { [weak self] in self?.redraw() }
        }
        head.append(switcher.widget)
        head.widget.margins(12)
        return head
    }

    var period: SpendingPeriod { months.active ? .month : .week }
    /// The user's calendar, made once (it is not cheap).
    private static let calendar = UserLocale.current.calendar

    /// The bars of `trips` per week or month, as chosen.
    func show(_ trips: [TripSummary], money: MoneyFormat) {
        drawn = (trips, money)
        redraw()
    }

    private func redraw() {
        plot.show(period.bars(drawn.trips, calendar: Self.calendar), period: period, money: drawn.money)
    }

    var captionText: String { caption.text }
    func choose(_ p: SpendingPeriod) { (p == .month ? months : weeks).active = true }
}
