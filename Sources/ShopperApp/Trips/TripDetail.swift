import Foundation
import ShopperModel

/// One trip opened on the Trips page: each thing bought as it was bought, the total, and Delete.
@MainActor
final class TripDetail {
    let root = Box(.vertical, spacing: 12)
    private let title = Label()
    private let subtitle = Label()
    private let lines = ListBox()
    private let total = Label()
    private let back = Button(icon: "go-previous-symbolic", accessibleLabel: L("Back"))
    let deleteButton = Button(label: L("Delete Trip"))
    var tripID: TripID?
    var onBack: (@MainActor () -> Void)?
    var onDelete: (@MainActor (TripID) -> Void)?

    init() {
        root.widget.margins(12)
        let top = Box(.horizontal, spacing: 12)
        back.widget.css("flat")
        top.append(back.widget)
        let words = Box(.vertical, spacing: 2)
        title.widget.css("title-3")
        title.xalign(0)
        title.wrap()
        subtitle.xalign(0)
        subtitle.widget.css("dim-label")
        words.append(title.widget)
        words.append(subtitle.widget)
        words.widget.expand(h: true)
        top.append(words.widget)
        root.append(top.widget)
        lines.widget.css("boxed-list")
        lines.widget.align(v: .start)
        lines.noSelection()
        lines.widget.accessibleLabel(L("Bought"))
        let scroller = ScrolledWindow()
        scroller.child(lines.widget)
        scroller.widget.expand(h: true, v: true)
        root.append(scroller.widget)
        let foot = Box(.horizontal, spacing: 12)
        deleteButton.widget.css("destructive-action")
        foot.append(deleteButton.widget)
        total.widget.css("heading")
        total.widget.css("numeric")
        total.xalign(1)
        total.widget.expand(h: true)
        foot.append(total.widget)
        root.append(foot.widget)
        back.onClicked { [weak self] in self?.onBack?() }
        deleteButton.onClicked { [weak self] in
            guard let self, let id = tripID else { return }
            onDelete?(id)
        }
        let keys = ShortcutController(first: false)
        keys.add("Escape") { [weak self] in self?.onBack?(); return true }
        keys.add("<Alt>Left") { [weak self] in self?.onBack?(); return true }
        root.widget.add(keys.controller)
    }

    func show(_ trip: Trip, list: String?, money: MoneyFormat) {
        tripID = trip.id
        let shop = trip.shopName.isEmpty ? L("Any Store") : trip.shopName
        title.text = L("{date} · {store}", ["date": DateText.day(trip.date), "store": shop])
        let items = N("{n} item", "{n} items", trip.lines.count)
        subtitle.text = list.map { L("{list} · {items}", ["list": $0, "items": items]) } ?? items
        lines.removeAll()
        let numbers = UserLocale.current.numbers
        for line in trip.lines {
            let quantity = DecimalText.format(line.quantity, numbers)
            let what = line.unit.map { "\(quantity) \($0) \(line.description)" }
                ?? (line.quantity == 1 ? line.description : "\(quantity) × \(line.description)")
            let each = line.unitCost.flatMap {
                line.quantity != 1 ? Self.unitPrice(money.formatUnitPrice($0), unit: line.unit) : nil
            }
            let row = ActionRow(title: what, subtitle: each)
            let cost = Label(money.format(line.cost))
            cost.widget.css("numeric")
            row.addSuffix(cost.widget)
            lines.append(row.widget)
        }
        total.text = L("Total {amount}", ["amount": money.format(trip.total)])
    }

    func focus() { _ = back.widget.grabFocus() }

    /// For tests: what the trip's rows and total say.
    var totalText: String { total.text }

    /// "$1.39 per kg", "$0.89 per can" (a counted unit in the singular), "$1.25 each" without a unit.
    static func unitPrice(_ price: String, unit: String?) -> String {
        guard let unit else { return L("{price} each", ["price": price]) }
        return L("{price} per {unit}", ["price": price, "unit": CountUnit(unit)?.name(1) ?? unit])
    }
}
