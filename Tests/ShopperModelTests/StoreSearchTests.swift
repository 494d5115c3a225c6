import Foundation
import XCTest
@testable import ShopperModel

/// What GNOME Shell's overview reads of the store (`Store.find`, `Store.found`): every list not
/// deleted, matched as the window's search matches, to buy first; each result's line under its name.
final class StoreSearchTests: XCTestCase {
    private func model() throws -> ShoppingModel {
        try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName))
    }

    func testEveryListNotDeletedIsSearchedToBuyFirstThenInTheCart() throws {
        let m = try model()
        let store = try XCTUnwrap(m.store)
        let milk = try m.items.add(fields("Milk", qty: 1, unit: "l", aisle: "Dairy"))
        let soy = try m.items.add(fields("Soy milk"), needed: false)
        let oat = try m.items.add(fields("Oat milk"))
        try m.items.tick(oat)
        let party = try m.lists.createList(named: "Party")
        let old = try m.lists.createList(named: "Old")
        let p = try ShoppingModel.opening(party, in: store, undo: m.undo)
        let punch = try p.items.add(fields("Milk punch"))
        let o = try ShoppingModel.opening(old, in: store, undo: m.undo)
        _ = try o.items.add(fields("Goat milk"))
        try p.lists.deleteList(old)
        XCTAssertEqual(try StoreSearchTexts(store: store).find(words: ["MILK"], limit: 10), [milk, punch, oat, soy])
        XCTAssertEqual(try StoreSearchTexts(store: store).find(words: ["milk"], limit: 2), [milk, punch])
        // Every word, anywhere in the description, aisle or notes; accents ignored.
        XCTAssertEqual(try StoreSearchTexts(store: store).find(words: ["dairy", "mi"], limit: 10), [milk])
        XCTAssertEqual(try StoreSearchTexts(store: store).find(words: ["milk", "bread"], limit: 10), [])
        XCTAssertEqual(try StoreSearchTexts(store: store).find(words: ["", " "], limit: 10), [])
        let found = try store.found([punch, ItemID(999), milk])
        XCTAssertEqual(found.map(\.item.description), ["Milk punch", "Milk"], "in the order asked, the gone left out")
        XCTAssertEqual(found.map(\.listName), ["Party", "Groceries"])
    }

    func testTheOverviewsLineSaysQuantityListAndState() throws {
        let m = try model()
        let store = try XCTUnwrap(m.store)
        let milk = try m.items.add(fields("Milk", qty: 2, unit: "l"))
        let bread = try m.items.add(fields("Bread"))
        let jam = try m.items.add(fields("Jam"), needed: false)
        try m.items.tick(bread)
        let money = UserLocale(environment: ["LANG": "en_US.UTF-8"]).money()
        XCTAssertEqual(try store.found([milk, bread, jam]).map { $0.summary(money) },
                       ["2 l · Groceries · To buy", "Groceries · In the cart", "Groceries"])
        let german = UserLocale(environment: ["LANG": "de_DE.UTF-8"]).money()
        let half = try m.items.add(fields("Butter", qty: Decimal(string: "0.5")!, unit: "kg"))
        XCTAssertEqual(try store.found([half]).first?.summary(german).hasPrefix("0,5 kg · Groceries"), true)
    }

    /// The texts kept between the overview's calls are read again after any write: this process's
    /// (an add, a rename, a list deleted) or another connection's (another process).
    func testKeptTextsFollowEveryWrite() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let m = try ShoppingModel(store: Store(path: path))
        let store = try XCTUnwrap(m.store)
        let texts = StoreSearchTexts(store: store)
        let milk = try m.items.add(fields("Milk"))
        XCTAssertEqual(try texts.find(words: ["milk"], limit: 5), [milk])
        let oat = try m.items.add(fields("Oat milk"))
        XCTAssertEqual(try texts.find(words: ["milk"], limit: 5), [milk, oat])
        try m.items.update(milk, fields("Cream"))
        XCTAssertEqual(try texts.find(words: ["milk"], limit: 5), [oat])
        let party = try m.lists.createList(named: "Party")
        let p = try ShoppingModel.opening(party, in: store, undo: m.undo)
        let punch = try p.items.add(fields("Milk punch"))
        XCTAssertEqual(try texts.find(words: ["milk"], limit: 5), [oat, punch])
        try p.lists.deleteList(party)
        XCTAssertEqual(try texts.find(words: ["milk"], limit: 5), [oat])
        // Another connection, as another process writes.
        let other = try ShoppingModel(store: Store(path: path))
        let shake = try other.items.add(fields("Milkshake"))
        XCTAssertEqual(try texts.find(words: ["milk"], limit: 5), [oat, shake])
        withExtendedLifetime(other) {}
    }
}
