import XCTest
@testable import ShopperModel

/// The whole presentation table: 8 option combinations x 3 lists x 3 item states. Each line reads
/// "options list state | left right description checkbox checked dimming checkbox-area-action row-action",
/// options as Q(uantity) C(ost) B(oxes) or "-" when off.
final class RowPresentationTableTests: XCTestCase {
    static let table = [
        "--- all      unneeded | -    -    centered hidden      off dim   toggleNeeded toggleNeeded",
        "--- all      needed   | -    -    centered hidden      on  plain toggleNeeded toggleNeeded",
        "--- all      inCart   | -    -    centered hidden      on  plain toggleNeeded toggleNeeded",
        "--- shopping unneeded | -    -    centered hidden      off plain openEditor   openEditor",
        "--- shopping needed   | -    -    centered hidden      off plain openEditor   openEditor",
        "--- shopping inCart   | -    -    centered hidden      on  plain openEditor   openEditor",
        "--- cart     unneeded | -    -    centered hidden      off plain openEditor   openEditor",
        "--- cart     needed   | -    -    centered hidden      off plain openEditor   openEditor",
        "--- cart     inCart   | -    -    centered hidden      on  plain openEditor   openEditor",
        "--B all      unneeded | -    -    centered display     off dim   toggleNeeded toggleNeeded",
        "--B all      needed   | -    -    centered display     on  plain toggleNeeded toggleNeeded",
        "--B all      inCart   | -    -    centered display     on  plain toggleNeeded toggleNeeded",
        "--B shopping unneeded | -    -    centered interactive off plain tick         openEditor",
        "--B shopping needed   | -    -    centered interactive off plain tick         openEditor",
        "--B shopping inCart   | -    -    centered interactive on  plain tick         openEditor",
        "--B cart     unneeded | -    -    centered interactive off plain untick       openEditor",
        "--B cart     needed   | -    -    centered interactive off plain untick       openEditor",
        "--B cart     inCart   | -    -    centered interactive on  plain untick       openEditor",
        "-C- all      unneeded | cost -    top      hidden      off dim   toggleNeeded toggleNeeded",
        "-C- all      needed   | cost -    top      hidden      on  plain toggleNeeded toggleNeeded",
        "-C- all      inCart   | cost -    top      hidden      on  plain toggleNeeded toggleNeeded",
        "-C- shopping unneeded | cost -    top      hidden      off plain openEditor   openEditor",
        "-C- shopping needed   | cost -    top      hidden      off plain openEditor   openEditor",
        "-C- shopping inCart   | cost -    top      hidden      on  plain openEditor   openEditor",
        "-C- cart     unneeded | cost -    top      hidden      off plain openEditor   openEditor",
        "-C- cart     needed   | cost -    top      hidden      off plain openEditor   openEditor",
        "-C- cart     inCart   | cost -    top      hidden      on  plain openEditor   openEditor",
        "-CB all      unneeded | cost -    top      display     off dim   toggleNeeded toggleNeeded",
        "-CB all      needed   | cost -    top      display     on  plain toggleNeeded toggleNeeded",
        "-CB all      inCart   | cost -    top      display     on  plain toggleNeeded toggleNeeded",
        "-CB shopping unneeded | cost -    top      interactive off plain tick         openEditor",
        "-CB shopping needed   | cost -    top      interactive off plain tick         openEditor",
        "-CB shopping inCart   | cost -    top      interactive on  plain tick         openEditor",
        "-CB cart     unneeded | cost -    top      interactive off plain untick       openEditor",
        "-CB cart     needed   | cost -    top      interactive off plain untick       openEditor",
        "-CB cart     inCart   | cost -    top      interactive on  plain untick       openEditor",
        "Q-- all      unneeded | qty  -    top      hidden      off dim   toggleNeeded toggleNeeded",
        "Q-- all      needed   | qty  -    top      hidden      on  plain toggleNeeded toggleNeeded",
        "Q-- all      inCart   | qty  -    top      hidden      on  plain toggleNeeded toggleNeeded",
        "Q-- shopping unneeded | qty  -    top      hidden      off plain openEditor   openEditor",
        "Q-- shopping needed   | qty  -    top      hidden      off plain openEditor   openEditor",
        "Q-- shopping inCart   | qty  -    top      hidden      on  plain openEditor   openEditor",
        "Q-- cart     unneeded | qty  -    top      hidden      off plain openEditor   openEditor",
        "Q-- cart     needed   | qty  -    top      hidden      off plain openEditor   openEditor",
        "Q-- cart     inCart   | qty  -    top      hidden      on  plain openEditor   openEditor",
        "Q-B all      unneeded | qty  -    top      display     off dim   toggleNeeded toggleNeeded",
        "Q-B all      needed   | qty  -    top      display     on  plain toggleNeeded toggleNeeded",
        "Q-B all      inCart   | qty  -    top      display     on  plain toggleNeeded toggleNeeded",
        "Q-B shopping unneeded | qty  -    top      interactive off plain tick         openEditor",
        "Q-B shopping needed   | qty  -    top      interactive off plain tick         openEditor",
        "Q-B shopping inCart   | qty  -    top      interactive on  plain tick         openEditor",
        "Q-B cart     unneeded | qty  -    top      interactive off plain untick       openEditor",
        "Q-B cart     needed   | qty  -    top      interactive off plain untick       openEditor",
        "Q-B cart     inCart   | qty  -    top      interactive on  plain untick       openEditor",
        "QC- all      unneeded | qty  cost top      hidden      off dim   toggleNeeded toggleNeeded",
        "QC- all      needed   | qty  cost top      hidden      on  plain toggleNeeded toggleNeeded",
        "QC- all      inCart   | qty  cost top      hidden      on  plain toggleNeeded toggleNeeded",
        "QC- shopping unneeded | qty  cost top      hidden      off plain openEditor   openEditor",
        "QC- shopping needed   | qty  cost top      hidden      off plain openEditor   openEditor",
        "QC- shopping inCart   | qty  cost top      hidden      on  plain openEditor   openEditor",
        "QC- cart     unneeded | qty  cost top      hidden      off plain openEditor   openEditor",
        "QC- cart     needed   | qty  cost top      hidden      off plain openEditor   openEditor",
        "QC- cart     inCart   | qty  cost top      hidden      on  plain openEditor   openEditor",
        "QCB all      unneeded | qty  cost top      display     off dim   toggleNeeded toggleNeeded",
        "QCB all      needed   | qty  cost top      display     on  plain toggleNeeded toggleNeeded",
        "QCB all      inCart   | qty  cost top      display     on  plain toggleNeeded toggleNeeded",
        "QCB shopping unneeded | qty  cost top      interactive off plain tick         openEditor",
        "QCB shopping needed   | qty  cost top      interactive off plain tick         openEditor",
        "QCB shopping inCart   | qty  cost top      interactive on  plain tick         openEditor",
        "QCB cart     unneeded | qty  cost top      interactive off plain untick       openEditor",
        "QCB cart     needed   | qty  cost top      interactive off plain untick       openEditor",
        "QCB cart     inCart   | qty  cost top      interactive on  plain untick       openEditor",
    ]

