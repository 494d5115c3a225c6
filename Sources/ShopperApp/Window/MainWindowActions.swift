import Foundation
import ShopperModel

/// What the main window does for the user: every model operation goes through `attempt`, so a
/// failure is shown in the window and nothing is lost; undoable ones offer Undo.
extension MainWindow {
    func perform(_ action: RowAction, on id: ItemID) {
        guard let name = model.item(id)?.description else { return }
        switch action {
        case .toggleNeeded:
            attempt { try model.toggleNeeded(id) }
        case .tick:
            // A failed write has shown its error: it must not be replaced by a success and an Undo.
            if attempt({ try model.tick(id) }) {
                toast.show(L("“{item}” is in the cart", ["item": name]), actionTitle: L("Undo"), action: undoAction())
            }
        case .untick:
            if attempt({ try model.untick(id) }) {
                toast.show(L("“{item}” is back on the shopping list", ["item": name]), actionTitle: L("Undo"), action: undoAction())
            }
        case .openEditor:
            openEditor(id)
        }
    }

    func delete(_ id: ItemID) {
        guard let name = model.item(id)?.description else { return }
        if attempt({ try model.delete([id]) }) {
            toast.show(L("Deleted “{item}”", ["item": name]), actionTitle: L("Undo"), action: undoAction())
        }
    }

    func finishShopping() {
        let count = model.totals.inCart.count
        guard count > 0 else {
            toast.show(L("Nothing in the cart yet: tick items off the shopping list first."))
            return
        }
        // The optional step: prices paid, corrected from the receipt, before they are recorded.
        let dialog = FinishShoppingDialog(model: model, parent: window, money: money) { [weak self] paid in
            guard let self else { return }
            dialogs.finish = nil
            if attempt({ try model.finishShopping(paid: paid) }) {
                toast.show(N("Shopping finished: {n} item recorded", "Shopping finished: {n} items recorded", count), actionTitle: L("Undo"), action: undoAction())
            }
        }
        dialog.dialog.onResponse { [weak self] _ in self?.dialogs.finish = nil }
        dialogs.finish = dialog
        dialog.present()
    }

    /// Undoes the latest step; with `step`, only if that step is still the latest.
    func undo(step: Int? = nil) {
        guard model.undo.canUndo else {
            if step == nil { toast.show(L("Nothing to undo")) }
            return
        }
        let entry = model.undo.undoStack.last
        guard step == nil || entry?.id == step else { return }
        let changed = entry?.itemIDs ?? []
        lists.showListOf(entry)
        let before = model.lists
        attempt {
            if let name = try model.undoLast(step: step) {
                lists.showListBroughtBack(by: entry, before: before)
                revealChanged(changed)
                // A long import is not redone (its items are not held): no Redo to offer.
                if entry?.imported != nil { toast.show(L("Undid {step}", ["step": name])) }
                else { toast.show(L("Undid {step}", ["step": name]), actionTitle: L("Redo")) { [weak self] in self?.redo() } }
            }
        }
    }

    func redo() {
        guard model.undo.canRedo else { return toast.show(L("Nothing to redo")) }
        let entry = model.undo.redoStack.last
        let changed = entry?.itemIDs ?? []
        lists.showListOf(entry)
        let before = model.lists
        attempt {
            if let name = try model.redoLast() {
                lists.showListBroughtBack(by: entry, before: before)
                revealChanged(changed)
                toast.show(L("Redid {step}", ["step": name]))
            }
        }
    }

    /// After an undo or a redo: the changed item on the list shown, in view (a step of one item; a
    /// step of many, such as an import, leaves the list where it is).
    private func revealChanged(_ ids: Set<ItemID>) {
        guard ids.count == 1, let id = ids.first, let page = currentListPage, page.projection.index(of: id) != nil else { return }
        page.reveal(id)
    }

    func openEditor(_ id: ItemID) {
        editor.edit(id)
        for page in pageStack.builtLists { page.emptyState.suppressed = true }
        editorPlace.open()
    }

    /// Back to the lists; a swipe back or Alt+Left on the leaflet comes here too (`editorClosed`).
    func closeEditor() { editorPlace.close() }

    func editorClosed() {
        for page in pageStack.builtLists { page.emptyState.suppressed = false }
        guard let editor = editorPlace.editor else { return }
        if let problem = editor.keepChanges() { toast.show(problem) }
        if let id = editor.itemID { currentPage.select(id) }
    }

    func showPreferences() {
        if dialogs.preferences == nil {
            let p = ShopperPreferencesWindow(preferences: preferences, parent: window)
            p.window.onCloseRequest { [weak self] in self?.dialogs.preferences = nil; return false }
            dialogs.preferences = p
        }
        dialogs.preferences?.window.present()
    }

