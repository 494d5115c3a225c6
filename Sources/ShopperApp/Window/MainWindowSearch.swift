import CGtk
import ShopperModel

/// Search in the main window: the bar filters the list on screen as you type; Save Search… names
/// it; a saved search runs on All Items.
extension MainWindow {
    func wireSearch() {
        searchBar.onChanged { [weak self] in
            self?.applySearch()
            self?.updateActions()
        }
        searchBar.onOpenChanged { [weak self] open in
            guard let self, !open else { return }
            // Escape or the close button: clear the search as well.
            searchBar.text = ""
            applySearch()
        }
        // Down from the search field goes on to the results, as from the add bar.
        let keys = ShortcutController(first: false)
        keys.add("Down") { [weak self] in self?.currentListPage?.focusRows() ?? false }
        searchBar.entry.add(keys.controller)
        saveSearchButton.widget.accessibleLabel(L("Save Search"))
        searchBar.entry.accessibleLabel(L("Search"))
        saveSearchForm = saveSearchPopover()
        saveSearchButton.widget.actionName(AppAction.saveSearch.detailedName)
        model.observe { [weak self] change in if change.searchesChanged { self?.updateTotals() } }
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

    /// Save Search…: asks for a name, the query by default.
    func beginSaveSearch() {
        guard let (popover, nameEntry) = saveSearchForm else { return }
        nameEntry.text = searchBar.text
        popover.popup(at: Double(saveSearchButton.widget.width) / 2, Double(saveSearchButton.widget.height))
        nameEntry.widget.grabFocus()
    }

    /// Closes an open search (which clears it) and puts the focus on the list; false when no
    /// search was open, so the key goes on.
    func closeSearch() -> Bool {
        guard searchBar.isOpen else { return false }
        searchBar.isOpen = false
        _ = currentListPage?.focusRows()
        return true
    }

    /// Applies the search text to the list on screen, and takes it off the list it was on before.
    func applySearch() {
        let page = currentListPage
        if let previous = searchedPage, previous !== page { previous.setQuery("") }
        page?.setQuery(searchBar.text)
        searchedPage = page
        updateTotals()
    }

    func run(_ search: SavedSearch) {
        show(.all)
        searchBar.isOpen = true
        searchBar.text = search.query
        applySearch()
    }

    private func saveSearchPopover() -> (Popover, Entry) {
        let box = Box(GTK_ORIENTATION_VERTICAL, spacing: 8)
        box.widget.margins(6)
        let label = Label(L("Name this search"))
        label.xalign(0)
        let name = Entry()
        name.widget.accessibleLabel(L("Search name"))
        let save = Button(label: L("Save"))
        save.widget.css("suggested-action")
        box.append(label.widget)
        box.append(name.widget)
        box.append(save.widget)
        let popover = Popover(child: box.widget, parent: saveSearchButton.widget)
        let commit = { @MainActor [weak self] in
            guard let self else { return }
            popover.popdown()
            searchBar.entry.grabFocus()
            let query = searchBar.text
            if attempt({ try model.saveSearch(name: name.text, query: query) }) {
                let shownName = model.savedSearches.last?.name ?? query
                toast.show(L("Saved search “{name}”", ["name": shownName]), actionTitle: L("Undo"), action: undoAction())
            }
        }
        save.onClicked(commit)
        name.onActivate(commit)
        return (popover, name)
    }
}
