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
            // Escape or the close button: clear the search as well, and search one list again.
            allListsButton.active = false
            searchBar.text = ""
            applySearch()
        }
        allListsButton.onToggled { [weak self] in self?.searchAllLists(self?.allListsButton.active ?? false) }
        allResults.widget.css("navigation-sidebar")
        allResults.widget.accessibleLabel(L("Results in all lists"))
        allResults.onActivated { [weak self] i in self?.openFound(i) }
        // Down from the search field goes on to the results, as from the add bar: every list's
        // when they stand in for the page (Return then opens the one chosen).
        let keys = ShortcutController(first: false)
        keys.add("Down") { [weak self] in
            guard let self else { return false }
            if allSearch != nil { return !allFound.isEmpty && allResults.row(at: 0)?.grabFocus() == true }
            return currentListPage?.focusRows() ?? false
        }
        searchBar.entry.add(keys.controller)
        searchBar.entry.accessibleLabel(L("Search"))
        saveSearchForm = saveSearchPopover()
        saveSearchButton.widget.actionName(AppAction.saveSearch.detailedName)
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
        if allSearch != nil { showAllResults() }
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
        let box = Box(.vertical, spacing: 8)
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

/// "All Lists" in the search bar: the search runs on every list, and its results, each naming its
/// list, stand in for the pages until it is turned off; a result opens its list with the item
/// selected.
extension MainWindow {
    func searchAllLists(_ on: Bool) {
        if on {
            do { allSearch = try AllListsSearch(current: model) } catch {
                allListsButton.active = false
                return report(error)
            }
            showAllResults()
        } else {
            // The other lists' models go with it.
            allSearch = nil
            allFound = []
            allResults.removeAll()
        }
        allResultsView.widget.visible = on
        stack.widget.visible = !on
        updateTotals()
    }

    /// The results for the text in the search bar, made again at each keystroke.
    func showAllResults() {
        guard let allSearch else { return }
        allFound = allSearch.find(searchBar.text)
        allResults.removeAll()
        let query = searchBar.text.trimmingCharacters(in: .whitespaces)
        if allFound.isEmpty {
            let none = Label(query.isEmpty ? L("Type to search every list.")
                                           : L("No items in any list match “{query}”.", ["query": query]))
            none.wrap()
            none.widget.css("dim-label")
            _ = none.widget.margins(12)
            allResults.append(none.widget)
            return
        }
        for (i, found) in allFound.enumerated() {
            let row = Box(.vertical, spacing: 2)
            let name = Label(found.item.description)
            name.xalign(0)
            name.ellipsize()
            let place = Label(found.item.aisle.map { L("{list} · {aisle}", ["list": found.list.name, "aisle": $0]) } ?? found.list.name)
            place.xalign(0)
            place.ellipsize()
            place.widget.css("dim-label")
            row.append(name.widget)
            row.append(place.widget)
            _ = row.widget.margins(6)
            allResults.append(row.widget)
            allResults.row(at: i)?.accessibleLabel(L("{item}, in {list}", ["item": found.item.description, "list": found.list.name]))
        }
    }

    /// Opens a result: its list on All Items, the search kept (so the item is among the rows), the
    /// item selected.
    func openFound(_ index: Int) {
        guard index < allFound.count else { return }
        let found = allFound[index]
        allListsButton.active = false
        showList(found.list.id)
        show(.all)
        applySearch()
        currentPage.select(found.item.id)
    }
}
