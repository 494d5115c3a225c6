import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperModel

/// Random operations on one model, watched by a projection of every list, sectioning and query:
/// after every step, the rows each announced (and refreshed) add up to exactly what a fresh
/// projection shows, identities and content alike. With a store, items also move to and from a
/// second list (from this process and another), and the list is now and then switched away from and
/// back to (a new model of it, sharing the undo history, as the window does). Seeded: a failure
/// names its seed, and SHOPPER_TEST_SEED=N replays it.
final class ProjectionFuzzTests: XCTestCase {
    /// Seeds that once failed, kept as fixed cases, with the step by which each fails without its
    /// fix: each runs just past it. Undo of an edit that added an aisle left the row showing the
    /// edit (rows kept through a section rebuild were not refreshed: `ListProjection+Rebuild`'s
    /// `reset`, its filter of the rows kept by `changed`). Derived again on 2026-11-29 with that
    /// `changed.contains` taken out, on a store (the path the app takes): seed 6 fails at step 15
    /// (All Items by aisle), seed 12 at step 14 (the Cart by aisle), as they did in memory on
    /// 2026-11-28. SHOPPER_SEED_SEARCH finds others when the steps change again.
    static let regressionSeeds: [(seed: UInt64, failedAt: Int)] = [(6, 15), (12, 14)]

    /// On the app's data path: entries in memory, items read from a real SQLite file through a
    /// cache smaller than the lists grow to after an import (so reads happen often), search texts
    /// made in slices, and another process's writes read as news now and then.
    func testRandomOperationsMatchARebuild() throws {
        // A new seed every run, so runs add up; 1,200 steps a run. Each step checks 54 projections
        // against rebuilds, so the cost is per step: every kind of step (the rarest, an import, one
        // in 250) comes several times in 1,200, and the 1,800 steps after them only repeated the
        // same mix on lists kept as small (3,000 took 27 s of 41 for the class). SHOPPER_FUZZ_STEPS
        // =10000 for a long one.
        let steps = Int(ProcessInfo.processInfo.environment["SHOPPER_FUZZ_STEPS"] ?? "") ?? 1_200
        var rng = SeededRandom.fromEnvironment()
        let path = temporaryFolder(self) + "/fuzz.sqlite"
        let store = try Store(path: path)
        let away = try kept(ShoppingModel(store: store)) { try $0.lists.createList(named: "Away") }
        try run(&rng, steps: steps, store: store, other: ShoppingModel(store: Store(path: path)),
                away: ShoppingModel(store: Store(path: path), list: away))
    }

    /// Every item kept in memory (a cache as large as the list, as the store-less model once held
    /// them), so no step reads an item back from the file: 800 steps (2,000 took 14 s), or
    /// SHOPPER_FUZZ_STEPS.
    func testRandomOperationsInMemoryMatchARebuild() throws {
        var rng = SeededRandom.fromEnvironment()
        let steps = Int(ProcessInfo.processInfo.environment["SHOPPER_FUZZ_STEPS"] ?? "") ?? 800
        try run(&rng, steps: steps, store: temporaryStore(), cacheLimit: .max)
    }

    /// SHOPPER_SEED_SEARCH=N instead tries seeds 1...N, each on a store of its own, and prints the
    /// step at which each fails (with the fix taken out, for new regression seeds).
    func testRegressionSeeds() throws {
        if let count = ProcessInfo.processInfo.environment["SHOPPER_SEED_SEARCH"].flatMap({ Int($0) }) {
            for seed in 1...UInt64(count) {
                var rng = SeededRandom(seed: seed)
                let store = try Store(path: temporaryFolder(self) + "/search.sqlite")
                if let failed = try steps(&rng, steps: 200, store: store) { print("seed search: \(failed)") }
            }
            return
        }
        for (seed, failedAt) in Self.regressionSeeds {
            var rng = SeededRandom(seed: seed)
            try run(&rng, steps: failedAt + 50, store: Store(path: temporaryFolder(self) + "/seed.sqlite"))
        }
    }

    /// `steps`, with the seed named on any error a step throws (a failed write, a store error):
    /// an error without its seed cannot be replayed.
    private func run(_ rng: inout SeededRandom, steps: Int, store: Store, cacheLimit: Int = 128, other: ShoppingModel? = nil,
                     away: ShoppingModel? = nil) throws {
        let seed = rng.seed
        print("ProjectionFuzzTests: seed \(seed), \(steps) steps (SHOPPER_TEST_SEED=\(seed) replays it)")
        do {
            if let failed = try self.steps(&rng, steps: steps, store: store, cacheLimit: cacheLimit, other: other,
                                           away: away) {
                XCTFail("rows differ from a rebuild: \(failed) (replay with SHOPPER_TEST_SEED=\(seed))")
            }
        } catch {
            XCTFail("seed \(seed): \(error) (replay with SHOPPER_TEST_SEED=\(seed))")
            throw error
        }
    }

