import Foundation
import GRDB
import XCTest
@testable import ShopperModel

/// A store of the schema before the household's aisle lessons (v12), written by that release:
/// `shopper add "2 l Milk [Dairy]"`, `shopper add "Flour [Baking]"`, `shopper add Kombucha`
/// (`Tests/Fixtures/store-v12.sqlite`). It opens with every row kept and nothing taught; a move
/// then teaches, and the lesson is read by the next new item of that name.
final class MigrationV12Tests: XCTestCase {
    private func fixtureCopy() throws -> String { try ShopperModelTests.fixtureCopy("store-v12.sqlite", for: self) }
    private let tables = ["item", "shopping_list", "aisle", "staple"]

    func testTheFixtureIsOfSchemaV12() throws {
        XCTAssertEqual(try rows(try fixtureCopy(), "SELECT identifier FROM grdb_migrations").last, "[identifier:\"v12\"]")
    }

    func testEveryRowIsKeptAndAMoveTeachesAfterwards() throws {
        let path = try fixtureCopy()
        let before = try tables.map { try rows(path, "SELECT * FROM \($0) ORDER BY 1") }
        XCTAssertEqual(before[0].count, 3, "the three items")
        let m = try ShoppingModel(store: Store(path: path))
        XCTAssertEqual(try tables.map { try rows(path, "SELECT * FROM \($0) ORDER BY 1") }, before)
        XCTAssertEqual(try rows(path, "SELECT identifier FROM grdb_migrations").last, "[identifier:\"\(Schema.latest)\"]")
        XCTAssertEqual(try rows(path, "SELECT count(*) AS n FROM learned_aisle"), ["[n:0]"])

        let kombucha = try XCTUnwrap(try m.items.allItems().first { $0.description == "Kombucha" })
        try m.items.move(kombucha.id, after: nil, before: nil, aisle: .set("Drinks"))
        XCTAssertEqual(try rows(path, "SELECT name, aisle FROM learned_aisle"), ["[name:\"kombucha\" aisle:\"Drinks\"]"])
        try m.items.delete([kombucha.id])
        let again = try m.items.add(try PlainTextFormat.read("Kombucha", numbers: .neutral).get())
        XCTAssertEqual(m.items.item(again.id)?.aisle, "Drinks")
        XCTAssertEqual(try m.store.integrityCheck(), "ok")
    }
}
