import ShopperModel

/// What the search panel needs of whoever shows it (the search controller): the list page shown
/// (nil on Searches and Trips) and its model, and what is done with what the panel reports.
@MainActor
protocol SearchPanelHost: AnyObject {
    var searchedPage: ListPage? { get }
    var searchedModel: ShoppingModel { get }
    /// The search changed what is shown (the window's totals and actions follow).
    func searchApplied()
    /// A result of another list chosen: the window shows it.
    func open(_ found: AllListsSearch.Found)
    /// Every list's results stand in for the pages (true), or the pages are back.
    func allListsShown(_ on: Bool)
    func searchSaved(as name: String)
    func searchFailed(_ error: Error)
}

/// The search of the main window, a widget of its own as GNOME Text Editor's search bar is beside
/// its page: the bar (typing filters the list on screen), Save Search…, and "All Lists", whose
/// results of every list stand in for the pages until it is turned off. The window places it,
/// says which page is shown, and acts on what it reports.
@MainActor
final class SearchPanel {
    let bar: SearchBar
    let allListsButton = ToggleButton(label: L("All Lists"), accessibleLabel: L("Search All Lists"))
    /// An icon, as GNOME bookmarks a place: with "All Lists" in words beside it, the bar fits a phone.
    let saveButton = Button(icon: "bookmark-new-symbolic", accessibleLabel: L("Save Search…"))
    /// Every list's results, shown instead of the pages while "All Lists" is on.
    let resultsView = ScrolledWindow()
    private let results = ListBox()
    private var saveForm: (Popover, Entry)?
    /// The page the search text is applied to (it follows the user between lists).
    private var searchedPage: ListPage?
    /// The other lists' models, read while an all-lists search is on (`AllListsSearch`).
    private(set) var allSearch: AllListsSearch?
    private(set) var found: [AllListsSearch.Found] = []

    /// Set by the search controller: the page searched, and what is done with what is found.
    weak var host: (any SearchPanelHost)?

    init(window: Window) {
        let tools = Box(.horizontal, spacing: 6)
        tools.append(allListsButton.widget)
        tools.append(saveButton.widget)
        bar = SearchBar(captureFrom: window, trailing: tools.widget)
        resultsView.child(results.widget)
        resultsView.widget.expand(h: true, v: true)
        resultsView.widget.visible = false
        results.widget.css("navigation-sidebar")
        results.widget.accessibleLabel(L("Results in all lists"))
        saveButton.widget.actionName(AppAction.saveSearch.detailedName)
        bar.entry.accessibleLabel(L("Search"))
        wire()
    }

    var text: String {
        get { bar.text }
        set { bar.text = newValue }
    }

    private func wire() {
        bar.onChanged { [weak self] in self?.apply() }
        bar.onOpenChanged { [weak self] open in
            guard let self, !open else { return }
            // Escape or the close button: clear the search as well, and search one list again.
            allListsButton.active = false
            bar.text = ""
            apply()
        }
        allListsButton.onToggled { [weak self] in self?.searchAllLists(self?.allListsButton.active ?? false) }
        results.onActivated { [weak self] i in
            guard let self, i < found.count else { return }
            host?.open(found[i])
        }
        // Down from the field goes on to the results, as from the add bar: every list's when they
        // stand in for the page (Return then opens the one chosen).
        let keys = ShortcutController(first: false)
        keys.add("Down") { [weak self] in
            guard let self else { return false }
            if allSearch != nil { return !found.isEmpty && results.row(at: 0)?.grabFocus() == true }
            return host?.searchedPage?.focusRows() ?? false
        }
        bar.entry.add(keys.controller)
    }

    /// Applies the text to the list on screen, and takes it off the list it was on before.
    func apply() {
        if allSearch != nil { showAllResults() }
        let shown = host?.searchedPage
        if let previous = searchedPage, previous !== shown { previous.setQuery("") }
        shown?.setQuery(bar.text)
        searchedPage = shown
        host?.searchApplied()
    }

    /// Another list is shown: an all-lists search made from the one left ends, and the text goes
    /// to the new list's page.
    /// The bar shows, and takes the keys typed in the window, on a list's page only (on the
    /// Searches and Trips pages it would act on nothing; a search open stays, hidden).
    func follow(onList: Bool, window: Window) {
        bar.widget.visible = onList
        bar.capturesKeys(from: window, onList)
    }

    func listChanged() {
        if allSearch != nil { allListsButton.active = false }
        searchedPage = nil
    }

    /// Closes an open search (which clears it); false when none was open, so the key goes on.
    func close() -> Bool {
        guard bar.isOpen else { return false }
        bar.isOpen = false
        return true
    }

    /// Save Search…: asks for a name, the query by default.
    func beginSave() {
        // Made when first asked for: most starts never save a search.
        let (popover, nameEntry) = saveForm ?? saveSearchPopover()
        saveForm = (popover, nameEntry)
        nameEntry.text = bar.text
        popover.popup(at: Double(saveButton.widget.width) / 2, Double(saveButton.widget.height))
        nameEntry.widget.grabFocus()
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
        let popover = Popover(child: box.widget, parent: saveButton.widget)
        let commit = { @MainActor [weak self] in
            guard let self, let model = host?.searchedModel else { return }
            popover.popdown()
            bar.entry.grabFocus()
            do {
                _ = try model.searches.saveSearch(name: name.text, query: bar.text)
                host?.searchSaved(as: model.searches.savedSearches.last?.name ?? bar.text)
            } catch {
                host?.searchFailed(error)
            }
        }
        save.onClicked(commit)
        name.onActivate(commit)
        return (popover, name)
    }
}

/// "All Lists": the search runs on every list, and its results, each naming its list, stand in for
/// the pages until it is turned off; a result opens its list with the item selected.
extension SearchPanel {
    private func searchAllLists(_ on: Bool) {
        if on {
            guard let model = host?.searchedModel else { return }
            do { allSearch = try AllListsSearch(current: model) } catch {
                allListsButton.active = false
                host?.searchFailed(error)
                return
            }
            showAllResults()
        } else {
            // The other lists' models go with it.
            allSearch = nil
            found = []
            results.removeAll()
        }
        resultsView.widget.visible = on
        host?.allListsShown(on)
        host?.searchApplied()
    }

    /// The results for the text in the bar, made again at each keystroke.
    private func showAllResults() {
        guard let allSearch else { return }
        found = allSearch.find(bar.text)
        results.removeAll()
        let query = bar.text.trimmingCharacters(in: .whitespaces)
        if found.isEmpty {
            let none = Label(query.isEmpty ? L("Type to search every list.")
                                           : L("No items in any list match “{query}”.", ["query": query]))
            none.wrap()
            none.widget.css("dim-label")
            _ = none.widget.margins(12)
            results.append(none.widget)
            return
        }
        for (i, item) in found.enumerated() {
            let row = Box(.vertical, spacing: 2)
            let name = Label(item.item.description)
            name.xalign(0)
            name.ellipsize()
            let place = Label(
                item.item.aisle.map { L("{list} · {aisle}", ["list": item.list.name, "aisle": $0]) } ?? item.list.name)
            place.xalign(0)
            place.ellipsize()
            place.widget.css("dim-label")
            row.append(name.widget)
            row.append(place.widget)
            _ = row.widget.margins(6)
            results.append(row.widget)
            results.row(at: i)?.accessibleLabel(
                L("{item}, in {list}", ["item": item.item.description, "list": item.list.name]))
        }
    }
}
