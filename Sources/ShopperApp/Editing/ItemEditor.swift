import ShopperModel

/// The detail editor that slides in over the lists: every field validates as you type with its
/// message beside it, and nothing is saved until all are valid. Leaving (Back, Escape, a swipe)
/// keeps valid changes, as GNOME apps do; changes that are not valid are dropped, and said so.
/// The price says what it is the price of ("per kg" or "for all"), and a total no one would pay
/// for so little ("5.49 per g = 2,745.00") is pointed out beside it.
@MainActor
final class ItemEditor {
    let root = Box(.vertical, spacing: 12)
    /// What the window shows: the editor, scrolling when it is taller than the window (a price
    /// history at a phone's 640 px made the window grow past the screen).
    let page = ScrolledWindow()
    private let title = Label(L("Edit Item"))
    private let back = Button(icon: "go-previous-symbolic", accessibleLabel: L("Back"))
    private let save = Button(label: L("Save"))
    private let delete = Button(label: L("Delete Item"))
    private var entries: [ItemField: Entry] = [:]
    private var errors: [ItemField: Label] = [:]
    private let perUnit = ToggleButton(label: L("per unit"))
    private let forAll = ToggleButton(label: L("for all"))
    private let priceHint = Label()
    /// "↑ 12 % on the last price paid at Aldi (1.00)".
    private let priceRise = Label()
    /// The prices paid before: a line and the figures (hidden for an item never bought).
    private let history = Box(.vertical, spacing: 4)
    private let historyText = Label()
    private let sharesText = Label()
    private let sparkline = Sparkline()
    private var words: PriceWords?
    /// "Sold at": shown when there are stores to choose from.
    private let onlyAt = OnlyAtChooser()
    private let onlyAtLabel = Label(L("Sold At"))
    var money: MoneyFormat
    private(set) var itemID: ItemID?
    private let model: ShoppingModel

    var onClose: (@MainActor () -> Void)?
    var onDelete: (@MainActor (ItemID) -> Void)?
    var onError: (@MainActor (Error) -> Void)?

    static let fields: [(ItemField, String)] = [
        (.description, L("Description")), (.quantity, L("Quantity")), (.unit, L("Unit")),
        (.price, L("Price")), (.aisle, L("Aisle")), (.notes, L("Notes")),
    ]

    init(model: ShoppingModel, money: MoneyFormat) {
        self.model = model
        self.money = money
        root.widget.css("editor")
        root.widget.margins(18)
        page.child(root.widget)
        let top = Box(.horizontal, spacing: 12)
        back.widget.css("flat")
        title.widget.css("title-2")
        title.widget.expand(h: true)
        title.xalign(0)
        top.append(back.widget)
        top.append(title.widget)
        root.append(top.widget)
        root.append(fieldsGrid().widget)
        root.append(buttonRow().widget)
        wireButtons()
    }

    /// A label and an entry a field, each with its error under it; the price's notes (a hint, a
    /// rise, its history) under the price; then Sold At.
    private func fieldsGrid() -> Grid {
        let grid = Grid()
        for (row, (field, name)) in Self.fields.enumerated() {
            let label = Label(name)
            label.xalign(1)
            let entry = Entry()
            entry.widget.expand(h: true)
            entry.widget.accessibleLabel(name)
            entry.activatesDefault(true)
            let error = Label()
            error.widget.css("error")
            error.xalign(0)
            error.wrap()
            error.widget.visible = false
            grid.attach(label.widget, column: 0, row: Int32(row * 2))
            grid.attach(field == .price ? priceRow(entry).widget : entry.widget, column: 1, row: Int32(row * 2))
            if field == .price {
                let notes = Box(.vertical, spacing: 2)
                notes.append(error.widget)
                notes.append(priceHint.widget)
                notes.append(priceRise.widget)
                notes.append(history.widget)
                grid.attach(notes.widget, column: 1, row: Int32(row * 2 + 1))
            } else {
                grid.attach(error.widget, column: 1, row: Int32(row * 2 + 1))
            }
            entries[field] = entry
            errors[field] = error
            entry.onChanged { [weak self] in self?.validate() }
            entry.onActivate { [weak self] in self?.commit() }
        }
        onlyAtLabel.xalign(1)
        onlyAt.button.widget.align(h: .start)
        grid.attach(onlyAtLabel.widget, column: 0, row: Int32(Self.fields.count * 2))
        grid.attach(onlyAt.button.widget, column: 1, row: Int32(Self.fields.count * 2))
        // What recipes and planned meals asked of the item ("250 ml for Pancakes (Tue)").
        sharesText.xalign(0)
        sharesText.wrap()
        sharesText.widget.css("dim-label")
        grid.attach(sharesText.widget, column: 1, row: Int32(Self.fields.count * 2 + 1))
        return grid
    }