    func testEveryCombinationMatchesTheTable() {
        let money = MoneyFormat(locale: Locale(identifier: "en_US"))
        var seen = 0
        for line in Self.table {
            let parts = line.split(separator: " ").map(String.init)
            let opts = Array(parts[0])
            let options = DisplayOptions(showQuantity: opts[0] == "Q", showCost: opts[1] == "C", showCheckboxes: opts[2] == "B")
            let list = ListKind(rawValue: parts[1])!
            let item = Item(id: ItemID(1), description: "Apples", quantity: 2, unit: "kg", price: Decimal(string: "1.25"),
                            needed: parts[2] != "unneeded", inCart: parts[2] == "inCart")
            let p = RowPresentation(options: options, list: list, item: item, money: money)
            let got = [name(p.left), name(p.right), p.descriptionCentered ? "centered" : "top", name(p.checkbox),
                       p.checked ? "on" : "off", p.dimmed ? "dim" : "plain", "\(p.actions.checkboxArea)", "\(p.actions.row)"]
            XCTAssertEqual(got, Array(parts[4...]), line)
            // The slot texts follow the slots.
            XCTAssertEqual(p.leftText, text(p.left, withCost: options.showCost), line)
            XCTAssertEqual(p.rightText, text(p.right), line)
            XCTAssertEqual(p.description, "Apples")
            seen += 1
        }
        XCTAssertEqual(seen, DisplayOptions.allCombinations.count * ListKind.allCases.count * 3)
    }

