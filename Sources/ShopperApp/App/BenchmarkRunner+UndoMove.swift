import Foundation
import ShopperModel

/// `make bench`'s Undo and Move to List on the list of N (issue 38: every interaction inside a
/// frame at 100k), each through the window's own path, the operation plus its next frame.
extension BenchmarkRunner {
    func planUndoAndMove() {
        untimed { [self] in window.show(.shopping) }
        for _ in 0..<Self.repeats {
            // Ctrl+Z of a tick: the item back from the cart onto the Shopping List, in its aisle.
            var undone = 0
            untimed { [self] in
                guard let id = firstShown(.shopping) else { fail("the Shopping List has no item to tick off") }
                do { try window.model.items.tick(id) } catch { fail("ticking off failed: \(error)") }
                undone = window.model.undo.undoStack.count
            }
            timed("undo") { [self] in
                window.undo()
                guard window.model.undo.undoStack.count == undone - 1 else { fail("Undo took back no step") }
            }
        }
        for _ in 0..<Self.repeats {
            // An item's Move to List (to the small list), its toast with Undo; the Undo untimed.
            timed("move-to-list") { [self] in
                guard let other = window.model.lists.all.first(where: { $0.id != window.model.list })?.id else {
                    fail("the store has no second list to move to")
                }
                guard let id = firstShown(.shopping) else { fail("the Shopping List has no item to move") }
                guard window.lists.move(id, toList: other) else { fail("the item was not moved") }
            }
            untimed { [self] in window.undo() }
        }
    }

    /// The first item a page shows (past its section headers).
    private func firstShown(_ kind: ListKind) -> ItemID? {
        let page = window.page(kind)
        return (0..<min(3, page.projection.count)).lazy.compactMap(page.projection.itemID).first
    }
}
