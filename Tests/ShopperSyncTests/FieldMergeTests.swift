import XCTest
@testable import ShopperSync
@testable import ShopperSyncModel
@testable import ShopperModel

/// The three-way merge, field by field. Each row edits a copy of the base on this device (local) and
/// on the other (remote), says which edit is later, and gives the merged item and the values lost.
final class FieldMergeTests: XCTestCase {
    typealias Edit = (inout SharedItem) -> Void

    static let base = SharedItem(ItemFields(description: "Apples", quantity: 2, unit: "kg", price: dec("1.29"), aisle: "Fruit", notes: ""), state: .needed, position: 10)

    struct Row {
        let local: Edit, remote: Edit, localNewer: Bool, merged: Edit, lost: [Loss], line: UInt
        init(local: @escaping Edit = { _ in }, remote: @escaping Edit = { _ in }, localNewer: Bool, merged: @escaping Edit = { _ in },
             lost: [Loss] = [], line: UInt = #line) {
            (self.local, self.remote, self.localNewer, self.merged, self.lost, self.line) = (local, remote, localNewer, merged, lost, line)
        }
    }

    static func edited(_ item: SharedItem, _ edit: Edit) -> SharedItem {
        var i = item
        edit(&i)
        return i
    }

    /// What a lost value says: its field, the value kept, the value lost, and whose it was.
    struct Loss: Equatable {
        let field: SharedField, kept: String, lost: String, loser: LostValue.Side
        init(_ v: LostValue) { (field, kept, lost, loser) = (v.field, v.kept, v.lost, v.loser) }
        init(_ field: SharedField, _ kept: String, _ lost: String, _ loser: LostValue.Side) { (self.field, self.kept, self.lost, self.loser) = (field, kept, lost, loser) }
    }

    static func lost(_ field: SharedField, kept: String, lost: String, _ loser: LostValue.Side) -> Loss { Loss(field, kept, lost, loser) }

    func check(_ rows: [Row], base: SharedItem?) {
        for r in rows {
            let start = base ?? Self.base
            let (merged, lost) = FieldMerge.merge(base: base, local: Self.edited(start, r.local), remote: Self.edited(start, r.remote), localNewer: r.localNewer)
            XCTAssertEqual(merged, Self.edited(start, r.merged), line: r.line)
            XCTAssertEqual(lost.map(Loss.init), r.lost, line: r.line)
        }
    }

    func testOneSideChanged() {
        check([
            Row(localNewer: true),
            Row(localNewer: false),
            Row(local: { $0.quantity = 3 }, localNewer: false, merged: { $0.quantity = 3 }),
            Row(remote: { $0.quantity = 3 }, localNewer: true, merged: { $0.quantity = 3 }),
            Row(remote: { $0.description = "Green apples" }, localNewer: true, merged: { $0.description = "Green apples" }),
            Row(remote: { $0.unit = nil }, localNewer: true, merged: { $0.unit = nil }),
            Row(remote: { $0.aisle = "Market" }, localNewer: true, merged: { $0.aisle = "Market" }),
            Row(remote: { $0.notes = "Ripe" }, localNewer: true, merged: { $0.notes = "Ripe" }),
            Row(remote: { $0.state = .inCart }, localNewer: true, merged: { $0.state = .inCart }),
            Row(local: { $0.state = .notNeeded }, localNewer: false, merged: { $0.state = .notNeeded }),
            Row(remote: { $0.position = 3 }, localNewer: true, merged: { $0.position = 3 }),
            Row(remote: { $0.position = nil }, localNewer: false),
            Row(local: { $0.position = 3 }, remote: { $0.position = nil }, localNewer: false, merged: { $0.position = 3 }),
        ], base: Self.base)
    }

    func testDifferentFieldsChangedOnBothSidesBothSurvive() {
        check([
            Row(local: { $0.quantity = 3 }, remote: { $0.aisle = "Market" }, localNewer: true, merged: { $0.quantity = 3; $0.aisle = "Market" }),
            Row(local: { $0.quantity = 3 }, remote: { $0.aisle = "Market" }, localNewer: false, merged: { $0.quantity = 3; $0.aisle = "Market" }),
            Row(local: { $0.notes = "Ripe" }, remote: { $0.state = .inCart }, localNewer: false, merged: { $0.notes = "Ripe"; $0.state = .inCart }),
            Row(local: { $0.description = "Pears" }, remote: { $0.unit = "g"; $0.quantity = 500 }, localNewer: true,
                merged: { $0.description = "Pears"; $0.unit = "g"; $0.quantity = 500 }),
            Row(local: { $0.position = 1 }, remote: { $0.price = nil }, localNewer: true, merged: { $0.position = 1; $0.price = nil }),
        ], base: Self.base)
    }

