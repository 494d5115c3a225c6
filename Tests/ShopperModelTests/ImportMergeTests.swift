import XCTest
import ShopperTestSupport
@testable import ShopperModel

/// An import follows the add bar's rule: a row naming a known item (whatever its case and accents)
/// updates it; a new description named twice is one item.
final class ImportMergeTests: XCTestCase {
    func testACSVRowNamingAKnownItemUpdatesItInOneUndoStep() throws {
        let path = temporaryFolder(self) + "/" + Store.fileName
        let m = try ShoppingModel(store: Store(path: path))
        let apples = try m.items.add(ItemFields(description: "Apples", quantity: 2, unit: "kg", price: Decimal(string: "1.29"),
                                          aisle: "Fruit & Veg", notes: "Gala"))
        let bananas = try m.items.add(ItemFields(description: "Bananas", quantity: 6, aisle: "Fruit & Veg"))
        try m.items.setNeeded(apples, false)
        let csv = """
            description,quantity,unit,unit_cost,aisle,notes,needed,in_cart
            apples,3,kg,1.50,,,1,0
            Cherries,1,,4.00,Fruit,,1,0
            cherries,2,,4.50,,stoned,1,0
            BANÁNAS,5,,0.25,Fruit & Veg,ripe,0,0
            """
        let rows = try CSVFormat.parse(csv)
        let known = m.imports.knownItems(for: rows, in: m.imports.itemsByMatchKey())
        XCTAssertEqual(known, [apples, nil, nil, bananas])
        let ids = try m.imports.importItems(rows, known: known)
        XCTAssertEqual(m.items.table.count, 3, "Apples and Bananas updated, Cherries added once")
        XCTAssertEqual(ids[0], apples)
        XCTAssertEqual(ids[1], ids[2], "both cherries lines are one item")
        let a = try XCTUnwrap(m.items.item(apples))
        XCTAssertEqual(a.fields, ItemFields(description: "Apples", quantity: 3, unit: "kg", price: Decimal(string: "1.50"),
                                            aisle: "Fruit & Veg", notes: "Gala"), "the row's amounts; its own name, aisle and notes")
        XCTAssertTrue(a.needed, "back on the list, as the row says")
        let b = try XCTUnwrap(m.items.item(bananas))
        XCTAssertEqual(b.description, "Bananas")
        XCTAssertEqual(b.quantity, 5)
        XCTAssertEqual(b.notes, "ripe")
        XCTAssertFalse(b.needed, "the row says not needed")
        let c = try XCTUnwrap(m.items.item(ids[1]))
        XCTAssertEqual(c.fields, ItemFields(description: "Cherries", quantity: 2, price: Decimal(string: "4.50"), aisle: "Fruit",
                                            notes: "stoned"), "the later line wins, the first one's aisle stays")
        // One step takes it all back.
        XCTAssertEqual(try m.core.undoLast(), "importing 4 items")
        XCTAssertEqual(m.items.table.count, 2)
        XCTAssertEqual(m.items.item(apples)?.fields, ItemFields(description: "Apples", quantity: 2, unit: "kg", price: Decimal(string: "1.29"),
                                                          aisle: "Fruit & Veg", notes: "Gala"))
        XCTAssertEqual(m.items.item(apples)?.needed, false)
        XCTAssertEqual(m.items.item(bananas)?.quantity, 6)
        // And what was written is what the file holds after a restart.
        let again = try ShoppingModel(store: Store(path: path))
        XCTAssertEqual(again.items.table.count, 2)
    }

    func testTheOldestOfTwoItemsSharingADescriptionIsTheOneUpdated() throws {
        let m = try ShoppingModel(store: temporaryStore())
        let first = try m.items.add(batch: [ImportedItem(fields: ItemFields(description: "Tea"))])[0]
        _ = try m.items.add(batch: [ImportedItem(fields: ItemFields(description: "TEA"))])
        XCTAssertEqual(m.imports.itemsByMatchKey()["tea"], first)
    }
}
