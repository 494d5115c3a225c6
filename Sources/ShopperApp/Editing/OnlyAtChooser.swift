import CGtk
import ShopperModel

/// The editor's "Sold at": a button that says where the item is sold ("Any store", "Only at Aldi,
/// Lidl") and opens a check box per store. Nothing is saved until the editor saves.
@MainActor
final class OnlyAtChooser {
    let button: MenuButton
    private let box = Box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    private var checks: [(ShopID, Widget)] = []
    private var shops: [Shop] = []
    /// The stores ticked now.
    private(set) var marks: Set<ShopID> = []

    init() {
        button = MenuButton(widget: Widget(gtk_menu_button_new()!))
        gtk_menu_button_set_always_show_arrow(button.widget.opaque, 1)
        box.widget.margins(6)
        let popover = Widget(gtk_popover_new()!)
        gtk_popover_set_child(popover.typedPointer(), box.widget.raw)
        gtk_menu_button_set_popover(button.widget.opaque, popover.raw)
        button.widget.accessibleLabel(L("Sold At"))
    }

    /// Shows the stores there are and the item's marks.
    func show(_ shops: [Shop], marks: Set<ShopID>) {
        self.shops = shops
        self.marks = marks.filter { m in shops.contains { $0.id == m } }
        for (_, check) in checks { box.remove(check) }
        checks = shops.map { shop in
            let check = Widget(gtk_check_button_new_with_label(shop.name)!)
            gtk_check_button_set_active(check.typedPointer(), self.marks.contains(shop.id) ? 1 : 0)
            check.on("toggled") { [weak self, id = shop.id] in
                guard let self else { return }
                if gtk_check_button_get_active(check.typedPointer()) != 0 { self.marks.insert(id) } else { self.marks.remove(id) }
                self.updateLabel()
            }
            box.append(check)
            return (shop.id, check)
        }
        updateLabel()
    }

    /// Ticks or unticks a store's box, as a click does.
    func tick(_ id: ShopID, _ on: Bool) {
        guard let check = checks.first(where: { $0.0 == id })?.1 else { return }
        gtk_check_button_set_active(check.typedPointer(), on ? 1 : 0)
    }

    var label: String { gtk_menu_button_get_label(button.widget.opaque).map { String(cString: $0) } ?? "" }

    private func updateLabel() {
        let names = shops.filter { marks.contains($0.id) }.map(\.name)
        let text = names.isEmpty ? L("Any store") : L("Only at {stores}", ["stores": names.joined(separator: ", ")])
        gtk_menu_button_set_label(button.widget.opaque, text)
        button.widget.tooltip(names.isEmpty ? L("Sold at any store: tick the stores it is only sold at") : text)
    }
}
