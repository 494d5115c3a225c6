import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// The editor says what a price is the price of, and points out a total no one meant.
final class EditorPriceTests: GtkTestCase {
    func testPerUnitOrForAllWithAHintForAnImplausibleTotal() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            let id = try model.items.add(ItemFields(description: "Mince", quantity: 500, unit: "g", price: Decimal(string: "5.49")))
            let harness = try WindowHarness(model: model)
            defer { harness.close() }
            let editor = harness.window.items.editor

            harness.window.items.openEditor(id)
            XCTAssertEqual(editor.priceBasisLabel, "per g")
            let hint = try XCTUnwrap(editor.hintText, "500 g at 5.49 a gram is pointed out")
            XCTAssertTrue(hint.contains("per g = ") && hint.hasSuffix("for all?"), hint)
            editor.choose(.forAll)
            waitForFrame(harness.window.window.widget, "the hint gone")
            XCTAssertNil(editor.hintText, "5.49 for all is plausible")
            editor.pressSave()
            waitForFrame(harness.window.window.widget, "the editor closed")
            XCTAssertEqual(model.items.item(id)?.priceBasis, .forAll)
            XCTAssertEqual(model.items.item(id)?.lineTotal, Decimal(string: "5.49"))

            // A currency sign is taken; the unit names the basis as it is typed.
            harness.window.items.openEditor(id)
            editor.set(.price, "€4.99")
            editor.set(.unit, "")
            waitForFrame(harness.window.window.widget, "the basis label drawn")
            XCTAssertEqual(editor.priceBasisLabel, "each")
            XCTAssertTrue(editor.canSave)
            editor.pressSave()
            XCTAssertEqual(model.items.item(id)?.price, Decimal(string: "4.99"))
        }
    }
}