    /// `other`: a model on the same file, standing for another process; `away`: another process's
    /// model of a second list. The first step whose rows differ from a rebuild, described; nil if none.
    private func steps(_ rng: inout SeededRandom, steps: Int, store: Store, cacheLimit: Int = 128,
                       other: ShoppingModel? = nil, away: ShoppingModel? = nil) throws -> String? {
        let seed = rng.seed
        var m = try ShoppingModel(store: store, cacheLimit: cacheLimit)
        // Projections whose query is typed on every few steps: most keystrokes narrow the last query
        // (only the rows shown are tested), some do not (a word deleted, a filter added).
        let typing: [String?] = ["i", "it", "item", "item 1", "item 12", "item 1", "item 1 a", "a", "ab", "aisle:d",
                                 "aisle:d item", nil, "b", "b item", "cost>3", "cost>3 b", "needed", "needed a", "-needed",
                                 "incart", nil]
        var projections: [(ListProjection, ChangeRecorder)] = []
        var typed: [ListProjection] = []
        func watch() {
            projections = []
            typed = []
            for kind in ListKind.allCases {
                for sectioning in [Sectioning.none, .aisle, .priceBand(threshold: 5)] {
                    for query in [nil, SearchQuery("a"), SearchQuery("aisle:dairy"), SearchQuery("cost>3")] {
                        let p = ListProjection(model: m, kind: kind, sectioning: sectioning, query: query)
                        projections.append((p, ChangeRecorder(p)))
                    }
                }
            }
            for kind in ListKind.allCases {
                for sectioning in [Sectioning.none, .aisle] {
                    // Sectioned lists test typed-on rows in order of id, as a long list does.
                    let p = ListProjection(model: m, kind: kind, sectioning: sectioning, query: nil,
                                           narrowingByIDAbove: sectioning == .none ? 1 << 18 : 0)
                    projections.append((p, ChangeRecorder(p)))
                    typed.append(p)
                }
            }
        }
        watch()
        var aislePool: [String?] = [nil, "Dairy", "Fruit", "Bakery"]
        for step in 0..<steps {
            do {
                if away != nil, Int.random(in: 0..<40, using: &rng) == 0 {
                    // The list is shown again after another: a model of its own read from the store,
                    // with the history the window keeps for every list.
                    m = try ShoppingModel(store: store, list: m.list, undo: m.undo, cacheLimit: 128)
                    watch()
                } else if let away, Int.random(in: 0..<12, using: &rng) == 0 {
                    // Items leave for the other list (here), or come from it (another process).
                    if Bool.random(using: &rng) {
                        try m.lists.moveItems(Array(m.items.table.ids.shuffled(using: &rng).prefix(Int.random(in: 1...3, using: &rng))), to: away.list)
                    } else {
                        try away.core.refreshIfChangedElsewhere()
                        try away.lists.moveItems(Array(away.items.table.ids.shuffled(using: &rng).prefix(Int.random(in: 1...3, using: &rng))), to: m.list)
                        try m.core.refreshIfChangedElsewhere()
                    }
                } else if let other, Int.random(in: 0..<8, using: &rng) == 0 {
                    // Another process writes; this one reads the news (as its window's timer does).
                    try other.core.refreshIfChangedElsewhere()
                    try randomStep(other, &rng, step: step, aislePool: &aislePool)
                    try m.core.refreshIfChangedElsewhere()
                } else {
                    try randomStep(m, &rng, step: step, aislePool: &aislePool)
                }
            } catch StoreError.changedElsewhere {
                // An undo or redo of a step the other process has changed since: refused, as it
                // must be; the lists must still be right.
            }
            // Texts made ahead in idle moments, a few at a time, must follow every later change.
            if step % 5 == 1 { for p in typed { _ = p.prepareSearch(budget: 7) } }
            if step % 3 == 0 {
                let q = typing[(step / 3) % typing.count].map(SearchQuery.init)
                for p in typed { p.setQuery(q) }
            }
            // One rebuild per list, sectioning and query, however many projections show it.
            var rebuilt: [String: [ListRow]] = [:]
            for (p, rec) in projections {
                let key = "\(p.kind) \(p.sectioning) \(p.query.map { "\($0)" } ?? "-")"
                let fresh = rebuilt[key]
                    ?? ListProjection(model: m, kind: p.kind, sectioning: p.sectioning, query: p.query).rowsForTest
                rebuilt[key] = fresh
                guard rec.mirror == fresh, p.rowsForTest == fresh else {
                    let context = "seed \(seed) step \(step) \(key)"
                    XCTAssertEqual(rec.mirror, fresh, "what the view was told, \(context)")
                    XCTAssertEqual(p.rowsForTest, fresh, "the projection, \(context)")
                    return context
                }
            }
        }
        return nil
    }

