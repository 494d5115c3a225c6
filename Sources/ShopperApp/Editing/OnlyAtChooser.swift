import ShopperModel

/// The editor's "Sold at": a button that says where the item is sold ("Any store", "Only at Aldi,
/// Lidl") and opens a check box per store. Nothing is saved until the editor saves.
@MainActor
final class OnlyAtChooser {
    /// "Sold At", beside the button.
    let nameLabel = Label(L("Sold At"))
    let button: MenuButton
    private let box = Box(.vertical, spacing: 6)
    private var checks: [(ShopID, CheckButton)] = []
    private var shops: [Shop] = []
    /// The stores ticked now.
    private(set) var marks: Set<ShopID> = []

    init() {
        box.widget.margins(6)
        button = MenuButton(popoverChild: box.widget)
        button.widget.accessibleLabel(L("Sold At"))
    }

    /// Shows the stores there are and the item's marks.
    func show(_ shops: [Shop], marks: Set<ShopID>) {
        self.shops = shops
        self.marks = marks.filter { m in shops.contains { $0.id == m } }
        for (_, check) in checks { box.remove(check.widget) }
        checks = shops.map { shop in
            let check = CheckButton(label: shop.name)
            check.active = self.marks.contains(shop.id)
            check.onToggled { [weak self, id = shop.id] in
                guard let self else { return }
                if check.active { self.marks.insert(id) } else { self.marks.remove(id) }
                self.updateLabel()
            }
            box.append(check.widget)
            return (shop.id, check)
        }
        updateLabel()
    }

    /// Ticks or unticks a store's box, as a click does.
    func tick(_ id: ShopID, _ on: Bool) {
        checks.first { $0.0 == id }?.1.active = on
    }

    var label: String { button.label }

    private func updateLabel() {
        let names = shops.filter { marks.contains($0.id) }.map(\.name)
        let text = names.isEmpty ? L("Any store") : L("Only at {stores}", ["stores": names.joined(separator: ", ")])
        button.setLabel(text)
        button.widget.tooltip(names.isEmpty ? L("Sold at any store: tick the stores it is only sold at") : text)
    }
}
