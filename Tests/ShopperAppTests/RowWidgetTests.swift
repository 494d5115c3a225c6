import CGtk
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// The one row widget, laid out in a real window, for every presentation: options x lists x states.
final class RowWidgetTests: GtkTestCase {
    func testEveryPresentationShowsWhatTheModelSays() {
        MainActor.assumeIsolated {
            let money = MoneyFormat(locale: Locale(identifier: "en_US"))
            let style = StyleSheet(path: repositoryData + "/shopper.css")
            style.apply(true)
            defer { style.apply(false) }
            let window = Window()
            window.defaultSize(420, -1)
            let column = Box(.vertical)
            window.child(column.widget)
            var cases: [(RowWidget, RowPresentation, DisplayOptions, ListKind)] = []
            for options in DisplayOptions.allCombinations {
                for list in ListKind.allCases {
                    for (needed, inCart) in [(false, false), (true, false), (true, true)] {
                        let item = Item(id: ItemID(1), description: "Apples", quantity: 2, unit: "kg",
                                        price: Decimal(string: "1.25"), needed: needed, inCart: inCart)
                        let p = RowPresentation(options: options, list: list, item: item, money: money)
                        let row = RowWidget()
                        row.show(.item(item), money: money) { RowPresentation(options: options, list: list, item: $0, money: money) }
                        column.append(row.root.widget)
                        cases.append((row, p, options, list))
                    }
                }
            }
            window.present()
            waitForFrame(window.widget)
            var heights = Set<Int32>()
            for (row, p, options, list) in cases {
                let what = "\(options) \(list)"
                let parts = row.visibleParts
                XCTAssertEqual(row.descriptionText, "Apples", what)
                XCTAssertEqual(parts.check, p.checkbox != .hidden, what)
                XCTAssertEqual(parts.checkTargetable, p.checkbox == .interactive, "display-only boxes take no clicks: \(what)")
                XCTAssertEqual(parts.checked, p.checked, what)
                XCTAssertEqual(parts.dimmed, p.dimmed, what)
                XCTAssertEqual(parts.details, !p.descriptionCentered, what)
                XCTAssertEqual(parts.left, p.leftText, what)
                XCTAssertEqual(parts.right, p.rightText, what)
                XCTAssertEqual(parts.edit, list == .all, what)
                // A lone field is in the left slot.
                if options.showQuantity != options.showCost { XCTAssertNotNil(parts.left); XCTAssertNil(parts.right) }
                // Hidden parts free their space: without the checkbox, the description starts at the left.
                let x = row.descriptionBounds!.x
                if options.showCheckboxes { XCTAssertGreaterThanOrEqual(x, Double(row.checkAreaWidth), what) }
                else { XCTAssertLessThan(x, 1, what) }
                // Without details the description is vertically centred.
                if p.descriptionCentered {
                    let b = row.descriptionBounds!
                    XCTAssertEqual(b.y + b.height / 2, Double(row.root.widget.height) / 2, accuracy: 2, what)
                }
                heights.insert(row.root.widget.height)
            }
            XCTAssertEqual(heights.count, 1, "every row has the same height: \(heights)")
            window.destroy()
        }
    }

    func testHeaderAndEndRowsShowTheirTotals() {
        MainActor.assumeIsolated {
            let money = MoneyFormat(locale: Locale(identifier: "en_US"))
            let row = RowWidget()
            row.show(.header(title: "Dairy", totals: Totals(count: 2, cost: Decimal(string: "3.5")!)), money: money) { _ in fatalError() }
            XCTAssertEqual(row.captionText, "Dairy · 2 items · $3.50")
            XCTAssertFalse(row.visibleParts.check)
            row.show(.end(Totals(count: 1, cost: 2)), money: money) { _ in fatalError() }
            XCTAssertEqual(row.captionText, "No more items · 1 item · $2.00")
        }
    }
}
