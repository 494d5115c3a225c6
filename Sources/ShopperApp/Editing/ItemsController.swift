import Foundation
import ShopperModel

/// What the items of the list shown need of the window beyond the common services: the money, the
/// pages (the row acted on, the rows revealed), and the actions (they follow the editor).
@MainActor
protocol ItemsHost: WindowServices {
    var money: MoneyFormat { get }
    var pageStack: PageStack { get }
    var currentListPage: ListPage? { get }
    var currentPage: ListPage { get }
    func updateActions()
    func updateTotals()
}

/// What is done to the items of the list shown: a row's action (tick, untick, pick) and deletion,
/// each with Undo; the item editor sliding over the lists (built when first needed); a line added
/// from the add bar or by `shopper add`, and what adding it did said.
@MainActor
final class ItemsController {
    unowned let host: any ItemsHost
    /// Where the editor slides in over the lists.
    let place: EditorPlace
    private let addBar: AddBar

    init(host: any ItemsHost, place: EditorPlace, addBar: AddBar) {
        self.host = host
        self.place = place
        self.addBar = addBar
        place.body.onVisibleChanged { [weak self] in
            guard let self else { return }
            if !isEditing { editorClosed() }
            // While the editor is open the lists' commands are not available.
            host.updateActions()
        }
    }

    var isEditing: Bool { place.isOpen }

    /// A row command (`AppAction`'s tick, untick, pick, edit, delete, move up and down) on the row
    /// selected in `page`.
    func run(_ action: AppAction, on page: ListPage?) {
        guard let page, let id = page.selectedItem else { return }
        switch action {
        case .tick: page.act(.tick, on: id)
        case .untick: page.act(.untick, on: id)
        case .pick: page.act(.toggleNeeded, on: id)
        case .edit: openEditor(id)
        case .delete: delete(id)
        case .moveUp: page.moveSelected(by: -1)
        case .moveDown: page.moveSelected(by: 1)
        default: break
        }
    }

    /// A list page just built: its rows' actions and deletions come here, its errors are said.
    func wire(_ page: ListPage) {
        page.host = self
    }

    func perform(_ action: RowAction, on id: ItemID) {
        guard let name = host.model.items.item(id)?.description else { return }
        switch action {
        case .toggleNeeded:
            host.attempt { try host.model.items.toggleNeeded(id) }
        case .tick:
            // A failed write has shown its error: it must not be replaced by a success and an Undo.
            if host.attempt({ try host.model.items.tick(id) }) {
                host.sayDone(L("“{item}” is in the cart", ["item": name]))
            }
        case .untick:
            if host.attempt({ try host.model.items.untick(id) }) {
                host.sayDone(L("“{item}” is back on the shopping list", ["item": name]))
            }
        case .openEditor:
            openEditor(id)
        }
    }

    func delete(_ id: ItemID) {
        guard let name = host.model.items.item(id)?.description else { return }
        if host.attempt({ try host.model.items.delete([id]) }) {
            host.sayDone(L("Deleted “{item}”", ["item": name]))
        }
    }

    /// The item editor, built into its place the first time it is needed: most starts never open it.
    var editor: ItemEditor {
        if let built = place.editor { return built }
        let editor = ItemEditor(model: host.model, money: host.money)
        place.place(editor)
        editor.host = self
        return editor
    }

    func openEditor(_ id: ItemID) {
        editor.edit(id)
        for page in host.pageStack.builtLists { page.emptyState.suppressed = true }
        place.open()
    }

    /// Back to the lists; a swipe back or Alt+Left on the leaflet comes here too (`editorClosed`).
    func closeEditor() { place.close() }

    func editorClosed() {
        for page in host.pageStack.builtLists { page.emptyState.suppressed = false }
        guard let editor = place.editor else { return }
        if let problem = editor.keepChanges() { host.toast.show(problem) }
        if let id = editor.itemID { host.currentPage.select(id) }
    }

