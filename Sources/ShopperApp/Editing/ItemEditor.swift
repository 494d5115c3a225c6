import ShopperModel

/// What the item editor asks of whoever opened it (the items controller).
@MainActor
protocol ItemEditorHost: AnyObject {
    /// Back, Escape, or a save done: the editor goes.
    func editorClose()
    /// Delete Item (with Undo there).
    func editorDelete(_ id: ItemID)
    func editorFailed(_ error: Error)
}

/// The detail editor that slides in over the lists: every field validates as you type with its
/// message beside it, and nothing is saved until all are valid. Leaving (Back, Escape, a swipe)
/// keeps valid changes, as GNOME apps do; changes that are not valid are dropped, and said so.
/// The price says what it is the price of ("per kg" or "for all"), and a total no one would pay
/// for so little ("5.49 per g = 2,745.00") is pointed out beside it.
@MainActor
final class ItemEditor {
    /// What the window shows: the editor, scrolling when it is taller than the window (a price
    /// history at a phone's 640 px made the window grow past the screen).
    let page = ScrolledWindow()
    private let title = Label(L("Edit Item"))
    private let save = Button(label: L("Save"))
    /// An entry a field, with its error or note under it.
    private let fields = FieldEntries()
    /// The price's basis beside it, and what the price says under it.
    private let price = PriceSection()
    /// What recipes and planned meals asked of the item.
    private let sharesText = Label()
    /// "Sold at": shown when there are stores to choose from.
    private let onlyAt = OnlyAtChooser()
    var money: MoneyFormat
    private(set) var itemID: ItemID?
    private let model: ShoppingModel
    /// Set by the items controller: where the editor goes, deletes and fails.
    weak var host: (any ItemEditorHost)?

    static let fields: [(ItemField, String)] = [
        (.description, L("Description")), (.quantity, L("Quantity")), (.unit, L("Unit")),
        (.price, L("Price")), (.aisle, L("Aisle")), (.notes, L("Notes")),
    ]

    init(model: ShoppingModel, money: MoneyFormat) {
        self.model = model
        self.money = money
        let root = Box(.vertical, spacing: 12)
        root.widget.css("editor")
        root.widget.margins(18)
        page.child(root.widget)
        let top = Box(.horizontal, spacing: 12)
        let back = Button(icon: "go-previous-symbolic", accessibleLabel: L("Back"))
        back.onClicked { [weak self] in self?.host?.editorClose() }
        back.widget.css("flat")
        title.widget.css("title-2")
        title.widget.expand(h: true)
        title.xalign(0)
        top.append(back.widget)
        top.append(title.widget)
        root.append(top.widget)
        root.append(fieldsGrid().widget)
        root.append(buttonRow().widget)
        save.onClicked { [weak self] in self?.commit() }
        let keys = ShortcutController(first: false)
        keys.add("Escape") { [weak self] in self?.host?.editorClose(); return true }
        root.widget.add(keys.controller)
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
            let error = fields.add(field, entry)
            grid.attach(label.widget, column: 0, row: Int32(row * 2))
            grid.attach(field == .price ? price.row(entry).widget : entry.widget, column: 1, row: Int32(row * 2))
            let under = field == .price ? price.notes(under: error).widget : error.widget
            grid.attach(under, column: 1, row: Int32(row * 2 + 1))
            entry.onChanged { [weak self] in self?.validate() }
            entry.onActivate { [weak self] in self?.commit() }
        }
        price.onBasisChanged = { [weak self] in self?.validate() }
        onlyAt.nameLabel.xalign(1)
        onlyAt.button.widget.align(h: .start)
        grid.attach(onlyAt.nameLabel.widget, column: 0, row: Int32(Self.fields.count * 2))
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
        let delete = Button(label: L("Delete Item"))
        delete.onClicked { [weak self] in
            guard let self, let id = itemID else { return }
            host?.editorDelete(id)
        }
        delete.widget.css("destructive-action")
        save.widget.css("suggested-action")
        save.widget.expand(h: true).align(h: .end)
        buttons.append(delete.widget)
        buttons.append(save.widget)
        return buttons
    }

    func edit(_ id: ItemID) {
        guard let item = model.items.item(id) else { return }
        itemID = id
        title.text = item.description
        let draft = ItemDraft(item.fields, numbers: UserLocale.current.numbers, priceDigits: money.minorDigits)
        fields.fill(from: draft)
        price.choose(item.priceBasis)
        onlyAt.show(model.shops.all, marks: model.shops.onlyAt[id])
        price.show(PriceWords(model, item: id, money: money), money: money)
        // What to buy and the exact need under it, with what each recipe asked.
        let need = NeedWords.text(item, shares: model.plan.shares(of: id))
        sharesText.text = need ?? ""
        sharesText.widget.visible = need != nil
        onlyAt.nameLabel.widget.visible = !model.shops.all.isEmpty
        onlyAt.button.widget.visible = !model.shops.all.isEmpty
        validate()
        fields.focus(.description)
    }

    /// What the fields hold now.
    var draft: ItemDraft {
        var d = ItemDraft(numbers: UserLocale.current.numbers)
        fields.read(into: &d)
        d.priceBasis = price.basis
        return d
    }

    @discardableResult
    private func validate() -> ItemFields? {
        // One draft and one validation per keystroke: the fields and the errors come from it.
        let draft = self.draft
        let valid: ItemFields?, problems: [FieldError]
        do { valid = try draft.validate(); problems = [] } catch { valid = nil; problems = error.errors }
        fields.show(problems, numbers: draft.numbers)
        save.widget.sensitive = problems.isEmpty
        price.follow(unit: fields.text(.unit).trimmingCharacters(in: .whitespaces), valid, money: money)
        return valid
    }

    private func commit() {
        guard let id = itemID, let fields = validate() else { return }
        do {
            if model.items.item(id)?.fields != fields || marksChanged(id) {
                try model.items.update(id, fields, onlyAt: onlyAt.marks)
            }
            host?.editorClose()
        } catch {
            host?.editorFailed(error)
        }
    }

    /// Called as the editor goes: saves valid changes; returns what was wrong when changes had to be
    /// dropped, nil otherwise.
    func keepChanges() -> String? {
        guard let id = itemID, let item = model.items.item(id) else { return nil }
        guard
            draft != ItemDraft(item.fields, numbers: UserLocale.current.numbers, priceDigits: money.minorDigits)
                || marksChanged(id)
        else { return nil }
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
    func set(_ field: ItemField, _ text: String) { fields.set(field, text) }
    func errorText(_ field: ItemField) -> String? { fields.errorText(field) }
    var canSave: Bool { save.widget.sensitive }
    var hintText: String? { price.hintText }
    var riseText: String? { price.riseText }
    var historyShown: String? { price.historyShown }
    var priceBasisLabel: String { price.basisLabel }
    func choose(_ basis: PriceBasis) { price.choose(basis) }
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