    func testSameFieldChangedOnBothSidesLaterWins() {
        check([
            Row(local: { $0.quantity = 3 }, remote: { $0.quantity = 4 }, localNewer: true, merged: { $0.quantity = 3 },
                lost: [Self.lost(.quantity, kept: "3", lost: "4", .otherDevice)]),
            Row(local: { $0.quantity = 3 }, remote: { $0.quantity = 4 }, localNewer: false, merged: { $0.quantity = 4 },
                lost: [Self.lost(.quantity, kept: "4", lost: "3", .thisDevice)]),
            Row(local: { $0.description = "Pears" }, remote: { $0.description = "Plums" }, localNewer: false, merged: { $0.description = "Plums" },
                lost: [Self.lost(.description, kept: "Plums", lost: "Pears", .thisDevice)]),
            Row(local: { $0.unit = "g" }, remote: { $0.unit = nil }, localNewer: true, merged: { $0.unit = "g" },
                lost: [Self.lost(.unit, kept: "g", lost: "none", .otherDevice)]),
            Row(local: { $0.aisle = "Deli" }, remote: { $0.aisle = "Market" }, localNewer: true, merged: { $0.aisle = "Deli" },
                lost: [Self.lost(.aisle, kept: "Deli", lost: "Market", .otherDevice)]),
            Row(local: { $0.notes = "Ripe" }, remote: { $0.notes = "Green" }, localNewer: false, merged: { $0.notes = "Green" },
                lost: [Self.lost(.notes, kept: "Green", lost: "Ripe", .thisDevice)]),
            Row(local: { $0.state = .inCart }, remote: { $0.state = .notNeeded }, localNewer: false, merged: { $0.state = .notNeeded },
                lost: [Self.lost(.state, kept: "Not needed", lost: "In the cart", .thisDevice)]),
            Row(local: { $0.state = .inCart }, remote: { $0.state = .notNeeded }, localNewer: true, merged: { $0.state = .inCart },
                lost: [Self.lost(.state, kept: "In the cart", lost: "Not needed", .otherDevice)]),
            // Both a conflict and an edit on each side: one loss, both other edits kept.
            Row(local: { $0.quantity = 3; $0.aisle = "Deli" }, remote: { $0.quantity = 4; $0.notes = "Ripe" }, localNewer: true,
                merged: { $0.quantity = 3; $0.aisle = "Deli"; $0.notes = "Ripe" }, lost: [Self.lost(.quantity, kept: "3", lost: "4", .otherDevice)]),
            Row(local: { $0.quantity = 3; $0.notes = "A" }, remote: { $0.quantity = 4; $0.notes = "B" }, localNewer: false,
                merged: { $0.quantity = 4; $0.notes = "B" },
                lost: [Self.lost(.quantity, kept: "4", lost: "3", .thisDevice), Self.lost(.notes, kept: "B", lost: "A", .thisDevice)]),
        ], base: Self.base)
    }

    /// The stores an item is sold only at are one value, said by name; none chosen is Any Store.
    func testStoresChangedOnBothSidesLaterWinsAndTheOtherIsSaid() {
        check([
            Row(local: { $0.stores = ["Aldi"] }, remote: { $0.stores = ["Lidl", "Aldi"] }, localNewer: false, merged: { $0.stores = ["Aldi", "Lidl"] },
                lost: [Self.lost(.stores, kept: "Aldi, Lidl", lost: "Aldi", .thisDevice)]),
            Row(local: { $0.stores = ["Aldi"] }, remote: { $0.stores = [] }, localNewer: true, merged: { $0.stores = ["Aldi"] }),
            Row(local: { $0.stores = ["Aldi"] }, remote: { $0.stores = ["ALDI"] }, localNewer: false, merged: { $0.stores = ["Aldi"] }),
        ], base: Self.base)
        check([
            Row(local: { $0.stores = ["Aldi"] }, remote: { $0.stores = [] }, localNewer: false, merged: { $0.stores = [] },
                lost: [Self.lost(.stores, kept: "Any Store", lost: "Aldi", .thisDevice)]),
        ], base: Self.edited(Self.base, { $0.stores = ["Tesco"] }))
        let (_, lost) = FieldMerge.merge(base: Self.base, local: Self.edited(Self.base) { $0.stores = ["Aldi", "Lidl"] },
                                         remote: Self.edited(Self.base) { $0.stores = ["Tesco"] }, localNewer: false)
        XCTAssertEqual(lost.first?.lostStores, ["Aldi", "Lidl"], "what Undo puts back")
    }

    func testSameValueOnBothSidesIsNoLoss() {
        check([
            Row(local: { $0.quantity = 5 }, remote: { $0.quantity = 5 }, localNewer: true, merged: { $0.quantity = 5 }),
            Row(local: { $0.description = "Pears" }, remote: { $0.description = "Pears" }, localNewer: false, merged: { $0.description = "Pears" }),
            Row(local: { $0.state = .inCart }, remote: { $0.state = .inCart }, localNewer: false, merged: { $0.state = .inCart }),
            Row(local: { $0.price = 4; $0.priceBasis = .forAll }, remote: { $0.price = 4; $0.priceBasis = .forAll }, localNewer: false,
                merged: { $0.price = 4; $0.priceBasis = .forAll }),
            // No price: the basis is no value.
            Row(local: { $0.price = nil }, remote: { $0.price = nil; $0.priceBasis = .forAll }, localNewer: false, merged: { $0.price = nil }),
        ], base: Self.base)
    }