    func showAbout() {
        AboutDialog.present(paths.aboutInfo, version: AppInfo.version, icon: AppInfo.id, parent: window)
    }

    func showShortcuts() {
        ShortcutsWindow.present(xml: ShortcutsWindowXML.xml, transientFor: window, icons: ["edit-find-symbolic": L("Search Shortcuts")])
    }

    func loadSampleList() {
        attempt {
            let text = try String(contentsOfFile: paths.sampleList, encoding: .utf8)
            try model.importItems(try CSVFormat.parse(text))
        }
    }

    /// `shopper add LINE` from another process, delivered here: shown at once.
    func addLine(_ line: String) {
        attempt { _ = try addLineForCaller(line) }
    }

    /// The same for a caller that waits for the outcome: returns what to tell it once the item is
    /// saved, throws (after showing the error here too) when it is not.
    func addLineForCaller(_ line: String) throws -> String {
        let typed: PlainTextFormat.TypedLine
        switch PlainTextFormat.read(line, numbers: UserLocale.current.numbers) {
        case .failure(let e): throw AddLineService.Failed(message: L("cannot add “{line}”: {reason}", ["line": line, "reason": e.message]))
        case .success(let t): typed = t
        }
        // `shopper add` without --to adds to the first list, whichever the window shows.
        if let first = model.lists.first?.id, first != model.list, let store = model.store {
            let other = try ShoppingModel(store: store, list: first, undo: model.undo)
            let outcome = try other.add(typed)
            let name = model.lists.first?.name ?? ""
            let message = other.item(outcome.id).map { L("{message} to {list}", ["message": outcome.message($0, money: money), "list": name]) } ?? ""
            model.reloadLists()
            toast.show(message, actionTitle: L("Undo"), action: undoAction())
            return L("{message} (in the running Shopper).", ["message": message])
        }
        let message = added(try model.add(typed))
        return L("{message} (in the running Shopper).", ["message": message])
    }

    /// Says what adding a line did, with Undo; returns the message.
    @discardableResult
    func added(_ outcome: AddOutcome) -> String {
        guard let item = model.item(outcome.id) else { return "" }
        // The row added (or put back on the list) in view, the focus left in the add bar.
        if let page = currentListPage, page.projection.index(of: outcome.id) != nil { page.reveal(outcome.id) }
        let message = outcome.message(item, money: money)
        if case .known(wasNeeded: true, changed: false) = outcome.kind {
            toast.show(message)  // nothing was written: nothing to undo
        } else if let near = outcome.nearMiss, let known = model.item(near)?.description {
            // "Bananaz" beside a known "Bananas": one click makes it the known item instead.
            toast.show(L("Added “{item}” — did you mean {known}?", ["item": item.description, "known": known]),
                       actionTitle: L("Fix"), action: { [weak self] in self?.strip.addBar.correct(outcome) })
        } else if let hint = CostText.implausibleHint(item.fields, money: money) {
            // "500 g Mince @ 5.49": offer the reading that was probably meant, and say it under
            // the add bar too, where a phone-width window has room for the whole sentence.
            strip.addBar.say(hint, isError: false)
            toast.show(L("{message}. {hint}", ["message": message, "hint": hint]), actionTitle: L("For All"), action: { [weak self] in self?.makePriceForAll(outcome.id) })
        } else {
            toast.show(message, actionTitle: L("Undo"), action: undoAction())
        }
        return message
    }

    private func makePriceForAll(_ id: ItemID) {
        guard var fields = model.item(id)?.fields else { return }
        fields.priceBasis = .forAll
        guard attempt({ try model.update(id, fields) }), let item = model.item(id) else { return }
        toast.show(L("{item}: {summary}", ["item": item.description, "summary": CostText.summary(item, money: money)]), actionTitle: L("Undo"), action: undoAction())
    }

    /// `shopper FILE`: preview, then import on confirmation.
    func previewImport(_ path: String) { preview(.file(path: path)) }

    /// A file, or lines pasted into the add bar: preview, then add on confirmation.
    func preview(_ source: ImportPreview.Source) {
        let pasted = if case .pasted = source { true } else { false }
        let preview = ImportPreview(source, model: model, parent: window, money: money, onImported: { [weak self] n in
            guard let self else { return }
            toast.show(pasted ? N("Added {n} item", "Added {n} items", n) : N("Imported {n} item", "Imported {n} items", n),
                       actionTitle: L("Undo"), action: undoAction())
        }, onError: { [weak self] error in self?.report(error) })
        preview.window.present()
        dialogs.previews.append(preview)
        preview.window.onCloseRequest { [weak self, weak preview] in
            self?.dialogs.previews.removeAll { $0 === preview }
            return false
        }
    }
}
