import Foundation

extension Imports {
    /// A large import, written by another thread so the window keeps drawing: what the write
    /// needs from memory is copied here, on the model's thread, so the writer reads nothing the
    /// model may change meanwhile. Run `write()` anywhere, then `finish` on the model's thread.
    package struct BackgroundImport: Sendable {
        let store: Store
        let seen: Int64
        let list: ListID
        let aisles: [String]
        let lastPosition: Int64
        let rows: [ImportedItem]
        let now: Date
        let shops: [Shop]
        /// Where rows without an aisle go, placed on the writing thread.
        let placer: AislePlacer
        /// Hears how far the write is, from 0 to 1, every thousand items built and every thousand
        /// written (on the writing thread): a window's progress bar.
        package var onProgress: (@Sendable (Double) -> Void)?

        package func write() -> Result<(ChangeSet, StoreCommit), StoreError> {
            let steps = Double(max(1, rows.count * 2))
            do {
                return .success(try store.write(seen: seen, knownAisles: aisles, list: list,
                        progress: { [onProgress, rows] n in onProgress?(Double(rows.count + n) / steps) }
                    ) { ids throws(StoreError) in
                    var b = ChangeBuilder(ids: ids, aisles: AisleOrder(aisles), list: list)
                    var made: [ItemID] = []
                    made.reserveCapacity(rows.count)
                    // A thousand at a time, so the bar moves while the change is built too.
                    for start in stride(from: 0, to: rows.count, by: 1_000) {
                        let slice = placer.placed(Array(rows[start..<min(start + 1_000, rows.count)]))
                            made += Items.addItems(
                                slice, after: lastPosition + Int64(start) * ShoppingModel.positionGap, now: now, to: &b)
                        onProgress?(Double(start + slice.count) / steps)
                    }
                    Shops.mark(zip(made, rows.map(\.stores)), shops: shops, into: &b)
                    ids = b.ids
                    let cs = b.finished
                    // Every item is new: none may exist yet.
                    return (cs, Dictionary(uniqueKeysWithValues: cs.items.keys.map { ($0, Int64?.none) }))
                })
            } catch {
                return .failure(error)
            }
        }
    }

    /// The rows written on another thread (`BackgroundImport.write`), then taken in by `finish`.
    package func backgroundImport(_ rows: [ImportedItem], now: Date = Date()) -> BackgroundImport {
        return BackgroundImport(
            store: core.store, seen: core.seenRevision, list: core.list, aisles: model.aisles.order.names,
            lastPosition: items.lastPosition, rows: rows, now: StoreTime.rounded(now), shops: model.shops.all,
                                placer: model.aisles.aislePlacer())
    }

    /// Takes a background import into memory and the undo history (one step, "Import").
    package func finish(_ job: BackgroundImport, _ result: Result<(ChangeSet, StoreCommit), StoreError>)
        throws(StoreError)
    {
        let (cs, commit) = try result.get()
        // The items are new whatever memory holds by now (a refresh may have read them already):
        // undo takes them away, and puts back the aisle order as it was before.
        var back = ChangeSet(list: core.list)
        for id in cs.items.keys { back.items[id] = .some(nil) }
        for id in cs.shops.keys { back.shops[id] = .some(nil) }
        for id in cs.onlyAt.keys { back.onlyAt[id] = [] }
        if cs.aisleOrder != nil { back.aisleOrder = job.aisles }
        model.follow(cs, commit, old: back) {
            core.undo.record(ModelCore.importing(cs.items.count), forward: cs, backward: back)
        }
    }
}
