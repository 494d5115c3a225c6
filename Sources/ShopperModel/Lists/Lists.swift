import Foundation

/// Every list, and making, renaming, ordering and deleting them, and moving items between them: each
/// one step of the shared undo history, written through the store like every other operation.
package final class Lists: ModelPart {
    /// Every list (not deleted), in order, with its counts as of the last read or write.
    package internal(set) var all: [ShoppingList] = [] { didSet { model.shops.place() } }
    unowned var model: ShoppingModel!

    /// A new list at the end, named as asked (blank: "New List"). Returns its id.
    @discardableResult
    package func createList(named name: String) throws(StoreError) -> ListID {
        let name = Ordering.newName(name, fallback: L("New List"))
        var made = ListID.first
        try core.commit(L("making the list “{name}”", ["name": name])) { b in
            made = b.ids.newListID()
            b.cs.lists[made] = ShoppingList(id: made, name: name, position: (all.last?.position ?? 0) + Ordering.gap)
        }
        return made
    }

    package func renameList(_ id: ListID, to name: String) throws(StoreError) {
        guard let (was, renamed) = Ordering.renaming(id, in: all, to: name) else { return }
        try core.commit(L("renaming the list “{name}”", ["name": was])) { b in b.cs.lists[id] = renamed }
    }

    /// Marks the list deleted: it stays in the store, with its items, for a week (Recently
    /// Deleted; see `Store.purgeDeletedLists`), so Undo or Restore brings it back whole. The last
    /// list cannot go: a window always shows one.
    package func deleteList(_ id: ListID, now: Date = Date()) throws(StoreError) {
        guard all.count > 1, var l = all.first(where: { $0.id == id }) else { return }
        try core.commit(L("deleting the list “{name}”", ["name": l.name])) { b in
            l.deleted = true
            l.deletedAt = StoreTime.rounded(now)
            b.cs.lists[id] = l
        }
    }

    /// The lists deleted in the last week, the latest first.
    package func deletedLists() throws(StoreError) -> [ShoppingList] { try store.deletedLists() }

    /// Brings a deleted list back, with its items, where it was in the sidebar: one step of the
    /// undo history (Undo deletes it again). False when it was not deleted (restored already).
    /// Its sharing stays, unless another list was shared with its task list meanwhile: two lists
    /// on one task list would take each other's items, so the one restored is no longer shared.
    @discardableResult
    package func restoreList(_ id: ListID) throws(StoreError) -> Bool {
        guard var l = try deletedLists().first(where: { $0.id == id }) else { return false }
        try core.commit(L("restoring the list “{name}”", ["name": l.name])) { b in
            l.deleted = false
            l.deletedAt = nil
            b.cs.lists[id] = l
        }
        if let mine = try store.syncTables.syncBinding(for: id),
           try store.syncTables.syncBindings().contains(where: { $0.list != id && $0.collection == mine.collection }) {
            try store.syncTables.stopSharing(id)
        }
        return true
    }

    /// Moves a list to `index` in the sidebar's order.
    package func moveList(_ id: ListID, to index: Int) throws(StoreError) {
        guard let from = all.firstIndex(where: { $0.id == id }) else { return }
        try core.commit(L("moving the list “{name}”", ["name": all[from].name])) { b in
            for l in Ordering.moved(all, from: from, to: index, position: \.position) { b.cs.lists[l.id] = l }
        }
    }

    /// Moves items to the end of another list, as they are (on the shopping list or not, in the
    /// cart or not): one step, undone here. Their aisles join that list's aisles.
    package func moveItems(_ ids: [ItemID], to target: ListID) throws(StoreError) {
        guard target != core.list, let name = all.first(where: { $0.id == target })?.name else { return }
        let items = model.items
        let moving = ids.filter { items[$0] != nil }
        guard !moving.isEmpty else { return }
        let step = moving.count == 1 ? L("moving “{item}” to {list}", ["item": items.named(moving[0]), "list": name])
            : N("moving {n} item to {list}", "moving {n} items to {list}", moving.count, ["list": name])
        let now = StoreTime.rounded(Date())
        try core.commit(step) { (b: inout ChangeBuilder) throws(StoreError) in
            var position = try store.lastPosition(of: target)
            for id in moving {
                guard var item = try items.readItem(id) else { continue }
                position += Ordering.gap
                item.list = target
                item.position = position
                item.updatedAt = now
                b.cs.items[id] = item
            }
        }
    }

    /// The item as the store has it on another list (read by an undo, see `replayChanges`).
    func foreignItem(_ id: ItemID, _ found: [ItemID: Int64]) -> Item? {
        guard found[id] != nil else { return nil }
        return (try? store.reading(ListScope(core.list)) { try $0.items([id]) })?.first?.item
    }

    /// The lists read again (another model of this process wrote to one of them); observers hear
    /// of a change.
    package func reloadLists() {
        guard let read = try? store.lists(), read != all else { return }
        all = read
        var change = ModelChange()
        change.listsChanged = true
        core.tell(change)
    }
}
