import CGtk
import ShopperModel

/// The detail editor that slides in over the lists: every field validates as you type with its
/// message beside it, and nothing is saved until all are valid. Leaving (Back, Escape, a swipe)
/// keeps valid changes, as GNOME apps do; changes that are not valid are dropped, and said so.
@MainActor
final class ItemEditor {
    let root = Box(GTK_ORIENTATION_VERTICAL, spacing: 12)
    private let title = Label("Edit Item")
    private let back = Button(icon: "go-previous-symbolic", accessibleLabel: "Back")
    private let save = Button(label: "Save")
    private let delete = Button(label: "Delete Item")
    private var entries: [ItemField: Entry] = [:]
    private var errors: [ItemField: Label] = [:]
    private(set) var itemID: ItemID?
    private let model: ShoppingModel

    var onClose: (@MainActor () -> Void)?
    var onDelete: (@MainActor (ItemID) -> Void)?
    var onError: (@MainActor (Error) -> Void)?

    static let fields: [(ItemField, String)] = [
        (.description, "Description"), (.quantity, "Quantity"), (.unit, "Unit"),
        (.unitCost, "Unit cost"), (.aisle, "Aisle"), (.notes, "Notes"),
    ]

    init(model: ShoppingModel) {
        self.model = model
        root.widget.css("editor")
        root.widget.margins(18)
        let top = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        back.widget.css("flat")
        title.widget.css("title-2")
        title.widget.expand(h: true)
        title.xalign(0)
        top.append(back.widget)
        top.append(title.widget)
        root.append(top.widget)

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
            grid.attach(entry.widget, column: 1, row: Int32(row * 2))
            grid.attach(error.widget, column: 1, row: Int32(row * 2 + 1))
            entries[field] = entry
            errors[field] = error
            entry.onChanged { [weak self] in self?.validate() }
            entry.onActivate { [weak self] in self?.commit() }
        }
        root.append(grid.widget)

        let buttons = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        delete.widget.css("destructive-action")
        save.widget.css("suggested-action")
        save.widget.expand(h: true).align(h: GTK_ALIGN_END)
        buttons.append(delete.widget)
        buttons.append(save.widget)
        root.append(buttons.widget)

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

    func edit(_ id: ItemID) {
        guard let item = model.item(id) else { return }
        itemID = id
        title.text = item.description
        let draft = ItemDraft(item.fields)
        for (field, entry) in entries { entry.text = draft[field] }
        validate()
        entries[.description]?.widget.grabFocus()
    }

    /// What the fields hold now.
    var draft: ItemDraft {
        var d = ItemDraft()
        for (field, entry) in entries { d[field] = entry.text }
        return d
    }

    @discardableResult
    private func validate() -> ItemFields? {
        let problems = draft.errors()
        for (field, label) in errors {
            let message = problems.first { $0.field == field }?.message
            label.text = message ?? ""
            label.widget.visible = message != nil
            entries[field]?.widget.css("error", message != nil)
        }
        save.widget.sensitive = problems.isEmpty
        return problems.isEmpty ? try? draft.validate() : nil
    }

    private func commit() {
        guard let id = itemID, let fields = validate() else { return }
        do {
            if model.item(id)?.fields != fields { try model.update(id, fields) }
            onClose?()
        } catch {
            onError?(error)
        }
    }

    /// Called as the editor goes: saves valid changes; returns what was wrong when changes had to be
    /// dropped, nil otherwise.
    func keepChanges() -> String? {
        guard let id = itemID, let item = model.item(id) else { return nil }
        guard draft != ItemDraft(item.fields) else { return nil }
        guard let fields = validate() else {
            return "Changes to “\(item.description)” were not kept: \(draft.errors().map(\.message).joined(separator: " "))"
        }
        guard item.fields != fields else { return nil }
        do { try model.update(id, fields) } catch { return error.localizedDescription }
        return nil
    }

    // For tests.
    func set(_ field: ItemField, _ text: String) { entries[field]?.text = text }
    func errorText(_ field: ItemField) -> String? { errors[field].flatMap { $0.widget.visible ? $0.text : nil } }
    var canSave: Bool { save.widget.sensitive }
    func pressSave() { commit() }
}

extension ItemDraft {
    /// The editor reads and writes fields by name.
    subscript(field: ItemField) -> String {
        get {
            switch field {
            case .description: description
            case .quantity: quantity
            case .unit: unit
            case .unitCost: unitCost
            case .aisle: aisle
            case .notes: notes
            }
        }
        set {
            switch field {
            case .description: description = newValue
            case .quantity: quantity = newValue
            case .unit: unit = newValue
            case .unitCost: unitCost = newValue
            case .aisle: aisle = newValue
            case .notes: notes = newValue
            }
        }
    }
}
