import Foundation
import ShopperModel

/// `SHOPPER_BENCH=recipes`, on a store with the benchmark's 1,000 recipes (`shopper-bench-store
/// PATH recipes`): the Recipes page opened as Ctrl+6 opens it (the recipes read, the page built,
/// its first frame), its list scrolled top to bottom, the store's read of the list's summaries
/// alone, the first key of a search (which reads what search looks in), and
/// "Bench Feast" (30 lines) added to the list of N as a person adds it (Add to List… opened, its
/// preview read, then its Add), each add undone untimed so every add meets the same list.
extension BenchmarkRunner {
    static let recipeAdds = 5

    func planRecipes() {
        planRecipesOpening()
        for k in 0..<Self.scrollFrames {
            timed("recipes-scroll-frame") { [self] in
                guard let scroller = window.recipes.place.builtPage?.list.scroller else { fail("no Recipes page") }
                scroller.scrollOffset = scroller.maxScrollOffset * Double(k) / Double(Self.scrollFrames - 1)
            }
        }
        // Of the opening, the store's read of what the list shows (the page's summaries).
        for _ in 0..<Self.switches {
            steps.append { [self] done in
                let t0 = Clock.now
                do { _ = try window.model.recipes.recipeSummaries() } catch {
                    fail("reading the recipes failed: \(error)")
                }
                emit("recipes-read", Clock.now - t0)
                done()
            }
        }
        // The first key of a search reads what it looks in (the titles, tags and ingredients).
        timed("recipes-search-first") { [self] in
            guard let page = window.recipes.place.builtPage else { fail("no Recipes page") }
            page.search.text = "lemon"
            guard !page.entries.isEmpty, page.entries.count < 1_000 else {
                fail("the search found \(page.entries.count) recipes")
            }
        }
        untimed { [self] in window.recipes.place.builtPage?.search.text = "" }
        // Of that first search, the store's read of what it looks in, alone.
        for _ in 0..<Self.switches {
            steps.append { [self] done in
                let t0 = Clock.now
                do { _ = try window.model.recipes.recipeSearchTexts() } catch {
                    fail("reading the search texts failed: \(error)")
                }
                emit("recipes-search-read", Clock.now - t0)
                done()
            }
        }
        planRecipeAdds()
    }

    /// Once a launch: a second opening would find the page built. After the start's idle work (a
    /// person does not open Recipes within a frame of the window appearing; the place's header is
    /// built in an idle moment after the first frame).
    func planRecipesOpening() {
        untimed {}
        steps.append { [self] done in
            let t0 = Clock.now
            ActionMap(window.window).activate(AppAction.showRecipes.rawValue)
            let opened = Clock.now - t0
            guard let page = window.recipes.place.builtPage, page.entries.count >= 1_000 else {
                fail("the Recipes page showed too few recipes")
            }
            window.window.afterNextFrame { [self] frameWork in
                emit("recipes-open", opened + frameWork)
                emit("recipes-build", opened)
                emit("recipes-frame", frameWork)
                done()
            }
        }
    }

    /// The add as a person makes it: Add to List… opened (the dialog built, its preview worked out,
    /// its window shown, the dialog's first frame), then its Add (the list shown, the merge written as one undo step,
    /// the Shopping List page and the toast, then the next frame).
    func planRecipeAdds(_ count: Int = recipeAdds) {
        var feast: Recipe?
        untimed { [self] in
            window.recipes.show()
            feast = try? window.model.recipes.recipe(titled: "Bench Feast")
            guard let feast, feast.ingredients.count == 30 else { fail("the store has no 30-line Bench Feast") }
        }
        for _ in 0..<count {
            var undoBefore = 0
            steps.append { [self] done in
                guard let feast else { fail("no Bench Feast") }
                let t0 = Clock.now
                guard let dialog = window.recipes.makeAddDialog(feast.id, servings: feast.baseServings),
                      dialog.shownLines.count == 30 else { fail("the preview showed no 30 lines") }
                let built = Clock.now - t0
                let shown = Elapsed()
                // The dialog's own first frame (its window has its own frame clock): the rows of
                // its preview laid out and drawn.
                dialog.dialog.widget.afterFirstFrame(work: { [self] frameWork in
                    emit("recipe-preview", built + shown.microseconds + frameWork)
                    emit("recipe-preview-built", built)
                    emit("recipe-preview-shown", shown.microseconds)
                    emit("recipe-preview-frame", frameWork)
                    done()
                })
                let t1 = Clock.now
                dialog.present()
                shown.microseconds = Clock.now - t1
            }
            steps.append { [self] done in
                guard let dialog = window.recipes.addDialog else { fail("the dialog closed before its Add") }
                undoBefore = window.model.undo.undoStack.count
                let t0 = Clock.now
                dialog.dialog.respond("add")
                let operation = Clock.now - t0
                guard window.model.undo.undoStack.count == undoBefore + 1 else { fail("the add made no undo step") }
                window.window.afterNextFrame { [self] frameWork in
                    emit("recipe-add", operation + frameWork)
                    // Its part in the next frame (the lists shown again, the changed rows drawn).
                    emit("recipe-add-frame", frameWork)
                    done()
                }
            }
            // Back as a person would be for the next: the add undone, the recipes shown.
            untimed { [self] in
                window.undo()
                guard window.model.undo.undoStack.count == undoBefore else { fail("the add was not undone") }
                window.recipes.show()
            }
        }
    }
}

/// A time measured after the closure that reports it was made (the dialog's `present`, timed
/// around the call that sets its first frame going).
@MainActor private final class Elapsed {
    var microseconds: Int64 = 0
}
