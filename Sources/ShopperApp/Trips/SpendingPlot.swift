import Foundation
import ShopperModel

/// Spending per week or month as bars, drawn with cairo in the theme's colours. The newest bars
/// that fit are shown; the pointer over a bar, a click, or Left and Right (Home, End) with the
/// keyboard pick one, and the caption says its period and amount. Screen readers get the same
/// figures as the plot's description.
@MainActor
final class SpendingPlot {
    private(set) var area: DrawingArea!
    var widget: Widget { area.widget }
    private(set) var bars: [SpendingBar] = []
    private(set) var period = SpendingPeriod.week
    /// The bar the keyboard or a click picked; the caption shows it (or the hovered one).
    private(set) var selected: Int?
    private var hovered: Int?
    /// The first bar drawn (the newest that fit are shown, and the window follows the selection).
    private var first = 0
    private var money: MoneyFormat
    /// What screen readers are told the plot shows (its accessible description).
    private(set) var textAlternative = ""
    /// Counts `show`s: the description made after one is for the bars it showed.
    private var shows = 0
    /// The period and amount of the bar picked or under the pointer (nil: none).
    var onCaption: ((String?) -> Void)?

    static let height: Int32 = 168
    private static let slot = 22.0, minSlot = 12.0, top = 22.0, bottom = 22.0

    init(money: MoneyFormat) {
        self.money = money
        area = DrawingArea { [weak self] cr, w, h in self?.draw(Cairo(cr: cr), Double(w), Double(h)) }
        area.contentHeight(Self.height)
        widget.expand(h: true)
        widget.focusable(true)
        widget.css("spending-plot")

        let motion = EventController.motion()
        motion.onPoint("motion") { [weak self] x, _ in self?.hover(at: x) }
        motion.on("leave") { [weak self] in self?.hover(at: nil) }
        widget.add(motion)
        let click = EventController.click()
        click.onPress("pressed") { [weak self] _, x, _ in
            guard let self else { return }
            _ = widget.grabFocus()
            if let i = index(at: x) { select(i) }
        }
        widget.add(click)
        let keys = EventController.key()
        keys.onKey { [weak self] keyval, _ in self?.press(keyval) ?? false }
        widget.add(keys)
        widget.onPointer("notify::has-focus") { [weak self] _ in
            guard let self else { return }
            if widget.hasFocus, selected == nil, !bars.isEmpty { select(bars.count - 1) } else { area.redraw() }
        }
    }

    func show(_ bars: [SpendingBar], period: SpendingPeriod, money: MoneyFormat) {
        // The newest bar picked stays the newest (a trip just finished is in it); another period
        // picks afresh.
        let newest = selected == self.bars.count - 1 || period != self.period
        self.bars = bars
        self.period = period
        self.money = money
        selected = selected == nil ? nil : newest ? bars.count - 1 : min(selected!, bars.count - 1)
        if selected ?? 0 < 0 { selected = nil }
        hovered = nil
        first = bars.count
        placeWindow()
        caption()
        area.redraw()
        // Every bar's words for screen readers, just after the page's first paint (260 weeks of
        // dates and amounts would double that frame's work).
        shows += 1
        // Held until then: the window may close first, and the plot outlive its widget (a late
        // update of a freed widget's accessible was a fatal critical in TripsPageTests).
        let held = HeldWidget(widget)
        MainLoop.idle { [weak self, shows, held] in
            withExtendedLifetime(held) {
                if self?.shows == shows { self?.describe() }  // not for bars shown since
            }
        }
    }

    /// How many bars fit the width, each at least `minSlot` wide.
    private var visibleCount: Int {
        let w = Double(max(widget.width, 1))
        return max(1, Int(w / Self.minSlot))
    }

    private var shown: Range<Int> { first..<min(bars.count, first + visibleCount) }

    /// The bars drawn: the picked one in view, and as many as the width holds (at a new width too).
    private func placeWindow() {
        let n = visibleCount
        let s = selected ?? bars.count - 1
        first = min(max(first, s - n + 1), s)
        first = max(0, min(first, bars.count - n))
    }

    private func slotWidth(_ w: Double) -> Double {
        let n = Double(max(shown.count, 1))
        return min(Self.slot * 2, max(Self.minSlot, w / n))
    }

    // MARK: Picking

