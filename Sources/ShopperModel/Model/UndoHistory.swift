/// Undo and redo stacks. Bounded so a long session does not grow without end. One history serves
/// every list of a window: a step may span two lists (a move between them, a list deleted), and
/// Undo always takes back the newest step, showing the list it was made on.
///
/// Each entry keeps both directions of its operation: `forward` is what the operation wrote and
/// `backward` what it overwrote. Undo applies `backward` only while the items still hold what
/// `forward` wrote, so it never overwrites a change made since by another process. Each entry has
/// an identity of its own, so an Undo offered for one step can never undo another.
package final class UndoHistory {
    package init() {}
    package struct Entry {
        package let id: Int
        let name: String
        let forward: ChangeSet
        let backward: ChangeSet
        /// A long import: undone from this record in the store, not from change sets, and never
        /// redone (its items are not held to write them again).
        package var imported: ImportUndo? = nil
        /// The items the step changes (to show them once it is undone or redone).
        package var itemIDs: Set<ItemID> { Set(forward.items.keys).union(backward.items.keys) }
        /// The list the step was made on: it is undone there (the window shows that list first).
        package var list: ListID { forward.list }
        /// A step on the lists alone (made, renamed, moved, deleted), or on the stores, the trips,
        /// the recipes or the plan's meals alone (shared by every list): any list's model replays it.
        package var onListsOnly: Bool {
            forward.items.isEmpty && backward.items.isEmpty && forward.onlyAt.isEmpty && forward.aisleOrder == nil
                && forward.searches.isEmpty && forward.history.isEmpty
                && forward.book.shares.isEmpty && backward.book.shares.isEmpty
                && (!forward.lists.isEmpty || !forward.shops.isEmpty || !forward.trips.isEmpty
                    || !forward.book.recipes.isEmpty
                    || !forward.book.meals.isEmpty)
        }
        /// The lists the step changes.
        package var listIDs: Set<ListID> { Set(forward.lists.keys) }
    }

    static let limit = 200
    package private(set) var undoStack: [Entry] = []
    package private(set) var redoStack: [Entry] = []
    private var lastID = 0

    package var canUndo: Bool { !undoStack.isEmpty }
    package var canRedo: Bool { !redoStack.isEmpty }
    var undoName: String? { undoStack.last?.name }
    /// The identity of the step Undo would undo now.
    package var latestID: Int? { undoStack.last?.id }

    func record(_ name: String, forward: ChangeSet, backward: ChangeSet) {
        lastID += 1
        undoStack.append(Entry(id: lastID, name: name, forward: forward, backward: backward))
        if undoStack.count > Self.limit { undoStack.removeFirst() }
        redoStack.removeAll()
    }

    /// A long import's step (`ImportUndo`).
    func record(_ name: String, imported: ImportUndo) {
        record(name, forward: ChangeSet(list: imported.list), backward: ChangeSet(list: imported.list))
        undoStack[undoStack.count - 1].imported = imported
    }

    func undone() { if let e = undoStack.popLast() { redoStack.append(e) } }
    func redone() { if let e = redoStack.popLast() { undoStack.append(e) } }
    func discardLatest() { _ = undoStack.popLast() }
    func discardLatestRedo() { _ = redoStack.popLast() }
}
