import XCTest
@testable import ShopperModel

/// The add bar's index of known descriptions: found whatever the case and accents, completed a few
/// at a time, and following every change, other processes' included.
final class DescriptionIndexTests: XCTestCase {
    func testLookupAndCompletionsIgnoreCaseAndAccents() throws {
        let m = try ShoppingModel(store: nil)
        let creme = try m.add(ItemFields(description: "Crème fraîche"))
        let apples = try m.add(ItemFields(description: "Apples"))
        let juice = try m.add(ItemFields(description: "apple juice"))
        try m.add(ItemFields(description: "Bread"))
        let index = DescriptionIndex(model: m)
        XCTAssertEqual(index.item(withKey: ShoppingModel.matchKey("CREME FRAICHE")), creme)
        XCTAssertEqual(index.item(withKey: ShoppingModel.matchKey("apples")), apples)
        XCTAssertNil(index.item(withKey: ShoppingModel.matchKey("apple")), "a prefix is not a description")
        XCTAssertEqual(index.completions(of: "APP", limit: 10), [juice, apples], "in alphabetical order of their keys")
        XCTAssertEqual(index.completions(of: "crè", limit: 10), [creme])
        XCTAssertEqual(index.completions(of: "app", limit: 1), [juice])
        XCTAssertEqual(index.completions(of: "", limit: 10), [])
    }

    func testItFollowsEditsDeletesUndoAndLargeChanges() throws {
        let m = try ShoppingModel(store: nil)
        let milk = try m.add(ItemFields(description: "Milk"))
        let index = DescriptionIndex(model: m)
        try m.update(milk, ItemFields(description: "Oat milk"))
        XCTAssertNil(index.item(withKey: "milk"))
        XCTAssertEqual(index.item(withKey: "oat milk"), milk)
        _ = try m.undoLast()
        XCTAssertEqual(index.item(withKey: "milk"), milk)
        try m.delete([milk])
        XCTAssertNil(index.item(withKey: "milk"))
        let many = try m.add(batch: (1...5000).map { ImportedItem(fields: ItemFields(description: "Item \($0)")) })
        XCTAssertEqual(index.item(withKey: "item 4321"), many[4320])
        XCTAssertEqual(index.completions(of: "item 432", limit: 3).count, 3)
        XCTAssertEqual(index.completions(of: "item 4321", limit: 30), [many[4320]])
    }

    func testAnotherProcessesItemIsKnownOnceRead() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let m = try ShoppingModel(store: Store(path: path))
        let index = DescriptionIndex(model: m)
        let other = try ShoppingModel(store: Store(path: path))
        let pears = try other.add(ItemFields(description: "Pears"))
        XCTAssertNil(index.item(withKey: "pears"))
        try m.refreshIfChangedElsewhere()
        XCTAssertEqual(index.item(withKey: "pears"), pears)
    }
}