    /// Delete at the start, Save at the end.
    private func buttonRow() -> Box {
        let buttons = Box(.horizontal, spacing: 12)
        delete.widget.css("destructive-action")
        save.widget.css("suggested-action")
        save.widget.expand(h: true).align(h: .end)
        buttons.append(delete.widget)
        buttons.append(save.widget)
        return buttons
    }

    private func wireButtons() {
        back.onClicked { [weak self] in self?.onClose?() }
        save.onClicked { [weak self] in self?.commit() }
        delete.onClicked { [weak self] in
            guard let self, let id = itemID else { return }
            onDelete?(id)
        }
        let keys = ShortcutController(first: false)
        keys.add("Escape") { [weak self] in self?.onClose?(); return true }
        root.widget.add(keys.controller)
    }

    /// The price entry with its basis beside it, linked as one control.
    /// The entry, and under it the basis: side by side they would not fit a phone in every language.
    private func priceRow(_ entry: Entry) -> Box {
        let row = Box(.vertical, spacing: 6)
        row.append(entry.widget)
        let basis = Box(.horizontal)
        basis.widget.css("linked")
        basis.widget.align(h: .start)
        forAll.join(perUnit)
        perUnit.active = true
        for button in [perUnit, forAll] {
            basis.append(button.widget)
            button.onToggled { [weak self] in self?.validate() }
        }
        row.append(basis.widget)
        priceHint.widget.css("hint")
        priceHint.xalign(0)
        priceHint.wrap()
        priceHint.widget.visible = false
        priceRise.widget.css("warning")
        priceRise.xalign(0)
        priceRise.wrap()
        priceRise.widget.visible = false
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

    func edit(_ id: ItemID) {
        guard let item = model.items.item(id) else { return }
        itemID = id
        title.text = item.description
        let draft = ItemDraft(item.fields, numbers: UserLocale.current.numbers, priceDigits: money.minorDigits)
        for (field, entry) in entries { entry.text = draft[field] }
        (item.priceBasis == .forAll ? forAll : perUnit).active = true
        onlyAt.show(model.shops.all, marks: model.shops.onlyAt[id])
        let words = PriceWords(model, item: id, money: money)
        self.words = words
        history.widget.visible = !words.stats.isEmpty
        historyText.text = words.summary ?? ""
        sparkline.show(words.stats, money: money)
        // What to buy and the exact need under it, with what each recipe asked.
        let need = NeedWords.text(item, shares: model.plan.shares(of: id))
        sharesText.text = need ?? ""
        sharesText.widget.visible = need != nil
        onlyAtLabel.widget.visible = !model.shops.all.isEmpty
        onlyAt.button.widget.visible = !model.shops.all.isEmpty
        validate()
        entries[.description]?.widget.grabFocus()
    }

    /// What the fields hold now.
    var draft: ItemDraft {
        var d = ItemDraft(numbers: UserLocale.current.numbers)
        for (field, entry) in entries { d[field] = entry.text }
        d.priceBasis = forAll.active ? .forAll : .perUnit
        return d
    }

    @discardableResult
    private func validate() -> ItemFields? {
        // One draft and one validation per keystroke: the fields and the errors come from it.
        let draft = self.draft
        let fields: ItemFields?, problems: [FieldError]
        do { fields = try draft.validate(); problems = [] } catch { fields = nil; problems = error.errors }
        for (field, label) in errors {
            let message = problems.first { $0.field == field }?.message
            // "1.234" in German is 1234: say so, as a note rather than an error.
            let note = message == nil && (field == .quantity || field == .price)
                ? entries[field].flatMap { DecimalText.readByConvention(ItemDraft.withoutCurrencySign($0.text), draft.numbers) }
                    .map { L("Read as {value}.", ["value": DecimalText.format($0, draft.numbers)]) }
                : nil
            label.text = message ?? note ?? ""
            label.widget.visible = message != nil || note != nil
            label.widget.css("error", message != nil)
            label.widget.css("hint", note != nil)
            entries[field]?.widget.css("error", message != nil)
        }
        save.widget.sensitive = problems.isEmpty
        let unit = entries[.unit]?.text.trimmingCharacters(in: .whitespaces) ?? ""
        perUnit.label = unit.isEmpty ? L("each") : L("per {unit}", ["unit": unit])
        let hint = fields.flatMap { CostText.implausibleHint($0, money: money) }
        priceHint.text = hint ?? ""
        priceHint.widget.visible = hint != nil
        let rise = fields.flatMap { words?.rise(to: PriceBasis.unitPrice($0.price, $0.priceBasis, $0.quantity)) }
        priceRise.text = rise ?? ""
        priceRise.widget.visible = rise != nil
        return fields
    }

    private func commit() {
        guard let id = itemID, let fields = validate() else { return }
        do {
            if model.items.item(id)?.fields != fields || marksChanged(id) { try model.items.update(id, fields, onlyAt: onlyAt.marks) }
            onClose?()
        } catch {
            onError?(error)
        }
    }

    /// Called as the editor goes: saves valid changes; returns what was wrong when changes had to be
    /// dropped, nil otherwise.
    func keepChanges() -> String? {
        guard let id = itemID, let item = model.items.item(id) else { return nil }
        guard draft != ItemDraft(item.fields, numbers: UserLocale.current.numbers, priceDigits: money.minorDigits) || marksChanged(id) else { return nil }
        guard let fields = validate() else {
            return L("Changes to “{item}” were not kept: {reasons}",
                     ["item": item.description, "reasons": draft.errors().map(\.message).joined(separator: " ")])
        }
        guard item.fields != fields || marksChanged(id) else { return nil }
        do { try model.items.update(id, fields, onlyAt: onlyAt.marks) } catch { return error.localizedDescription }
        return nil
    }

    /// Whether the stores ticked are not the item's (of stores that still exist).
    private func marksChanged(_ id: ItemID) -> Bool {
        onlyAt.marks != model.shops.onlyAt[id].filter { m in model.shops.all.contains { $0.id == m } }
    }

    // For tests.
    func set(_ field: ItemField, _ text: String) { entries[field]?.text = text }
    func errorText(_ field: ItemField) -> String? { errors[field].flatMap { $0.widget.visible ? $0.text : nil } }
    var canSave: Bool { save.widget.sensitive }
    var hintText: String? { priceHint.widget.visible ? priceHint.text : nil }
    var riseText: String? { priceRise.widget.visible ? priceRise.text : nil }
    var historyShown: String? { history.widget.visible ? historyText.text : nil }
    var priceBasisLabel: String { perUnit.label }
    func choose(_ basis: PriceBasis) { (basis == .forAll ? forAll : perUnit).active = true }
    func pressSave() { commit() }
    func tickShop(_ id: ShopID, _ on: Bool) { onlyAt.tick(id, on) }
    var soldAt: String? { onlyAt.button.widget.visible ? onlyAt.label : nil }
}

extension ItemDraft {
    /// The editor reads and writes fields by name.
    subscript(field: ItemField) -> String {
        get {
            switch field {
            case .description: description
            case .quantity: quantity
            case .unit: unit
            case .price: price
            case .aisle: aisle
            case .notes: notes
            }
        }
        set {
            switch field {
            case .description: description = newValue
            case .quantity: quantity = newValue
            case .unit: unit = newValue
            case .price: price = newValue
            case .aisle: aisle = newValue
            case .notes: notes = newValue
            }
        }
    }
}
