import XCTest
import ShopperTestSupport
@testable import ShopperModel

/// The add bar's index of known descriptions: found whatever the case and accents, completed a few
/// at a time, and following every change, other processes' included.
final class DescriptionIndexTests: XCTestCase {
    func testLookupAndCompletionsIgnoreCaseAndAccents() throws {
        let m = try ShoppingModel(store: temporaryStore())
        let creme = try m.items.add(ItemFields(description: "Crème fraîche"))
        let apples = try m.items.add(ItemFields(description: "Apples"))
        let juice = try m.items.add(ItemFields(description: "apple juice"))
        try m.items.add(ItemFields(description: "Bread"))
        let index = DescriptionIndex(model: m)
        XCTAssertEqual(index.item(withKey: ShoppingModel.matchKey("CREME FRAICHE")), creme)
        XCTAssertEqual(index.item(withKey: ShoppingModel.matchKey("apples")), apples)
        XCTAssertNil(index.item(withKey: ShoppingModel.matchKey("apple")), "a prefix is not a description")
        XCTAssertEqual(index.completions(of: "APP", limit: 10), [juice, apples], "in alphabetical order of their keys")
        XCTAssertEqual(index.completions(of: "crè", limit: 10), [creme])
        XCTAssertEqual(index.completions(of: "app", limit: 1), [juice])
        XCTAssertEqual(index.completions(of: "", limit: 10), [])
    }

    /// One edit apart: a letter added, dropped, changed, or two neighbours swapped.
    func testOneEditApartTable() {
        let table: [(String, String, Bool)] = [
            ("bananaz", "bananas", true),   // changed
            ("banana", "bananas", true),    // dropped
            ("bananass", "bananas", true),  // added
            ("bnaanas", "bananas", true),   // swapped
            ("bananas", "bananas", false),  // the same
            ("banan", "bananas", false),    // two dropped
            ("bnaanaz", "bananas", false),  // two edits
            ("abnanas", "bananas", true),   // swapped at the start
            ("creme", "crème", true),       // an accent is a letter changed (keys come folded)
        ]
        for (a, b, expected) in table {
            XCTAssertEqual(DescriptionIndex.oneEditApart(Array(a.unicodeScalars), Array(b.unicodeScalars)), expected, "\(a) / \(b)")
            XCTAssertEqual(DescriptionIndex.oneEditApart(Array(b.unicodeScalars), Array(a.unicodeScalars)), expected, "\(b) / \(a)")
        }
    }

    func testANewDescriptionOneEditFromAKnownOneIsANearMiss() throws {
        let m = try ShoppingModel(store: temporaryStore())
        let bananas = try m.items.add(ItemFields(description: "Bananas"))
        try m.items.add(ItemFields(description: "Bread"))
        let tea = try m.items.add(ItemFields(description: "Tea"))
        let index = DescriptionIndex(model: m)
        let bananaz = try m.items.add(ItemFields(description: "Bananaz"))
        XCTAssertEqual(index.nearMiss(of: "bananaz", excluding: bananaz), bananas)
        XCTAssertEqual(index.nearMiss(of: ShoppingModel.matchKey("BANANA")), bananas)
        XCTAssertEqual(index.nearMiss(of: "bananas", excluding: bananas), bananaz, "never the item itself")
        XCTAssertNil(index.nearMiss(of: "tee"), "too short to tell a typo from another word")
        _ = tea
        XCTAssertNil(index.nearMiss(of: "xananas"), "the first letter is taken as typed")
        XCTAssertNil(index.nearMiss(of: "broad beans"))
    }

    func testItFollowsEditsDeletesUndoAndLargeChanges() throws {
        let m = try ShoppingModel(store: temporaryStore())
        let milk = try m.items.add(ItemFields(description: "Milk"))
        let index = DescriptionIndex(model: m)
        try m.items.update(milk, ItemFields(description: "Oat milk"))
        XCTAssertNil(index.item(withKey: "milk"))
        XCTAssertEqual(index.item(withKey: "oat milk"), milk)
        _ = try m.core.undoLast()
        XCTAssertEqual(index.item(withKey: "milk"), milk)
        try m.items.delete([milk])
        XCTAssertNil(index.item(withKey: "milk"))
        let many = try m.items.add(batch: (1...5000).map { ImportedItem(fields: ItemFields(description: "Item \($0)")) })
        XCTAssertEqual(index.item(withKey: "item 4321"), many[4320])
        XCTAssertEqual(index.completions(of: "item 432", limit: 3).count, 3)
        XCTAssertEqual(index.completions(of: "item 4321", limit: 30), [many[4320]])
    }

    func testAnotherProcessesItemIsKnownOnceRead() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let m = try ShoppingModel(store: Store(path: path))
        let index = DescriptionIndex(model: m)
        let other = try ShoppingModel(store: Store(path: path))
        let pears = try other.items.add(ItemFields(description: "Pears"))
        XCTAssertNil(index.item(withKey: "pears"))
        try m.core.refreshIfChangedElsewhere()
        XCTAssertEqual(index.item(withKey: "pears"), pears)
    }
}
