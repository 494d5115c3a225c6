import XCTest
@testable import ShopperModel

/// Word units follow the quantity's number ("3 bunches", "1 can"); symbols and unknown words stay
/// as typed.
final class CountUnitTests: XCTestCase {
    func testUnitsTakeTheQuantitysNumber() {
        let money = MoneyFormat(locale: Locale(identifier: "en_US"))
        let table: [(Decimal, String, String)] = [
            (3, "bunch", "3 bunches"),
            (1, "bunches", "1 bunch"),
            (2, "Can", "2 cans"),
            (1, "cans", "1 can"),
            // Loaves are bought whole (`Buyable`): a need of 1.5 is 2.
            (Decimal(string: "1.5")!, "loaf", "2 loaves"),
            (2, "box", "2 boxes"),
            (2, "kg", "2 kg"),
            (3, "pk", "3 pk"),
            (3, "sachets", "3 sachets"),
            (1, "sachets", "1 sachets"),  // a unit the app does not know is shown as typed
        ]
        for (quantity, unit, expected) in table {
            let item = Item(id: ItemID(1), description: "X", quantity: quantity, unit: unit)
            XCTAssertEqual(RowPresentation.quantityText(item, money), expected, "\(quantity) \(unit)")
        }
        // Every word unit the add bar read before recipes is one of these, in both forms (the
        // recipes' words, "cups", "Zehen", are shown as typed).
        for word in MeasureUnit.addBarWords where CountUnit(word) == nil {
            // "dozen" keeps its form after a number ("two dozen eggs").
            XCTAssertTrue(word.count <= 3 || ["lbs", "dozen", "tbsp"].contains(word), "\(word) is a symbol, not a word unit")
        }
    }

    /// A file keeps the unit as typed: only the screen changes its number.
    func testTextExportKeepsTheUnitAsTyped() {
        let item = Item(id: ItemID(1), description: "Coriander", quantity: 3, unit: "bunch")
        XCTAssertEqual(PlainTextFormat.line(item), "3 bunch Coriander")
    }
}