    /// Tap to tick changes what a click on a Shopping List row does (and where the checkbox was,
    /// when there is none), nothing else, on no other list.
    func testTapToTickTicksOnTheShoppingListOnly() {
        let money = MoneyFormat(locale: Locale(identifier: "en_US"))
        for base in DisplayOptions.allCombinations {
            var tapping = base
            tapping.tapToTick = true
            for list in ListKind.allCases {
                for (needed, inCart) in [(false, false), (true, false), (true, true)] {
                    let item = Item(id: ItemID(1), description: "Apples", quantity: 2, unit: "kg", price: 1, needed: needed, inCart: inCart)
                    var expected = RowPresentation(options: base, list: list, item: item, money: money)
                    if list == .shopping {
                        expected.actions.row = .tick
                        if !base.showCheckboxes { expected.actions.checkboxArea = .tick }
                    }
                    XCTAssertEqual(RowPresentation(options: tapping, list: list, item: item, money: money), expected, "\(base) \(list)")
                }
            }
        }
    }

    /// One of something, without a unit, shows no quantity: a bare "1" says nothing.
    func testABareOneIsLeftOut() {
        let money = MoneyFormat(locale: Locale(identifier: "en_US"))
        let bread = Item(id: ItemID(1), description: "Bread", needed: true)
        let p = RowPresentation(options: DisplayOptions(showCost: false), list: .shopping, item: bread, money: money)
        XCTAssertNil(p.leftText)
        XCTAssertTrue(p.descriptionCentered, "nothing under the description: it sits in the middle")
        let priced = RowPresentation(options: DisplayOptions(), list: .shopping, item: Item(id: ItemID(1), description: "Bread", price: 2, needed: true), money: money)
        XCTAssertNil(priced.leftText)
        XCTAssertEqual(priced.rightText, "$2.00")
        XCTAssertFalse(priced.descriptionCentered)
        let oneKilo = RowPresentation(options: DisplayOptions(showCost: false), list: .shopping,
                                      item: Item(id: ItemID(1), description: "Flour", quantity: 1, unit: "kg", needed: true), money: money)
        XCTAssertEqual(oneKilo.leftText, "1 kg", "one of a unit is worth saying")
    }

    func testCostWithoutPriceSaysSoAndQuantityWithoutUnitIsANumber() {
        let item = Item(id: ItemID(1), description: "Bread", quantity: Decimal(string: "2.5")!, needed: true)
        let p = RowPresentation(options: DisplayOptions(), list: .shopping, item: item, money: MoneyFormat(locale: Locale(identifier: "en_US")))
        XCTAssertEqual(p.leftText, "3", "what is bought of a need of 2.5 loaves (`Buyable`)")
        XCTAssertEqual(p.rightText, "No price")
    }

    /// Beside the cost, the quantity says how the cost was made.
    private func text(_ f: DetailField?, withCost: Bool = false) -> String? {
        switch f {
        case .quantity: withCost ? "2 kg × $1.25" : "2 kg"
        case .cost: "$2.50"
        case nil: nil
        }
    }

    private func name(_ f: DetailField?) -> String {
        switch f {
        case .quantity: "qty"
        case .cost: "cost"
        case nil: "-"
        }
    }

    private func name(_ m: CheckboxMode) -> String {
        switch m {
        case .hidden: "hidden"
        case .displayOnly: "display"
        case .interactive: "interactive"
        }
    }
}
