import Foundation
import ShopperModel

/// `make bench`'s operations on a list of N that come from elsewhere than a key: the store the list
/// is shopped at switched from the header, and a sync's write of 100 changed items arriving in the
/// open window (issue 38: every interaction inside a frame at 100k).
extension BenchmarkRunner {
    /// Two stores whose aisle orders differ, made untimed; each timed switch re-sorts the list's
    /// sections and hides what is sold elsewhere, as choosing a store in the header does.
    func planShopSwitches() {
        var made: [ShopID] = []
        untimed { [self] in
            do {
                let aisles = window.model.aisles.order.names
                // The first switch goes to the reversed order: every switch re-sorts the sections.
                for (name, order) in [("Bench Corner", aisles.reversed()), ("Bench Market", aisles)] {
                    let id = try window.model.shops.addShop(named: name)
                    try window.model.shops.setAisleOrder(Array(order), at: id)
                    made.append(id)
                }
            } catch { fail("making the stores failed: \(error)") }
        }
        untimed { [self] in window.show(.shopping) }
        for k in 0..<Self.switches * 2 {
            timed("store-switch") { [self] in
                let shop = made[k % made.count]
                window.features.shops.choose("\(shop.raw)")
                guard window.model.shops.currentShop == shop else { fail("the store was not switched") }
            }
        }
        untimed { [self] in window.features.shops.choose("\(ShopID.any.raw)") }
    }

    /// Another connection writes 100 items of the shown list in one transaction, as a sync's merge
    /// does; timed: the window reading the news and drawing it (`refreshIfChangedElsewhere`, the
    /// check the window makes each second, and the next frame).
    func planSyncArrivals() {
        for round in 0..<Self.switches {
            steps.append { [self] done in
                writeElsewhere(round: round)
                let t0 = Clock.now
                var changed = false
                do { changed = try window.model.core.refreshIfChangedElsewhere() } catch {
                    fail("reading the news failed: \(error)")
                }
                guard changed else { fail("the window saw no change") }
                let operation = Clock.now - t0
                window.window.afterNextFrame { [self] frameWork in
                    emit("sync-arrival", operation + frameWork)
                    done()
                }
            }
        }
    }

    /// 100 items spread over the list (the first screen's among them), their quantity and notes changed.
    private func writeElsewhere(round: Int) {
        let page = window.currentPage
        let count = page.projection.count
        let step = max(1, count / 100)
        let ids = stride(from: 0, to: count, by: step).prefix(100).compactMap(page.projection.itemID)
        do {
            let path = window.model.store.path
            let other = try Store(path: path)
            let read = try other.items(ids)
            _ = try other.write(seen: 0, knownAisles: [], list: window.model.list) { _ in
                var cs = ChangeSet(list: window.model.list)
                var expected: [ItemID: Int64?] = [:]
                for (id, found) in read {
                    var item = found.item
                    item.quantity += 1
                    item.notes = "synced \(round)"
                    cs.items[id] = item
                    expected[id] = found.revision
                }
                return (cs, expected)
            }
        } catch { fail("writing as a sync failed: \(error)") }
    }
}
