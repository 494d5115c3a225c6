import ShopperModel

/// The window's side of the search (`SearchPanel`): it says which page is shown, follows what the
/// search changes, opens a result of another list, and runs a saved search on All Items.
extension MainWindow {
    func wireSearch() {
        search.page = { [weak self] in self?.currentListPage }
        search.model = { [weak self] in self?.model }
        search.onApplied = { [weak self] in
            self?.updateTotals()
            self?.updateActions()
        }
        search.onOpen = { [weak self] found in self?.openFound(found) }
        search.onAllLists = { [weak self] on in self?.pageStack.stack.widget.visible = !on }
        search.onSaved = { [weak self] name in
            guard let self else { return }
            toast.show(L("Saved search “{name}”", ["name": name]), actionTitle: L("Undo"), action: undoAction())
        }
        search.onError = { [weak self] error in self?.report(error) }
    }

    func wire(_ searches: SavedSearchesPage) {
        searches.onRun = { [weak self] search in self?.run(search) }
        searches.onDelete = { [weak self] search in
            guard let self else { return }
            if attempt({ try model.deleteSearch(search.id) }) {
                toast.show(L("Deleted search “{name}”", ["name": search.name]), actionTitle: L("Undo"), action: undoAction())
            }
        }
        searches.onError = { [weak self] error in self?.report(error) }
    }

    func beginSaveSearch() { search.beginSave() }

    /// Closes an open search (which clears it) and puts the focus on the list; false when no
    /// search was open, so the key goes on.
    func closeSearch() -> Bool {
        guard search.close() else { return false }
        _ = currentListPage?.focusRows()
        return true
    }

    /// Applies the search text to the list on screen.
    func applySearch() { search.apply() }

    func run(_ saved: SavedSearch) {
        show(.all)
        search.bar.isOpen = true
        search.bar.text = saved.query
        applySearch()
    }

    /// Opens a result: its list on All Items, the search kept (so the item is among the rows), the
    /// item selected.
    func openFound(_ index: Int) {
        guard index < search.found.count else { return }
        openFound(search.found[index])
    }

    private func openFound(_ found: AllListsSearch.Found) {
        search.allListsButton.active = false
        showList(found.list.id)
        show(.all)
        applySearch()
        currentPage.select(found.item.id)
    }
}

/// What GNOME Shell's overview opens in the window (`ShellSearch`).
extension MainWindow {
    /// An item found in the overview: its list on All Items, any search closed, the item selected.
    func openItem(_ id: ItemID, in list: ListID) {
        showLists()
        _ = search.close()
        showList(list)
        show(.all)
        currentPage.select(id)
    }

    /// The overview's "more results": the search bar open with its words, over every list.
    func searchEverywhere(_ text: String) {
        showLists()
        show(.all)
        search.bar.isOpen = true
        search.bar.text = text
        search.allListsButton.active = true
        applySearch()
    }
}
