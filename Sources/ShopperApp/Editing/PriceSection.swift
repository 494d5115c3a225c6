import ShopperModel

/// The item editor's price: what it is the price of ("per kg" or "for all") beside it, and under it
/// a total no one would pay for so little ("5.49 per g = 2,745.00"), a rise on the last price paid,
/// and the prices paid before (a line and the figures; hidden for an item never bought).
@MainActor
final class PriceSection {
    private let perUnit = ToggleButton(label: L("per unit"))
    private let forAll = ToggleButton(label: L("for all"))
    private let hint = Label()
    /// "↑ 12 % on the last price paid at Aldi (1.00)".
    private let rise = Label()
    private let history = Box(.vertical, spacing: 4)
    private let historyText = Label()
    private let sparkline = Sparkline()
    /// What the prices paid before say of the item open.
    private var words: PriceWords?
    /// Set by the editor: the basis chosen changed (the fields are validated again).
    var onBasisChanged: (@MainActor () -> Void)?

    /// The price entry, and under it the basis: side by side they would not fit a phone in every
    /// language.
    func row(_ entry: Entry) -> Box {
        let row = Box(.vertical, spacing: 6)
        row.append(entry.widget)
        let basis = Box(.horizontal)
        basis.widget.css("linked")
        basis.widget.align(h: .start)
        forAll.join(perUnit)
        perUnit.active = true
        for button in [perUnit, forAll] {
            basis.append(button.widget)
            button.onToggled { [weak self] in self?.onBasisChanged?() }
        }
        row.append(basis.widget)
        hint.widget.css("hint")
        hint.xalign(0)
        hint.wrap()
        hint.widget.visible = false
        rise.widget.css("warning")
        rise.xalign(0)
        rise.wrap()
        rise.widget.visible = false
        historyText.widget.css("caption")
        historyText.widget.css("dim-label")
        historyText.xalign(0)
        historyText.wrap()
        historyText.widget.expand(h: true)
        history.append(sparkline.widget)
        history.append(historyText.widget)
        history.widget.visible = false
        return row
    }

    /// The price's notes: its error first, then the hint, the rise and the history.
    func notes(under error: Label) -> Box {
        let notes = Box(.vertical, spacing: 2)
        notes.append(error.widget)
        notes.append(hint.widget)
        notes.append(rise.widget)
        notes.append(history.widget)
        return notes
    }

    var basis: PriceBasis { forAll.active ? .forAll : .perUnit }
    func choose(_ basis: PriceBasis) { (basis == .forAll ? forAll : perUnit).active = true }

    /// The prices paid before for the item opened.
    func show(_ words: PriceWords, money: MoneyFormat) {
        self.words = words
        history.widget.visible = !words.stats.isEmpty
        historyText.text = words.summary ?? ""
        sparkline.show(words.stats, money: money)
    }

    /// Follows the fields as typed: the basis named by the unit, and what the price (when the
    /// fields are `valid`) says.
    func follow(unit: String, _ valid: ItemFields?, money: MoneyFormat) {
        perUnit.label = unit.isEmpty ? L("each") : L("per {unit}", ["unit": unit])
        let hintText = valid.flatMap { CostText.implausibleHint($0, money: money) }
        hint.text = hintText ?? ""
        hint.widget.visible = hintText != nil
        let riseText = valid.flatMap { words?.rise(to: PriceBasis.unitPrice($0.price, $0.priceBasis, $0.quantity)) }
        rise.text = riseText ?? ""
        rise.widget.visible = riseText != nil
    }

    // For tests.
    var hintText: String? { hint.widget.visible ? hint.text : nil }
    var riseText: String? { rise.widget.visible ? rise.text : nil }
    var historyShown: String? { history.widget.visible ? historyText.text : nil }
    var basisLabel: String { perUnit.label }
}