    /// `shopper add LINE` from another process, delivered here: shown at once.
    func addLine(_ line: String) {
        host.attempt { _ = try addLineForCaller(line) }
    }

    /// The same for a caller that waits for the outcome: returns what to tell it once the item is
    /// saved, throws (after showing the error here too) when it is not.
    func addLineForCaller(_ line: String) throws -> String {
        let typed: PlainTextFormat.TypedLine
        switch PlainTextFormat.read(line, numbers: UserLocale.current.numbers) {
        case .failure(let e):
            throw AddLineService.Failed(
                message: L("cannot add “{line}”: {reason}", ["line": line, "reason": e.message]))
        case .success(let t): typed = t
        }
        // `shopper add` without --to adds to the first list, whichever the window shows.
        let store = host.model.store
        if let first = host.model.lists.all.first?.id, first != host.model.list {
            let other = try ShoppingModel(store: store, list: first, undo: host.model.undo)
            let outcome = try other.items.add(typed)
            let name = host.model.lists.all.first?.name ?? ""
            let message =
                other.items.item(outcome.id).map {
                    L("{message} to {list}", ["message": outcome.message($0, money: host.money), "list": name])
                } ?? ""
            host.model.lists.reloadLists()
            host.sayDone(message)
            return L("{message} (in the running Shopper).", ["message": message])
        }
        let message = added(try host.model.items.add(typed))
        return L("{message} (in the running Shopper).", ["message": message])
    }

    /// Says what adding a line did, with Undo; returns the message.
    @discardableResult
    func added(_ outcome: AddOutcome) -> String {
        guard let item = host.model.items.item(outcome.id) else { return "" }
        // The row added (or put back on the list) in view, the focus left in the add bar.
        if let page = host.currentListPage, page.projection.index(of: outcome.id) != nil { page.reveal(outcome.id) }
        let message = outcome.message(item, money: host.money)
        if case .known(wasNeeded: true, changed: false) = outcome.kind {
            host.toast.show(message)  // nothing was written: nothing to undo
        } else if let near = outcome.nearMiss, let known = host.model.items.item(near)?.description {
            // "Bananaz" beside a known "Bananas": one click makes it the known item instead.
            host.toast.show(L("Added “{item}” — did you mean {known}?", ["item": item.description, "known": known]),
                       actionTitle: L("Fix"), action: { [weak self] in self?.addBar.correct(outcome) })
        } else if let hint = CostText.implausibleHint(item.fields, money: host.money) {
            // "500 g Mince @ 5.49": offer the reading that was probably meant, and say it under
            // the add bar too, where a phone-width window has room for the whole sentence.
            addBar.say(hint, isError: false)
            host.toast.show(
                L("{message}. {hint}", ["message": message, "hint": hint]), actionTitle: L("For All"),
                action: { [weak self] in self?.makePriceForAll(outcome.id) })
        } else {
            host.sayDone(message)
        }
        return message
    }

    private func makePriceForAll(_ id: ItemID) {
        guard var fields = host.model.items.item(id)?.fields else { return }
        fields.priceBasis = .forAll
        guard host.attempt({ try host.model.items.update(id, fields) }), let item = host.model.items.item(id) else {
            return
        }
        host.sayDone(
            L("{item}: {summary}", ["item": item.description, "summary": CostText.summary(item, money: host.money)]))
    }
}

extension ItemsController: ListPageHost {
    func pageFailed(_ error: Error) { host.report(error) }
    func pageSelectionChanged() { host.updateActions() }
    func pageRowsChanged() { host.updateTotals() }
    func coveredTop(in widget: Widget) -> Double? { host.toast.top(in: widget) }
}

extension ItemsController: ItemEditorHost {
    func editorClose() { closeEditor() }

    func editorDelete(_ id: ItemID) {
        closeEditor()
        delete(id)
    }

    func editorFailed(_ error: Error) { host.report(error) }
}
