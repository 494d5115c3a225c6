import ShopperModel

/// Always at Home: the household's staples (salt, pepper, oil…), which adding a recipe shows but
/// never puts on a list. A staple is added by name and removed by its row's button, with Undo in a
/// toast. Each change is written to the store at once, so the next add follows it, in this window,
/// another one or the command line; the rows are read again whenever the window comes to the front.
@MainActor
final class StaplesWindow {
    let window: Window
    private let prefs: PreferencesWindow
    private let store: Store
    let rows = ListBox()
    let newStaple = EntryRow(title: L("New Staple"))
    private let empty = Label(L("Nothing is always at home: every ingredient of a recipe goes on the list."))
    /// The staples as the rows show them.
    private(set) var shown: [String] = []
    /// The toasts shown (kept so their Undo buttons can answer), the latest last.
    private(set) var toasts: [Toast] = []
    /// Each row's remove button, by staple (for tests, which press them as a person does).
    private(set) var removeButtons: [String: Button] = [:]
    var onError: (@MainActor (Error) -> Void)?
    var onClosed: (@MainActor () -> Void)?

    init(parent: Window, store: Store) {
        self.store = store
        prefs = PreferencesWindow(parent: parent, pageTitle: L("Always at Home"))
        window = prefs.window
        window.title = L("Always at Home")
        prefs.fit(parent)
        prefs.addEntryGroup(title: L("Add a Staple"), entry: newStaple, addLabel: L("Add Staple")) { [weak self] in
            self?.addStaple()
        }
        let list = prefs.addGroup(title: L("Always at Home"))
        list.describe(L("When a recipe is added to a list, these are shown but not put on it."))
        list.addBoxedList(rows, name: L("Always at Home"))
        list.addNote(empty)
        window.widget.onPointer("notify::is-active") { [weak self] _ in
            if self?.window.isActive == true { self?.refresh() }
        }
        window.onCloseRequest { [weak self] in
            self?.onClosed?()
            return false
        }
        refresh()
    }

    /// The rows again from the store; the focus on `focus`'s row, else on the row it was on.
    func refresh(focus: String? = nil) {
        let focused = focus ?? rows.focusedIndex.flatMap { $0 < shown.count ? shown[$0] : nil }
        let names: [String]
        do { names = try store.stapleTables.staples() } catch {
            onError?(error)
            return
        }
        guard names != shown || focus != nil else { return }
        rows.removeAll()
        removeButtons = [:]
        shown = names
        for name in names {
            let row = ActionRow(title: name)
            let remove = Button(icon: "user-trash-symbolic", accessibleLabel: L("Remove “{staple}”", ["staple": name]))
            remove.widget.css("flat")
            remove.widget.align(v: .center)
            remove.onClicked { [weak self] in self?.remove(name) }
            row.addSuffix(remove.widget)
            removeButtons[name] = remove
            rows.append(row.widget)
        }
        rows.widget.visible = !names.isEmpty
        empty.widget.visible = names.isEmpty
        if let focused, let i = names.firstIndex(of: focused) { rows.select(i) }
    }

    /// The name typed, kept; one already kept (in any case) is shown instead of a second.
    func addStaple() {
        let typed = ItemDraft.clean(newStaple.text)
        guard !typed.isEmpty else { return }
        do {
            if let kept = try store.stapleTables.addStaple(typed) {
                newStaple.text = ""
                refresh(focus: kept)
                _ = newStaple.row.grabFocus()
                return
            }
            // Refused: kept already (perhaps by another window since these rows were read), or full.
            refresh()
            let key = ShoppingModel.matchKey(String(typed.prefix(StapleTables.stapleLimit)))
            if let same = shown.first(where: { ShoppingModel.matchKey($0) == key }) {
                prefs.toast(L("“{staple}” is always at home already", ["staple": same]))
            } else {
                prefs.toast(
                    N(
                        "No more than {n} staple can be kept", "No more than {n} staples can be kept",
                        StapleTables.staplesMost))
            }
        } catch {
            onError?(error)
        }
    }

    /// Removes a staple, the focus to the row after it (or before, the last gone), with Undo.
    func remove(_ name: String) {
        let next = shown.firstIndex(of: name).flatMap { i in
            i + 1 < shown.count ? shown[i + 1] : (i > 0 ? shown[i - 1] : nil)
        }
        do {
            guard let removed = try store.stapleTables.removeStaple(name) else { return refresh() }
            refresh(focus: next)
            if next == nil { _ = newStaple.row.grabFocus() }
            let handle = prefs.toast(L("“{staple}” goes on the list again", ["staple": removed]), button: L("Undo")) {
                [weak self] in
                guard let self else { return }
                do { try store.stapleTables.addStaple(removed) } catch { onError?(error) }
                refresh(focus: removed)
            }
            if let handle { toasts.append(handle) }
        } catch {
            onError?(error)
        }
    }
}