    func testPositionIsNeverReportedLost() {
        check([
            Row(local: { $0.position = 1 }, remote: { $0.position = 20 }, localNewer: false, merged: { $0.position = 20 }),
            Row(local: { $0.position = 1 }, remote: { $0.position = 20 }, localNewer: true, merged: { $0.position = 1 }),
        ], base: Self.base)
        check([
            Row(local: { $0.position = 1 }, remote: { $0.position = 20 }, localNewer: false, merged: { $0.position = 20 }),
            Row(local: { $0.position = 1 }, remote: { $0.position = nil }, localNewer: false, merged: { $0.position = 1 }),
        ], base: nil)
    }

    /// "5.49 for all" and "1.29 each" are one field: never 5.49 each, never a basis without its price.
    func testPriceAndBasisAreOneField() {
        check([
            Row(local: { $0.priceBasis = .forAll }, localNewer: false, merged: { $0.priceBasis = .forAll }),
            Row(remote: { $0.price = dec("5.49"); $0.priceBasis = .forAll }, localNewer: true, merged: { $0.price = dec("5.49"); $0.priceBasis = .forAll }),
            Row(local: { $0.priceBasis = .forAll }, remote: { $0.price = dec("1.5") }, localNewer: true, merged: { $0.priceBasis = .forAll },
                lost: [Self.lost(.price, kept: "1.29 for all", lost: "1.5", .otherDevice)]),
            Row(local: { $0.priceBasis = .forAll }, remote: { $0.price = dec("1.5") }, localNewer: false, merged: { $0.price = dec("1.5") },
                lost: [Self.lost(.price, kept: "1.5", lost: "1.29 for all", .thisDevice)]),
            Row(local: { $0.price = nil }, remote: { $0.price = dec("1.5") }, localNewer: true, merged: { $0.price = nil },
                lost: [Self.lost(.price, kept: "none", lost: "1.5", .otherDevice)]),
            Row(local: { $0.price = 7; $0.priceBasis = .forAll }, remote: { $0.price = nil }, localNewer: false, merged: { $0.price = nil },
                lost: [Self.lost(.price, kept: "none", lost: "7 for all", .thisDevice)]),
        ], base: Self.base)
    }

    /// A first sync that found the same description on both sides: every difference is decided by time, and said.
    func testNoBaseDecidesEveryDifferenceByTime() {
        let other = SharedItem(ItemFields(description: "Apples", quantity: 3, unit: nil, price: dec("1.29"), aisle: "Market", notes: "Ripe"), state: .inCart, position: 99)
        let rows: [(Bool, SharedItem, [Loss], UInt)] = [
            (true, Self.base, [
                Self.lost(.quantity, kept: "2", lost: "3", .otherDevice), Self.lost(.unit, kept: "kg", lost: "none", .otherDevice),
                Self.lost(.aisle, kept: "Fruit", lost: "Market", .otherDevice), Self.lost(.notes, kept: "none", lost: "Ripe", .otherDevice),
                Self.lost(.state, kept: "On the list", lost: "In the cart", .otherDevice),
            ], #line),
            (false, other, [
                Self.lost(.quantity, kept: "3", lost: "2", .thisDevice), Self.lost(.unit, kept: "none", lost: "kg", .thisDevice),
                Self.lost(.aisle, kept: "Market", lost: "Fruit", .thisDevice), Self.lost(.notes, kept: "Ripe", lost: "none", .thisDevice),
                Self.lost(.state, kept: "In the cart", lost: "On the list", .thisDevice),
            ], #line),
        ]
        for (localNewer, merged, lost, line) in rows {
            let result = FieldMerge.merge(base: nil, local: Self.base, remote: other, localNewer: localNewer)
            XCTAssertEqual(result.merged, merged, line: line)
            XCTAssertEqual(result.lost.map(Loss.init), lost, line: line)
        }
        check([
            Row(localNewer: true),
            Row(local: { $0.quantity = 3 }, localNewer: true, merged: { $0.quantity = 3 }, lost: [Self.lost(.quantity, kept: "3", lost: "2", .otherDevice)]),
            Row(local: { $0.quantity = 3 }, localNewer: false, lost: [Self.lost(.quantity, kept: "2", lost: "3", .thisDevice)]),
            Row(remote: { $0.price = 5; $0.priceBasis = .forAll }, localNewer: false, merged: { $0.price = 5; $0.priceBasis = .forAll },
                lost: [Self.lost(.price, kept: "5 for all", lost: "1.29", .thisDevice)]),
            Row(local: { $0.price = nil }, remote: { $0.price = nil; $0.priceBasis = .forAll }, localNewer: false, merged: { $0.price = nil }),
        ], base: nil)
    }
}
