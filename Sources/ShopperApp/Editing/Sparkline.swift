import Foundation
import ShopperModel

/// An item's prices paid as a small line, oldest to newest, the last one a dot: how the price went,
/// at a glance. Screen readers get the prices as its description.
@MainActor
final class Sparkline {
    private(set) var area: DrawingArea!
    var widget: Widget { area.widget }
    private var prices: [Double] = []

    init() {
        area = DrawingArea { [weak self] cr, w, h in self?.draw(Cairo(cr: cr), Double(w), Double(h)) }
        widget.sizeRequest(width: 140, height: 28)
        widget.align(h: .start)
        widget.accessibleLabel(L("Price history"))
    }

    func show(_ stats: PriceStats, money: MoneyFormat) {
        prices = stats.records.map { NSDecimalNumber(decimal: $0.unitCost).doubleValue }
        widget.accessibleDescription(
            stats.records.map { "\(DateText.short($0.date)): \(money.format($0.unitCost))" }.joined(separator: "; "))
        area.redraw()
    }

    private func draw(_ c: Cairo, _ w: Double, _ h: Double) {
        guard prices.count > 0 else { return }
        let ink = ThemeColor.named("accent_color", of: widget, fallback: ThemeColor.foreground(of: widget))
        let low = prices.min()!, high = prices.max()!
        let pad = 3.0
        func point(_ i: Int) -> (Double, Double) {
            let x = prices.count == 1 ? w - pad : pad + (w - 2 * pad) * Double(i) / Double(prices.count - 1)
            let y = high == low ? h / 2 : pad + (h - 2 * pad) * (1 - (prices[i] - low) / (high - low))
            return (x, y)
        }
        c.color(ink)
        for i in prices.indices.dropFirst() { c.line(from: point(i - 1), to: point(i)) }
        c.stroke(width: 1.5)
        let (x, y) = point(prices.count - 1)
        c.circle(x: x, y: y, radius: 2.5)
        c.fill()
    }
}
