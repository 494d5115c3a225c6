import XCTest
@testable import ShopperModel

final class ItemDraftTests: XCTestCase {
    func testValidDraftIsTrimmedAndParsed() throws {
        let f = try ItemDraft(description: "  Green   apples ", quantity: "1,5", unit: " kg ", price: "1.29",
                              aisle: " Fruit ", notes: " ripe ").validate()
        XCTAssertEqual(f, ItemFields(description: "Green apples", quantity: Decimal(string: "1.5")!, unit: "kg",
                                     price: Decimal(string: "1.29")!, aisle: "Fruit", notes: "ripe"))
    }

    func testEmptyQuantityDefaultsToOneAndEmptyCostIsUnknown() throws {
        let f = try ItemDraft(description: "Milk", quantity: "").validate()
        XCTAssertEqual(f.quantity, 1)
        XCTAssertNil(f.price)
    }

    func testBadFieldsAreAllNamed() {
        let cases: [(ItemDraft, ItemField)] = [
            (ItemDraft(description: "   "), .description),
            (ItemDraft(description: String(repeating: "a", count: 201)), .description),
            (ItemDraft(description: "x", quantity: "0"), .quantity),
            (ItemDraft(description: "x", quantity: "-2"), .quantity),
            (ItemDraft(description: "x", quantity: "two"), .quantity),
            (ItemDraft(description: "x", quantity: "12abc"), .quantity),
            (ItemDraft(description: "x", quantity: "1e9"), .quantity),
            (ItemDraft(description: "x", quantity: "10001"), .quantity),
            (ItemDraft(description: "x", quantity: "1.23456"), .quantity),
            (ItemDraft(description: "x", price: "-1"), .price),
            (ItemDraft(description: "x", price: "abc"), .price),
            (ItemDraft(description: "x", price: "1.2.3"), .price),
            (ItemDraft(description: "x", price: "2000000"), .price),
            (ItemDraft(description: "x", aisle: String(repeating: "a", count: 41)), .aisle),
        ]
        for (draft, field) in cases {
            XCTAssertThrowsError(try draft.validate(), "\(draft)") { e in
                let errors = (e as! ValidationErrors).errors
                XCTAssertEqual(errors.map(\.field), [field], "\(draft)")
                XCTAssertFalse(errors[0].message.isEmpty)
            }
        }
        let many = ItemDraft(description: "", quantity: "0", price: "x").errors()
        XCTAssertEqual(many.map(\.field), [.description, .quantity, .price])
    }

    func testDraftRoundTripsFields() throws {
        let f = fields("Cheese", qty: Decimal(string: "0.25")!, unit: "kg", cost: Decimal(string: "12.5")!, aisle: "Dairy")
        XCTAssertEqual(try ItemDraft(f).validate(), f)
    }
}
