import Foundation
import ShopperModel

/// The end of a trip: the prices in the cart, each ready to be corrected from the receipt before
/// they are recorded. Every price is filled in, so finishing is one press of Enter; a price that is
/// not a number disables Finish and says why.
@MainActor
final class FinishShoppingDialog {
    let dialog: MessageDialog
    private var rows: [(id: ItemID, entry: EntryRow, original: String)] = []
    /// Beside each price: "↑ 12 %" when it is dearer than the last paid at this store.
    private var rises: [ItemID: (Label, PriceWords, Item)] = [:]
    private let numbers = UserLocale.current.numbers
    static let finish = "finish"

    init(model: ShoppingModel, parent: Window, money: MoneyFormat,
         onFinish: @escaping @MainActor (_ paid: [ItemID: Decimal]) -> Void) {
        // Unreadable now: nothing to correct is offered, and finishing names the error.
        let items = (try? model.items.cartItems()) ?? []
        dialog = MessageDialog(parent: parent, heading: L("Finish Shopping"),
            body: L("Correct any price that differs from the receipt: prices are kept for next time."))
        dialog.addResponse("cancel", L("Cancel"))
        dialog.addResponse(Self.finish, L("Finish Shopping"), suggested: true)
        dialog.closeResponse("cancel")

        let list = ListBox()
        list.widget.css("boxed-list")
        for item in items {
            let basis =
                item.priceBasis == .forAll ? L("for all") : item.unit.map { L("per {unit}", ["unit": $0]) } ?? L("each")
            let entry = EntryRow(title: L("Price of {item}, {basis}", ["item": item.description, "basis": basis]))
            let text = item.price.map(money.editable) ?? ""
            entry.text = text
            let words = PriceWords(model, item: item.id, money: money)
            // No price yet: the last paid at this store, as the one to confirm (or correct).
            if item.price == nil, let last = words.lastHere {
                // History keeps a unit price to four decimals: a price for all is that times the
                // quantity, to the currency's own decimals (3 for 10.00, not 9.9999).
                var suggested = item.priceBasis == .forAll ? last * item.quantity : last, rounded = Decimal()
                NSDecimalRound(&rounded, &suggested, item.priceBasis == .forAll ? money.minorDigits : 4, .plain)
                entry.text = money.editable(rounded)
            }
            let rise = Label()
            rise.widget.css("warning")
            entry.addSuffix(rise.widget)
            rises[item.id] = (rise, words, item)
            entry.activatesDefault(true)
            entry.onChanged { [weak self] in self?.validate() }
            list.append(entry.row)
            rows.append((item.id, entry, text))
        }
        let scrolled = ScrolledWindow()
        scrolled.child(list.widget)
        scrolled.fitContent(maxHeight: 320)
        dialog.extraChild(scrolled.widget)
        dialog.widget.nameButtons(icons: [:])
        validate()
        dialog.onResponse { [weak self] response in
            guard let self, response == Self.finish, let paid = corrections() else { return }
            onFinish(paid)
        }
    }

    /// The prices changed, nil while one is not a price.
    func corrections() -> [ItemID: Decimal]? {
        var paid: [ItemID: Decimal] = [:]
        for (id, entry, original) in rows where entry.text != original {
            let draft = ItemDraft(description: "x", price: entry.text, numbers: numbers)
            guard let price = (try? draft.validate())?.price else {
                if entry.text.trimmingCharacters(in: .whitespaces).isEmpty { continue }  // left unknown
                return nil
            }
            paid[id] = price
        }
        return paid
    }

    private func validate() {
        for (id, entry, _) in rows {
            let draft = ItemDraft(description: "x", price: entry.text, numbers: numbers)
            entry.row.css("error", draft.errors().contains { $0.field == .price })
            if let (label, words, item) = rises[id] {
                let price = (try? draft.validate())?.price
                let text = words.shortRise(to: PriceBasis.unitPrice(price, item.priceBasis, item.quantity))
                label.text = text ?? ""
                label.widget.visible = text != nil
                label.widget.tooltip(words.rise(to: PriceBasis.unitPrice(price, item.priceBasis, item.quantity)))
            }
        }
        dialog.setEnabled(Self.finish, corrections() != nil)
    }

    func present() { dialog.present() }

    // For tests.
    var priceTexts: [String] { rows.map { $0.entry.text } }
    var riseTexts: [String] { rows.map { r in rises[r.id].map { $0.0.widget.visible ? $0.0.text : "" } ?? "" } }
    func setPrice(_ index: Int, _ text: String) { rows[index].entry.text = text }
}
