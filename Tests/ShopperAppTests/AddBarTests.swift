import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

final class AddBarTests: GtkTestCase {
    /// On a phone-width window the toast's title is cut short, so the add bar says an implausible
    /// price's hint in full under the entry as well; the next keystroke takes it away.
    func testAnImplausiblePriceIsExplainedUnderTheEntryAtPhoneWidth() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            let harness = try WindowHarness(model: model, size: (360, 640))
            defer { harness.close() }
            let bar = harness.window.strip.addBar
            bar.entry.text = "500 g Mince @ 5.49"
            bar.submit()
            waitForFrame(harness.window.window.widget)
            let hint = try XCTUnwrap(bar.shownText)
            XCTAssertTrue(hint.contains("did you mean"), hint)
            XCTAssertEqual(bar.entry.text, "", "the line was added")
            let label = try XCTUnwrap(bar.root.widget.descendants().first { $0.labelText == hint })
            XCTAssertFalse(label.hasCSS("error"), "a hint, not an error")
            let width = try XCTUnwrap(label.surfaceBounds()?.width)
            XCTAssertLessThanOrEqual(width, 360, "it wraps within the window")
            _ = harness.render(name: "add-bar-hint-phone")
            bar.entry.text = "E"
            waitForFrame(harness.window.window.widget)
            XCTAssertNil(bar.shownText, "typing again clears it")
        }
    }

    /// What a recipe writes, typed into the add bar, is the item the recipe makes: "2 cups Heavy
    /// cream" is 2 cups of Heavy cream, and a recipe's cup of cream adds to that row.
    func testARecipesUnitTypedGivesTheRecipesItem() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            let harness = try WindowHarness(model: model, size: (1000, 700))
            defer { harness.close() }
            let bar = harness.window.strip.addBar
            for line in ["2 cups Heavy cream", "2 EL Olivenöl", "3 cloves Garlic"] {
                bar.entry.text = line
                bar.submit()
                waitForFrame(harness.window.window.widget)
            }
            let items = try model.items.allItems().map { "\($0.quantity) \($0.unit ?? "-") \($0.description)" }.sorted()
            XCTAssertEqual(items, ["2 EL Olivenöl", "2 cups Heavy cream", "3 cloves Garlic"])
            let pie = try model.recipes.addRecipe(RecipeDraft(title: "Pie", servings: 4, ingredients: ["1 cup heavy cream", "1 clove garlic"]))
            try model.plan.addRecipeToList(pie, servings: nil, staples: PantryStaples([]), numbers: .decimalPoint)
            let after = try model.items.allItems().map { "\($0.quantity) \($0.unit ?? "-") \($0.description)" }.sorted()
            XCTAssertEqual(after, ["2 EL Olivenöl", "3 cups Heavy cream", "4 cloves Garlic"], "the recipe's lines went onto the typed rows")
        }
    }

    /// The placeholder is never cut: the longest that fits the entry shows, the whole example on a
    /// wide window, a shorter one at a phone's width.
    func testThePlaceholderFitsTheEntryAtEveryWidth() throws {
        try MainActor.assumeIsolated {
            for (width, whole) in [(Int32(1000), true), (360, false)] {
                let model = try ShoppingModel(store: temporaryStore())
                let harness = try WindowHarness(model: model, size: (width, 640))
                defer { harness.close() }
                waitForFrame(harness.window.window.widget)
                let entry = harness.window.strip.addBar.entry
                XCTAssertTrue(entry.fits(entry.placeholder), "“\(entry.placeholder)” fits at \(width) px")
                XCTAssertEqual(entry.placeholder == AddBar.placeholders[0], whole, "the whole example at \(width) px")
            }
        }
    }

    /// An item another process added after the add bar built its index is known when typed: the
    /// add takes in the other write first, and the lookup sees it.
    func testAnItemAddedByAnotherProcessIsNotAddedTwice() throws {
        try MainActor.assumeIsolated {
            let path = temporaryFolder("addbar") + "/" + Store.fileName
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let model = try ShoppingModel(store: Store(path: path))
            let harness = try WindowHarness(model: model, size: (360, 640))
            defer { harness.close() }
            let bar = harness.window.strip.addBar
            bar.entry.text = "B"  // builds the index of known descriptions
            let other = try ShoppingModel(store: Store(path: path))
            let pears = try other.items.add(ItemFields(description: "Pears"))
            try other.items.setNeeded(pears, false)
            bar.entry.text = "2 pears"
            bar.submit()
            waitForFrame(harness.window.window.widget)
            XCTAssertEqual(model.items.table.count, 1, "no second Pears")
            XCTAssertEqual(model.items.item(pears)?.quantity, 2)
            XCTAssertEqual(model.items.item(pears)?.needed, true)
        }
    }

    /// Completion offers a few descriptions that start with what is typed, however many items
    /// there are (GTK filters every row it is given on each keystroke).
    func testCompletionOffersAFewMatchingDescriptions() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            try model.items.add(batch: (1...5000).map { ImportedItem(fields: ItemFields(description: "Item \($0)")) })
            try model.items.add(ItemFields(description: "Crème fraîche"))
            let harness = try WindowHarness(model: model, size: (600, 720))
            defer { harness.close() }
            let bar = harness.window.strip.addBar
            bar.entry.text = "item 12"
            waitForFrame(harness.window.window.widget)
            XCTAssertEqual(bar.offeredCompletions.count, AddBar.completionLimit)
            XCTAssertTrue(bar.offeredCompletions.allSatisfy { $0.hasPrefix("Item 12") }, "\(bar.offeredCompletions)")
            bar.entry.text = "CREME"
            waitForFrame(harness.window.window.widget)
            XCTAssertEqual(bar.offeredCompletions, ["Crème fraîche"])
        }
    }
}
