import Foundation
internal import GRDB

/// What every owner of a list's memory shares: the store, the undo history, the revision memory
/// holds, and the observers told of each change. Every operation of every owner (`Items`, `Lists`,
/// `Shops`, …) goes through its `commit`, so each is one transaction and one undo step; the
/// owners' memory follows through the model they compose (`ShoppingModel+Following.swift`).
///
/// Other processes write to the same store (`shopper add` without a window, a sync): each
/// operation first reads what they changed, and its write checks that every item it overwrites is
/// still the version read, so no one's acknowledged change is ever overwritten unseen. The window
/// calls `refreshIfChangedElsewhere` on a timer to show others' changes as they come.
package final class ModelCore {
    package let store: Store
    /// Shared by the models of every list a window shows (see `UndoHistory`).
    package let undo: UndoHistory
    /// The list this model holds; the store holds the others, which cost no memory here.
    package let list: ListID
    /// Everything up to this revision is in memory.
    var seenRevision: Int64 = 0
    /// The store's data_version when this process last read others' changes.
    var seenExternalVersion: Int64 = 0
    var observers: [Int: (ModelChange) -> Void] = [:]
    /// Heard before memory takes a change of so many items (`observers` hear it after).
    var comingObservers: [Int: (Int, Bool) -> Void] = [:]
    var nextObserver = 0
    /// While an undo or redo writes: the revisions of its items on other lists (see `replayChanges`).
    var expectedForeign: [ItemID: Int64] = [:]
    /// The owners whose memory follows each commit, and which the commit reads.
    unowned var model: ShoppingModel!

    init(store: Store, list: ListID, undo: UndoHistory) {
        self.store = store
        self.list = list
        self.undo = undo
        seenExternalVersion = store.externalVersion()
    }

    // MARK: Observing

    @discardableResult
    package func observe(_ f: @escaping (ModelChange) -> Void) -> Int {
        nextObserver += 1
        observers[nextObserver] = f
        return nextObserver
    }

    package func removeObserver(_ token: Int) {
        observers[token] = nil
        comingObservers[token] = nil
    }

    /// `f` hears how many items a change brings (and whether it moves sections) before memory
    /// takes it: whoever holds the entries as they still are (a list's rows being placed from
    /// them) can finish with them first, or the change's write copies the whole table (14 ms of
    /// the first tick at a million items). Removed with `token`.
    func observeComing(_ token: Int, _ f: @escaping (_ items: Int, _ sectionsMove: Bool) -> Void) {
        comingObservers[token] = f
    }

    /// Tells `comingObservers` of a change of `count` items about to be taken into memory.
    func changeComing(_ count: Int, sectionsMove: Bool) {
        guard count > 0 else { return }
        for f in comingObservers.values { f(count, sectionsMove) }
    }

    /// Every observer hears of `change`.
    func tell(_ change: ModelChange) {
        for f in observers.values { f(change) }
    }

    /// `body` over the store: through the write's own connection inside a write (what its checks
    /// see), else a read.
    func storeRows<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        if let writer = model.items.content.writer {
            do { return try body(writer.db) } catch { throw .writeFailed(reason: StoreOpening.reason(error)) }
        }
        return try store.read(body)
    }
}
