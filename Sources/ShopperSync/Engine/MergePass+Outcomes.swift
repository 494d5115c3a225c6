import Foundation
import ShopperModel
import ShopperSyncModel

/// Carrying out each `TaskOutcome` into the merge's write, and the server's removals.
extension MergePass {
    /// A recorded item on this list: field by field against the base both sides last agreed on.
    mutating func mergeHere(
        _ task: SyncEngine.RemoteTask, record: SyncRecord, local found: (item: Item, revision: Int64)
    ) {
        let (local, revision) = found
        let localNewer = local.updatedAt > (task.fields.lastModified ?? .distantPast)
        let here = SharedItem(local, stores: names[local.id] ?? [])
        let (merged, lost) = FieldMerge.merge(
            base: Self.base(of: record, remote: task.shared), local: here, remote: task.shared, localNewer: localNewer)
        report.lost += lost.map { SyncReport.Loss(item: local.id, description: local.description, value: $0) }
        let item = merged.applied(to: local, at: stamp)
        if item != local || merged.stores != here.stores {
            write.changes.items[local.id] = item
            write.expected[local.id] = revision
            report.received += 1
            arrived(.of(change: Self.base(of: record, remote: task.shared), to: task.shared), item.description,
                    task: task)
        }
        keepStores(merged.stores, of: local.id)
        let clean = SharedField.allCases.allSatisfy { $0.same(merged, task.shared) }
        keepRecord(task, item: local.id, clean: clean)
    }

    /// This device's own upload whose record was lost: what was sent is the base, so changes made
    /// here since win without a conflict.
    mutating func reclaim(_ task: SyncEngine.RemoteTask, _ id: ItemID) throws(StoreError) {
        guard let own = try engine.store.items([id])[id] else { return }
        let ownStores = try engine.store.shopTables.shopNames(of: [id])[id] ?? []
        keepRecord(
            task, item: id,
            clean: SharedField.allCases.allSatisfy { $0.same(SharedItem(own.item, stores: ownStores), task.shared) })
        if let key = unsynced?.first(where: { $0.value.item.id == id })?.key { unsynced?[key] = nil }
    }

    /// An item here of the same description that no task stands for yet: merged, not doubled.
    mutating func adopt(_ task: SyncEngine.RemoteTask) throws(StoreError) {
        guard let (local, revision) = unsynced?.removeValue(forKey: SearchQuery.fold(task.shared.description)) else {
            return
        }
        let localNewer = local.updatedAt > (task.fields.lastModified ?? .distantPast)
        let localStores = try engine.store.shopTables.shopNames(of: [local.id])[local.id] ?? []
        names[local.id] = localStores
        let (merged, lost) = FieldMerge.merge(
            base: nil, local: SharedItem(local, stores: localStores), remote: task.shared, localNewer: localNewer)
        report.lost += lost.map { SyncReport.Loss(item: local.id, description: local.description, value: $0) }
        put(task, merged.applied(to: local, at: stamp), expected: revision, stores: merged.stores, lost: !lost.isEmpty)
    }

    /// New there, or deleted here and edited there (it comes back, under its old id when free).
    mutating func create(_ task: SyncEngine.RemoteTask, record: SyncRecord?) {
        let reuse = record.map(\.item).flatMap { recorded.hasItem($0) ? nil : $0 }
        let id = reuse ?? ids.newItemID()
        if task.shared.position == nil { position += ShoppingModel.positionGap }
        var item = task.shared.applied(to: Item(id: id, description: task.shared.description, position: position,
                createdAt: task.fields.lastModified ?? stamp, list: engine.list), at: stamp)
        // A task without an aisle goes where a new item typed here would (it is sent back so).
        if item.aisle == nil, let placed = placer()?.placement(for: item.description, unit: item.unit) {
            item.aisle = placed.aisle
        }
        if let old = record, recorded.hasItem(old.item) { write.removedRecords.append(old.item) }
        put(task, item, expected: nil, stores: task.shared.stores, lost: false)
        arrived(.of(new: task.shared), item.description, task: task)
    }

    /// Where new items go on the list, read once a pass and only when a task needs it.
    private mutating func placer() -> AislePlacer? {
        if placed == nil { placed = try? engine.store.aislePlacer(for: engine.list) }
        return placed
    }

    /// Tasks gone from the server: each one's `RemovalOutcome` carried out (its item goes here,
    /// unless edited here since, or the loss is a bulk one: then it stays, and goes back up).
    mutating func remove(_ removed: [String], hold: Bool) {
        for href in removed {
            let record = recorded.record(href: href)
            let here = recorded.itemHere(of: record)
            let edited = here.map { $0.revision > record!.syncedRevision } ?? false
            let facts = RemovalFacts(recorded: record != nil, itemHere: here != nil, editedHere: edited, bulkLoss: hold)
            switch RemovalOutcome.decide(facts) {
            case .ignore: continue
            case .forgetRecord: write.removedRecords.append(record!.item)
            case .sendAgain: sendAgain(record!)
            case .keepFromBulkDeletion:
                sendAgain(record!)
                report.keptFromBulkDeletion += 1
            case .deleteHere:
                write.changes.items[here!.item.id] = .some(nil)
                write.expected[here!.item.id] = here!.revision
                write.removedRecords.append(record!.item)
                report.deletedHere += 1
                // Who deleted a task, the server does not say.
                arrived(.removed, here!.item.description, task: nil)
            }
        }
    }

    /// The record of an item the server lost, made unsent: the item goes up again as new.
    private mutating func sendAgain(_ record: SyncRecord) {
        var again = record
        again.etag = nil
        again.base = nil
        again.syncedRevision = SyncRecord.unsent
        write.records.append((again, false))
    }

    private mutating func put(
        _ task: SyncEngine.RemoteTask, _ item: Item, expected: Int64?, stores: [String], lost: Bool
    ) {
        write.changes.items[item.id] = item
        write.expected[item.id] = expected
        keepStores(stores, of: item.id)
        report.received += 1
        let clean = !lost && SharedItem(item, stores: stores) == task.shared.with(position: item.position)
        keepRecord(task, item: item.id, clean: clean)
    }

    /// The task's record: what both sides now agree on, or (not clean) a change still to send.
    private mutating func keepRecord(_ task: SyncEngine.RemoteTask, item: ItemID, clean: Bool) {
        write.records.append(
            (
                SyncRecord(
                    item: item, uid: task.fields.uid, href: task.href, etag: task.etag, base: task.text,
                                         syncedRevision: clean ? 0 : SyncRecord.unsent), clean))
    }

    /// A merged item's stores into the write, where they are not what the item has here.
    private mutating func keepStores(_ stores: [String], of id: ItemID) {
        guard SharedItem.normalized(stores) != SharedItem.normalized(names[id] ?? []) else { return }
        write.changes.onlyAt[id] = Shops.marks(named: stores, shops: shops, ids: &ids, into: &write.changes)
        names[id] = stores
    }
}
