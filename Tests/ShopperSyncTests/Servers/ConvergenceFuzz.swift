import Foundation
@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel
import XCTest

/// Two desktops edit one shared list offline at random, then sync in a random order: they must end
/// equal, with every item added still there unless someone deleted it, and none twice. Seeded: the
/// seed is printed, and SHOPPER_FUZZ_SEED replays one.
extension SyncScenarios {
    struct Figures { var rounds = 0, edits = 0, syncs = 0, lost = 0, duplicated = 0 }

    func convergenceFuzz(seed: UInt64, rounds: Int = 6) throws -> Figures {
        print("convergence fuzz on \(server.name), seed \(seed) (SHOPPER_FUZZ_SEED=\(seed) replays it)")
        var rng = SplitMix(seed)
        var figures = Figures()
        let (a, phone, collection) = try sharedDevice(["Milk", "Bread", "Eggs"])
        let b = try Device()
        try b.share(server, collection: .existing(collection))
        var added: Set<String> = ["Milk", "Bread", "Eggs"], deleted: Set<String> = []
        var serial = 0
        var clock = Date()
        for _ in 0..<rounds {
            figures.rounds += 1
            for device in [a, b] {
                for _ in 0..<rng.next(4) + 2 {
                    clock = clock.addingTimeInterval(1)
                    let items = try device.items
                    figures.edits += 1
                    switch rng.next(6) {
                    case 0, 1:
                        serial += 1
                        let name = "Thing \(seed % 1000)-\(serial)"
                        try device.add(name)
                        added.insert(name)
                    case 2 where !items.isEmpty:
                        let item = items[rng.next(items.count)]
                        try device.edit(item.description, at: clock) { $0.quantity = Decimal(rng.next(9) + 1) }
                    case 3 where !items.isEmpty:
                        let item = items[rng.next(items.count)]
                        try device.edit(item.description, at: clock) { $0.notes = "note \(rng.next(100))" }
                    case 4 where !items.isEmpty:
                        let item = items[rng.next(items.count)]
                        try device.model.items.tick(item.id)
                    case 5 where items.count > 2:
                        let item = items[rng.next(items.count)]
                        try device.model.items.delete([item.id])
                        deleted.insert(item.description)
                    default:
                        figures.edits -= 1
                    }
                }
            }
            let order = rng.next(2) == 0 ? [a, b, a] : [b, a, b]
            for device in order { try device.sync(); figures.syncs += 1 }
        }
        try a.sync()
        try b.sync()
        figures.syncs += 2
        func content(_ d: Device) throws -> [String] {
            try d.items.map { "\($0.description)|\($0.quantity)|\($0.notes)|\($0.needed)|\($0.inCart)" }.sorted()
        }
        let (ca, cb) = (try content(a), try content(b))
        XCTAssertEqual(ca, cb, "seed \(seed): the desktops differ")
        let present = Set(try a.items.map(\.description))
        figures.lost = added.subtracting(present).subtracting(deleted).count
        figures.duplicated = try a.items.count - present.count + (try phone.tasks().count - present.count)
        XCTAssertEqual(figures.lost, 0, "seed \(seed): lost \(added.subtracting(present).subtracting(deleted).sorted())")
        XCTAssertEqual(figures.duplicated, 0, "seed \(seed): duplicated")
        try assertNoDuplicates(phone, count: present.count)
        return figures
    }
}

/// A small seeded generator (SplitMix64): the same seed, the same run.
struct SplitMix {
    private var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

final class ConvergenceFuzzTests: XCTestCase {
    /// Fixed seeds (failing seeds found later join them), and one new seed a run, printed.
    func testDesktopsConvergeOnBothServers() throws {
        let seeds: [UInt64] = ProcessInfo.processInfo.environment["SHOPPER_FUZZ_SEED"].flatMap(UInt64.init).map { [$0] }
            ?? [2911, 7, UInt64(Date().timeIntervalSince1970) % 100_000]
        for name in ["radicale", "xandikos"] {
            var total = SyncScenarios.Figures()
            for seed in seeds {
                let f = try SyncScenarios(name).convergenceFuzz(seed: seed)
                total.rounds += f.rounds; total.edits += f.edits; total.syncs += f.syncs
                total.lost += f.lost; total.duplicated += f.duplicated
            }
            print("convergence on \(name): \(seeds.count) runs, \(total.rounds) rounds, \(total.edits) edits, \(total.syncs) syncs, lost: \(total.lost), duplicated: \(total.duplicated)")
        }
    }
}
