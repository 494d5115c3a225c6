import Foundation

/// Undo and redo: a step is replayed only over what it wrote, never over another process's
/// change since.
extension ModelCore {
    /// Undoes the last operation; returns its name, nil when there is nothing to undo. With
    /// `step`, undoes only if that step is still the latest (an Undo button offered for it).
    @discardableResult
    package func undoLast(step: Int? = nil) throws(StoreError) -> String? {
        try refreshIfChangedElsewhere()
        guard let entry = undo.undoStack.last, step == nil || step == entry.id else { return nil }
        if let imported = entry.imported {
            try undoImport(imported, name: entry.name)
            return entry.name
        }
        try replay(entry, undoing: true)
        return entry.name
    }

    @discardableResult
    package func redoLast() throws(StoreError) -> String? {
        try refreshIfChangedElsewhere()
        guard let entry = undo.redoStack.last else { return nil }
        try replay(entry, undoing: false)
        return entry.name
    }

    func replay(_ entry: UndoHistory.Entry, undoing: Bool) throws(StoreError) {
        let (cs, state) = undoing ? (entry.backward, entry.forward) : (entry.forward, entry.backward)
        do {
            let action = undoing ? L("undo {step}", ["step": entry.name]) : L("redo {step}", ["step": entry.name])
            try replayChanges(cs, over: state, action: action) {
                if undoing { undo.undone() } else { undo.redone() }
            }
        } catch .changedElsewhere(let d, let a) {
            // It can never apply as recorded: let the steps before it be undone (or redone).
            if undoing { undo.discardLatest() } else { undo.discardLatestRedo() }
            throw .changedElsewhere(description: d, action: a)
        }
    }

    /// Writes `cs` if every item still holds what `state` wrote: an item changed since (by another
    /// process) is not overwritten.
    func replayChanges(_ cs: ChangeSet, over state: ChangeSet, action: String, history: () -> Void) throws(StoreError) {
        // Items the step left on another list (a move) are not in this list's memory: the store says
        // what they hold now, and the revision the write must find.
        var foreign: [ItemID: Int64] = [:]
        let items = model.items
        let away = state.items.keys.filter { items.table[$0] == nil }
        for (item, revision) in try store.reading(ListScope(list), { try $0.items(away) }) {
            foreign[item.id] = revision
        }
        for (id, written) in state.items {
            let now: Item? = if items.table[id] != nil { try items.readItem(id) }
                             else { model.lists.foreignItem(id, foreign) }
            if now != written {
                throw .changedElsewhere(description: (now ?? written)?.description ?? L("an item"), action: action)
            }
        }
        expectedForeign = foreign
        defer { expectedForeign = [:] }
        var cs = cs
        if let target = cs.aisleOrder {
            cs.aisleOrder = Self.replayedOrder(target, undoing: state.aisleOrder ?? [], now: model.aisles.order.names)
        }
        do {
            let (written, back, commit) = try write { _ in cs }
            model.follow(written, commit, old: back, history: history)
        } catch .conflict(let id) {
            try? refresh()
            throw .changedElsewhere(description: items.item(id)?.description ?? L("an item"), action: action)
        }
    }

    /// The aisle order an undo or redo writes: `target`'s order, without the aisles the replayed
    /// step removes (those only in `state`), keeping every aisle added since by anyone.
    static func replayedOrder(_ target: [String], undoing state: [String], now current: [String]) -> [String] {
        let targetOrder = AisleOrder(target)
        let removed = AisleOrder(state.filter { targetOrder.index(of: $0) == nil })
        var order = targetOrder
        for a in current where removed.index(of: a) == nil { order.append(a) }
        return order.names
    }
}