    private func randomStep(_ m: ShoppingModel, _ rng: inout SeededRandom, step: Int, aislePool: inout [String?]) throws {
        let ids = m.items.table.ids
        func anyID() -> ItemID? { ids.randomElement(using: &rng) }
        func aisle() -> String? { aislePool.randomElement(using: &rng)! }
        // Capitals and accents too: plain ASCII folds as it is copied, the rest through a cache
        // that must follow every edit ("Äb" and "AB" are found by "ab").
        func name() -> String { "item \(step) \(["a", "b", "ab", "AB", "Äb"].randomElement(using: &rng)!)" }
        func cost() -> Decimal? { Int.random(in: 0..<5, using: &rng) == 0 ? nil : Decimal(Int.random(in: 0...9, using: &rng)) }
        // Keep the list small so every step can afford a rebuild of every projection to compare.
        // Now and then a change larger than `ListProjection.rebuildThreshold` (an import, then a
        // delete of nearly everything), so the rebuild path is checked as often as the row edits.
        if ids.count > 40 {
            try m.items.delete(Array(ids.shuffled(using: &rng).prefix(ids.count - 20)))
            return
        }
        if Int.random(in: 0..<250, using: &rng) == 0 {
            try m.items.add(batch: (0..<(ListProjection.rebuildThreshold + 20)).map { _ in
                ImportedItem(fields: fields(name(), cost: cost(), aisle: aisle()), needed: Bool.random(using: &rng),
                             inCart: Bool.random(using: &rng))
            })
            return
        }
        let op = Int.random(in: 0..<14, using: &rng)
        switch op {
        case 0, 1:
            try m.items.add(fields(name(), qty: Decimal(Int.random(in: 1...3, using: &rng)), cost: cost(), aisle: aisle()),
                      needed: Bool.random(using: &rng))
        case 2:
            let batch = (0..<Int.random(in: 2...5, using: &rng)).map { _ in
                ImportedItem(fields: fields(name(), cost: cost(), aisle: aisle()), needed: Bool.random(using: &rng),
                             inCart: Bool.random(using: &rng))
            }
            try m.items.add(batch: batch)
        case 3: if let id = anyID() { try m.items.tick(id) }
        case 4: if let id = anyID() { try m.items.untick(id) }
        case 5:
            let doomed = (0..<Int.random(in: 1...3, using: &rng)).compactMap { _ in anyID() }
            try m.items.delete(Array(Set(doomed)))
        case 6: if let id = anyID() { try m.items.toggleNeeded(id) }
        case 7:
            if let id = anyID() {
                try m.items.move(id, after: anyID(), before: nil, aisle: Bool.random(using: &rng) ? .keep : .set(aisle()))
            }
        case 8:
            if let id = anyID(), let item = m.items.item(id) {
                var f = item.fields
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: f.description = name()
                // A brand-new aisle now and then: undoing that edit takes the aisle away again.
                case 1: f.aisle = Int.random(in: 0..<4, using: &rng) == 0 ? "New \(step)" : aisle()
                case 2: f.price = cost()
                default: f = fields(name(), qty: Decimal(Int.random(in: 1...4, using: &rng)), cost: cost(), aisle: aisle())
                }
                try m.items.update(id, f)
            }
        case 9, 10: try m.core.undoLast()
        case 11: try m.core.redoLast()
        case 12:
            if Bool.random(using: &rng) { try m.items.finishShopping() } else {
                // A new aisle now and then, and the user's order shuffled.
                if aislePool.count < 8 { aislePool.append("Aisle \(step)") }
                try m.aisles.setAisleOrder(m.aisles.order.names.shuffled(using: &rng))
            }
        default:
            if let id = anyID(), let item = m.items.item(id) { try m.items.setNeeded(id, !item.needed) }
        }
    }
}
