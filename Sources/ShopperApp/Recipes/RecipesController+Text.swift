import Foundation
import ShopperModel
import ShopperSyncModel

/// A recipe as text, with what was understood shown before it is kept: pasted (Ctrl+Shift+V), a
/// kept one edited, or one read from a web page or a file (by the sharing helper, which fetches
/// and parses pages: the window loads no network library) and checked before it is kept.
extension RecipesController {
    /// Paste a Recipe…: Save keeps the recipe and opens it.
    func paste() {
        show()
        openRecipeText(title: L("Paste a Recipe"), text: "", base: nil) { [weak self] draft in self?.keep(draft) ?? true
        }
    }

    /// Edit… on a recipe's page: its text, Save keeps the changes (one undo step).
    func edit(_ id: RecipeID) {
        guard let recipe = try? host.model.recipes.recipe(id) else { return }
        openRecipeText(title: L("Edit “{recipe}”", ["recipe": recipe.title]), text: RecipeText.text(of: recipe.draft),
                       base: recipe.draft) { [weak self] draft in
            guard let self else { return true }
            let before = host.model.undo.latestID
            guard host.attempt({ try host.model.recipes.updateRecipe(id, draft) }),
                let undo = host.undoAction(ifNewSince: before)
            else { return true }
            reloadRecipes()
            place.page.open(id: id.raw)
            host.toast.show(L("“{recipe}” is changed", ["recipe": draft.title]), actionTitle: L("Undo"), action: undo)
            return true
        }
    }

    /// Keeps what Save gave; when the book has it already (the same page imported again, the same
    /// title and ingredients), asks first: replace it or keep both. Answers whether the text's
    /// dialog closes now.
    private func keep(_ draft: RecipeDraft) -> Bool {
        guard let kept = (try? host.model.recipes.duplicates(of: draft))?.first, let paste = pasteDialog else {
            keep(draft, replacing: nil)
            return true
        }
        let ask = RecipeDuplicateDialog(
            parent: paste.window, draft: draft, kept: kept,
            onChoice: { [weak self, weak paste] choice in
            self?.keep(draft, replacing: choice == .replace ? kept.id : nil)
            // Once the question is gone: closed while it still answers, the text's window (its
            // transient parent) is destroyed under it, and GTK unhooks it from a freed window.
            MainLoop.idle { paste?.window.close() }
        }, onClosed: { [weak self] in self?.duplicateDialog = nil })
        duplicateDialog = ask
        ask.present()
        return false
    }

    private func keep(_ draft: RecipeDraft, replacing: RecipeID?) {
        do {
            guard let id = try host.model.recipes.keepImported([(draft, replacing)]).first else { return }
            reloadRecipes()
            reloadWeek()
            place.page.open(id: id.raw)
            let said = replacing == nil ? L("“{recipe}” is kept with your recipes", ["recipe": draft.capped.title])
                : L("“{recipe}” is replaced with what was read", ["recipe": draft.capped.title])
            host.sayDone(said)
        } catch {
            host.report(error)
        }
    }

    private func openRecipeText(
        title: String, text: String, base: RecipeDraft?, onSave: @escaping @MainActor (RecipeDraft) -> Bool
    ) {
        // One at a time: a page read while a recipe is being typed waits its turn rather than
        // taking the place (and the Save) of what is typed.
        if let open = pasteDialog {
            open.present()
            host.toast.show(L("Keep or close the recipe open first."))
            return
        }
        let read: (String) -> RecipeDraft = { t in
            base.map { RecipeText.read(t, keeping: $0) } ?? RecipeText.read(t) ?? RecipeDraft(title: "")
        }
        let dialog = RecipePasteDialog(
            parent: host.window, numbers: UserLocale.current.numbers, title: title, text: text,
                                       unchanged: base, read: read, onSave: onSave)
        dialog.window.onCloseRequest { [weak self, weak dialog] in
            if let self, self.pasteDialog === dialog { self.pasteDialog = nil }
            return false
        }
        pasteDialog = dialog
        dialog.present()
    }

    /// Import a Recipe…: a web address (or a file chosen), read off the main loop by the helper;
    /// the first recipe found opens as text to check, Save keeps it. A page without a recipe, a
    /// server too slow or a page too large is said in one sentence.
    func importRecipe(problem: String? = nil, typed: String = "") {
        show()
        let dialog = MessageDialog(parent: host.window, heading: L("Import a Recipe"),
            body: problem
                ?? L(
                    "A recipe page’s address (most recipe sites describe their recipes for search engines), or a recipe file such as Nextcloud Cookbook keeps."
                ))
        let rows = ListBox()
        rows.widget.css("boxed-list")
        let address = EntryRow(title: L("Web Address or File"))
        address.text = typed
        address.activatesDefault(true)
        rows.append(address.row)
        dialog.extraChild(rows.widget)
        dialog.addResponse("cancel", L("Cancel"))
        dialog.addResponse("file", L("Choose a File…"))
        dialog.addResponse("read", L("Import"), suggested: true)
        dialog.closeResponse("cancel")
        dialog.onResponse { [weak self] response in
            guard let self else { return }
            switch response {
            case "read": readRecipe(from: address.text.trimmingCharacters(in: .whitespaces))
            case "file":
                FileChooser.choose(title: L("Import a Recipe"), accept: L("_Open"), parent: host.window,
                    filters: [
                        (
                            name: L("Recipes (web pages, schema.org JSON, text)"),
                            patterns: ["*.html", "*.htm", "*.json", "*.txt"]
                        )
                    ]
                ) { [weak self] path in
                    self?.readRecipe(from: path)
                }
            default: break
            }
        }
        dialog.widget.nameButtons(icons: [:])
        dialog.present()
        _ = address.row.grabFocus()
    }

    /// Reads `source` in the helper while a dialog says so, with Cancel. One import at a time: a
    /// second takes the place of the first, whose helper is ended and gone before the next starts.
    func readRecipe(from source: String) {
        guard !source.isEmpty else { return importRecipe() }
        let previous = importProgress
        previous?.cancel()
        let progress = RecipeImportProgress(parent: host.window, source: source) { [weak self] in
            self?.importProgress = nil
        }
        importProgress = progress
        progress.present()
        let handle = progress.handle, before = previous?.handle
        Thread.detachNewThread {
            before?.waitUntilEnded()
            let found = Result { () throws(HelperProcess.Failure) in
                try SyncHelper.recipes(from: source, handle: handle)
            }
            MainLoop.post { [weak self, weak progress] in
                guard let self, let progress, !progress.over else { return }
                progress.finish()
                if importProgress === progress { importProgress = nil }
                imported(found, from: source)
            }
        }
    }

    /// What the helper read: the first recipe opens as text to check, or the import dialog comes
    /// back with the problem and the address as typed.
    func imported(_ found: Result<[RecipeDraft], HelperProcess.Failure>, from source: String) {
        switch found {
        case .success(let drafts) where !drafts.isEmpty:
            let first = drafts[0]
            openRecipeText(
                title: L("Import “{recipe}”", ["recipe": first.title]), text: RecipeText.text(of: first), base: first
            ) { [weak self] d in
                self?.keep(d) ?? true
            }
            if drafts.count > 1 {
                host.toast.show(
                    N(
                        "{n} recipe was on the page; the first is shown",
                        "{n} recipes were on the page; the first is shown", drafts.count))
            }
        case .success: importRecipe(problem: L("No recipe was found there."), typed: source)
        case .failure(let e) where e.cancelled: break
        case .failure(let e): importRecipe(problem: e.description, typed: source)
        }
    }
}
