import ShopperModel

/// The saved searches: activate one to run it. In edit mode each can be renamed, deleted (with
/// undo) and reordered, by drag and drop or Alt+Up/Down. While none are saved, the same kind of
/// explanation as the lists covers it.
@MainActor
final class SavedSearchesPage {
    let root = Overlay()
    let emptyState = EmptyState(
        text: L(
            "Search for items. For example: “apples” or “aisle:dairy” or “cost>5”.\nSearches you save will be listed here."
        ))
    private let list = ListBox()
    private let editToggle = Button(label: L("Edit"))
    private let model: ShoppingModel
    private(set) var editing = false
    /// Names shown, in order (for tests).
    private(set) var names: [String] = []

    var onRun: (@MainActor (SavedSearch) -> Void)?
    var onDelete: (@MainActor (SavedSearch) -> Void)?
    var onError: (@MainActor (Error) -> Void)?

    init(model: ShoppingModel) {
        self.model = model
        let column = Box(.vertical)
        let top = Box(.horizontal, spacing: 12)
        top.widget.margins(12)
        let title = Label(L("Saved Searches"))
        title.widget.css("heading")
        title.widget.expand(h: true)
        title.xalign(0)
        top.append(title.widget)
        top.append(editToggle.widget)
        column.append(top.widget)
        list.widget.css("saved-searches")
        list.widget.accessibleLabel(L("Saved Searches"))
        let scrolled = ScrolledWindow()
        scrolled.child(list.widget)
        scrolled.widget.expand(h: true, v: true)
        // The explanation covers the list, not the Edit button above it.
        let listArea = Overlay()
        listArea.child(scrolled.widget)
        listArea.addOverlay(emptyState.revealer.widget)
        column.append(listArea.widget)
        root.child(column.widget)

        editToggle.onClicked { [weak self] in self?.setEditing(!(self?.editing ?? false)) }
        list.onActivated { [weak self] i in
            guard let self, !editing, i < model.searches.savedSearches.count else { return }
            onRun?(model.searches.savedSearches[i])
        }
        let keys = ShortcutController(first: true)
        // The same keys as the lists' Move Up and Move Down, for the searches' own order.
        for (action, delta) in [(AppAction.moveUp, -1), (.moveDown, 1)] {
            for (_, triggers) in action.accelerators {
                for t in triggers { keys.add(t) { [weak self] in self?.moveSelected(by: delta) ?? false } }
            }
        }
        list.widget.add(keys.controller)
        model.core.observe { [weak self] change in if change.searchesChanged { self?.rebuild() } }
        rebuild()
        emptyState.set(empty: model.searches.savedSearches.isEmpty, animated: false)
    }

    /// Keyboard focus into the list: the selected search, else the first. False when there is none.
    func focusRows() -> Bool {
        guard !names.isEmpty else { return false }
        list.select(list.selected ?? 0)
        return true
    }

    func setEditing(_ on: Bool) {
        editing = on
        editToggle.label = on ? L("Done") : L("Edit")
        emptyState.suppressed = on
        rebuild()
    }

    /// A short list: rebuilt whole on any change.
    private func rebuild() {
        let selected = list.selected
        list.removeAll()
        names = model.searches.savedSearches.map(\.name)
        for search in model.searches.savedSearches { list.append(row(for: search)) }
        emptyState.set(empty: model.searches.savedSearches.isEmpty, animated: true)
        if let selected, selected < names.count { list.select(selected) }
    }

    private func row(for search: SavedSearch) -> Widget {
        let line = Box(.horizontal, spacing: 12)
        line.widget.css("saved-search")
        line.widget.margins(8)
        let texts = Box(.vertical, spacing: 2)
        texts.widget.expand(h: true)
        if editing {
            let name = Entry()
            name.text = search.name
            name.widget.accessibleLabel(L("Name of “{name}”", ["name": search.name]))
            name.onActivate { [weak self] in self?.rename(search.id, to: name.text) }
            texts.append(name.widget)
        } else {
            let name = Label(search.name)
            name.xalign(0)
            name.widget.css("heading")
            texts.append(name.widget)
        }
        let query = Label(search.query)
        query.xalign(0)
        query.widget.css("dim-label")
        texts.append(query.widget)
        line.append(texts.widget)
        if editing {
            let delete = Button(
                icon: "user-trash-symbolic", accessibleLabel: L("Delete “{name}”", ["name": search.name]))
            delete.widget.css("flat")
            delete.widget.align(v: .center)
            delete.onClicked { [weak self] in self?.onDelete?(search) }
            line.append(delete.widget)
            DragAndDrop.source(on: line.widget, prepare: { _, _ in String(search.id.raw) }, began: {}, ended: {})
            DragAndDrop.target(on: line.widget) { [weak self] payload, _, _ in
                guard let self, let raw = Int64(payload),
                    let to = model.searches.savedSearches.firstIndex(where: { $0.id == search.id })
                else { return false }
                do { try model.searches.moveSearch(SavedSearch.ID(raw), to: to) } catch { onError?(error) }
                return true
            }
        }
        return line.widget
    }

    private func rename(_ id: SavedSearch.ID, to name: String) {
        do { try model.searches.renameSearch(id, to: name) } catch { onError?(error) }
    }

    private func moveSelected(by delta: Int) -> Bool {
        guard let i = list.selected, i + delta >= 0, i + delta < model.searches.savedSearches.count else {
            return false
        }
        let id = model.searches.savedSearches[i].id
        do { try model.searches.moveSearch(id, to: i + delta) } catch { onError?(error); return true }
        list.select(i + delta)
        return true
    }
}
