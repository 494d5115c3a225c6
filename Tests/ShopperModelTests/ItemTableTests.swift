import XCTest
@testable import ShopperModel

/// The entries in memory by id: the same answers as a dictionary, whatever the ids (dense from 1,
/// far past the count, reused after a delete), each with its revision.
final class ItemTableTests: XCTestCase {
    /// An entry that tells items apart by position.
    private func item(_ id: Int64, revision: Int64 = 0) -> ItemEntry {
        ItemEntry(revision: revision, position: id * 10, lineCost: id, aisle: -1, needed: id % 2 == 0, inCart: false, priced: true)
    }

    func testItAnswersAsADictionaryDoesForRandomIds() {
        var random = SeededRandom.fromEnvironment()
        var table = ItemTable()
        table.reserveCapacity(maxID: 500)
        var expected: [ItemID: (ItemEntry, Int64)] = [:]
        for step in 0..<20_000 {
            // Mostly dense ids, some far past the count (they move to slots as the count grows).
            let id = ItemID(random.next() % 5 == 0 ? Int64(random.next() % 100_000) : Int64(random.next() % 3_000))
            if random.next() % 3 == 0 {
                table.set(id, to: nil)
                expected[id] = nil
            } else {
                let revision = Int64(step)
                table.set(id, to: item(id.raw, revision: revision))
                expected[id] = (item(id.raw, revision: revision), revision)
            }
            if step % 997 == 0 || step == 19_999 {
                XCTAssertEqual(table.count, expected.count, "seed \(random.seed), step \(step)")
                XCTAssertEqual(table.isEmpty, expected.isEmpty)
                XCTAssertEqual(table.ids, expected.keys.sorted(), "seed \(random.seed), step \(step): every id once, in order")
                for (id, (item, revision)) in expected {
                    XCTAssertEqual(table[id], item, "seed \(random.seed)")
                    XCTAssertEqual(table.revision(of: id), revision, "seed \(random.seed)")
                }
            }
        }
        XCTAssertNil(table[ItemID(-1)])
        XCTAssertNil(table.revision(of: ItemID(1 << 40)))
    }

    func testAnIdFarPastTheCountJoinsTheSlotsWhenTheCountCatchesUp() {
        var table = ItemTable()
        table.set(ItemID(5_000), to: item(5_000, revision: 7))
        XCTAssertEqual(table[ItemID(5_000)]?.position, 50_000)
        for id in 1...2_600 { table.set(ItemID(Int64(id)), to: item(Int64(id), revision: 1)) }
        XCTAssertEqual(table.count, 2_601)
        XCTAssertEqual(table[ItemID(5_000)]?.position, 50_000)
        XCTAssertEqual(table.revision(of: ItemID(5_000)), 7)
        XCTAssertEqual(table.ids.filter { $0 == ItemID(5_000) }.count, 1, "listed once")
    }

    func testALoadInIdOrderKeepsEveryItemOnceWithItsRevision() {
        var table = ItemTable()
        table.reserveCapacity(maxID: 3_000)
        for id in 1...3_000 { table.set(ItemID(Int64(id)), to: item(Int64(id), revision: Int64(id) * 2)) }
        table.set(ItemID(9_000), to: item(9_000, revision: 1))
        for id in 3_001...3_010 { table.set(ItemID(Int64(id)), to: item(Int64(id), revision: 5)) }
        XCTAssertEqual(table.count, 3_011)
        XCTAssertEqual(Set(table.ids).count, 3_011)
        XCTAssertEqual(table.revision(of: ItemID(2_999)), 5_998)
        XCTAssertEqual(table.revision(of: ItemID(3_005)), 5)
        XCTAssertNil(table[ItemID(0)])
        table.set(ItemID(1_500), to: nil)
        XCTAssertNil(table[ItemID(1_500)])
        XCTAssertEqual(table.count, 3_010)
    }

    /// Entries are what a long list's memory is made of: no strings, 32 bytes.
    /// A store's highest id comes from the file (another program may have written any id): room
    /// is reserved for no more than a few million slots, and none for an id below 1.
    func testRoomForTheHighestIdIsBounded() {
        for maxID in [Int.max, Int.min, -5, 0, 3] {
            var table = ItemTable()
            table.reserveCapacity(maxID: maxID)
            table.set(ItemID(1), to: ItemEntry(revision: 1, position: 1, lineCost: 0, aisle: -1, needed: true, inCart: false, priced: false))
            XCTAssertEqual(table.count, 1, "\(maxID)")
        }
    }

    func testAnEntryStaysSmall() {
        XCTAssertLessThanOrEqual(MemoryLayout<ItemEntry>.stride, 32)
        // A list's row: a million of them are the rows' buffer, kept while the list is shown.
        XCTAssertLessThanOrEqual(MemoryLayout<RowKey>.stride, 32)
    }

    /// Items are kept for the rows on screen: optional prices and dates are kept packed.
    func testAnItemStaysSmallAndItsOptionalsRoundTrip() {
        XCTAssertLessThanOrEqual(MemoryLayout<Item>.stride, 144)
        var i = Item(id: ItemID(1), description: "Item 1", createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        XCTAssertNil(i.priceAmount)
        XCTAssertNil(i.lastPriceAmount)
        XCTAssertNil(i.lastPriceDate)
        i.priceAmount = Amount(units: 0)
        i.lastPriceAmount = Amount(units: 12_900)
        i.lastPriceDate = Date(timeIntervalSince1970: 0)
        XCTAssertEqual(i.priceAmount, Amount(units: 0), "a price of zero is a price")
        XCTAssertEqual(i.lastPriceAmount, Amount(units: 12_900))
        XCTAssertEqual(i.lastPriceDate, Date(timeIntervalSince1970: 0))
        i.priceAmount = nil
        i.lastPriceDate = nil
        XCTAssertNil(i.priceAmount)
        XCTAssertNil(i.lastPriceDate)
        XCTAssertEqual(i, { var j = Item(id: ItemID(1), description: "Item 1", createdAt: Date(timeIntervalSince1970: 1_700_000_000)); j.lastPriceAmount = Amount(units: 12_900); return j }(), "equal items compare equal")
    }
}