    private func index(at x: Double?) -> Int? {
        guard let x, !bars.isEmpty else { return nil }
        let slot = slotWidth(Double(widget.width))
        let i = first + Int(x / slot)
        return shown.contains(i) ? i : nil
    }

    private func hover(at x: Double?) {
        let i = index(at: x)
        guard i != hovered else { return }
        hovered = i
        caption()
        area.redraw()
    }

    func select(_ i: Int) {
        guard !bars.isEmpty else { return }
        let i = min(max(i, 0), bars.count - 1)
        selected = i
        placeWindow()
        caption()
        area.redraw()
    }

    /// A key pressed in the plot; whether it picked a bar.
    func press(_ keyval: UInt32) -> Bool {
        guard !bars.isEmpty else { return false }
        let at = selected ?? bars.count - 1
        switch NavigationKey(keyval: keyval) {
        case .left: select(at - 1)
        case .right: select(at + 1)
        case .home: select(0)
        case .end: select(bars.count - 1)
        case .pageUp: select(at - visibleCount)
        case .pageDown: select(at + visibleCount)
        case nil: return false
        }
        return true
    }

    // MARK: Words

    /// "Week of 23 Nov: 42.10 € (2 trips)".
    func text(of i: Int) -> String {
        let bar = bars[i]
        let when = DateText.period(bar.start, period)
        let amount = money.format(bar.total)
        let trips = N("{n} trip", "{n} trips", bar.trips)
        return period == .week
            ? L("Week of {date}: {amount} ({trips})", ["date": when, "amount": amount, "trips": trips])
                               : L("{month}: {amount} ({trips})", ["month": when, "amount": amount, "trips": trips])
    }

    private func caption() {
        onCaption?((hovered ?? selected).map(text))
    }

    /// The text alternative: every bar's figure, newest first (a screen reader reads the recent
    /// ones first), and the bar picked as the name's end.
    private func describe() {
        let title = period == .week ? L("Spending per week") : L("Spending per month")
        widget.accessibleLabel(title)
        textAlternative = bars.isEmpty ? L("No trips yet") : bars.indices.reversed().map(text).joined(separator: "; ")
        widget.accessibleDescription(textAlternative)
    }

    // MARK: Drawing

    private func draw(_ c: Cairo, _ w: Double, _ h: Double) {
        placeWindow()
        let ink = ThemeColor.foreground(of: widget)
        let accent = ThemeColor.named("accent_color", of: widget, fallback: ink)
        let slot = slotWidth(w)
        let base = h - Self.bottom
        let maxTotal = shown.map { bars[$0].total }.max() ?? 0
        let scale = maxTotal > 0 ? (base - Self.top) / NSDecimalNumber(decimal: maxTotal).doubleValue : 0
        // The baseline and the highest amount shown, faint.
        c.color(ink, alpha: 0.25)
        c.line(from: (0, base + 0.5), to: (w, base + 0.5))
        c.stroke(width: 1)
        if maxTotal > 0 {
            c.color(ink, alpha: 0.6)
            c.text(money.format(maxTotal), x: 2, y: 0, widget: widget)
        }
        let picked = hovered ?? selected
        var lastTickEnd = -Double.infinity
        for (n, i) in shown.enumerated() {
            let bar = bars[i]
            let x = Double(n) * slot
            let height = max(bar.total > 0 ? 2 : 0, NSDecimalNumber(decimal: bar.total).doubleValue * scale)
            c.color(accent, alpha: i == picked ? 1 : 0.55)
            c.roundedRect(x: x + slot * 0.15, y: base - height, width: slot * 0.7, height: height, radius: 3)
            c.fill()
            if i == selected, widget.hasFocus {
                c.color(accent)
                c.roundedRect(x: x + 1, y: Self.top - 4, width: slot - 2, height: base - Self.top + 4, radius: 4)
                c.stroke(width: 2)
            }
            // Ticks under the bars, where they do not run into the last one (a date is only
            // written for the ticks drawn).
            let centre = x + slot / 2
            if centre - 18 > lastTickEnd {
                c.color(ink, alpha: i == picked ? 1 : 0.6)
                lastTickEnd =
                    c.text(
                        DateText.tick(bar.start, period), x: centre, y: base + 3, widget: widget, center: true, maxX: w)
                    + 6
            }
        }
    }
}
