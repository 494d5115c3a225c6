import CGtk
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

final class MainWindowTests: GtkTestCase {
    /// 100,000 items: GTK builds only the rows near the visible area, and a preference change
    /// refreshes those rows in place without any change to the list itself.
    func testHundredThousandItemsRecycleRowsAndPreferencesApplyLive() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            try model.items.add(batch: (0..<100_000).map {
                ImportedItem(fields: ItemFields(description: "Item \($0)", quantity: 2, price: 1), needed: true, inCart: false)
            })
            let harness = try WindowHarness(model: model)
            defer { harness.close() }
            let page = harness.window.currentPage
            XCTAssertEqual(page.projection.itemCount, 100_000)
            let built = page.boundRows.count
            XCTAssertGreaterThan(built, 5)
            XCTAssertLessThan(built, 400, "rows are recycled, not one widget per item")
            XCTAssertTrue(page.boundRows.allSatisfy { $0.visibleParts.left != nil })

            let changes = page.rowModel.structuralChanges
            harness.preferences.set(.showQuantity, false)
            harness.preferences.set(.showCost, false)
            XCTAssertEqual(page.rowModel.structuralChanges, changes, "no list rebuild on a preference change")
            XCTAssertTrue(page.boundRows.filter { $0.itemID != nil }.allSatisfy { !$0.visibleParts.details })
            harness.preferences.set(.showQuantity, true)
            XCTAssertTrue(page.boundRows.filter { $0.itemID != nil }.allSatisfy { $0.visibleParts.left == "2" })
        }
    }

    /// Typing a search filters 100,000 items by recycling the rows on screen: no new row widgets,
    /// matches highlighted, a no-match explanation.
    func testSearchRecyclesRowsAndExplainsNoMatch() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            try model.items.add(batch: (0..<100_000).map {
                ImportedItem(fields: ItemFields(description: "Item \($0)", aisle: $0 % 2 == 0 ? "Dairy" : "Fruit"), needed: true, inCart: false)
            })
            let harness = try WindowHarness(model: model)
            defer { harness.close() }
            let window = harness.window
            let page = window.currentPage
            iterate(until: { page.allRowsShown }, "the rows after the first screenful")
            window.search.panel.bar.isOpen = true
            let built = page.rowsBuilt
            // Rows that still match keep their widgets: typing "Item" letter by letter builds none.
            for text in ["i", "it", "ite", "item"] {
                window.search.panel.bar.text = text
                window.search.apply()
                waitForFrame(window.window.widget)
            }
            XCTAssertEqual(page.projection.itemCount, 100_000)
            XCTAssertEqual(page.rowsBuilt, built, "no row widget built while the visible rows still match")
            // Narrowing to other rows builds at most the rows newly on screen, never one per item.
            for text in ["item 9", "aisle:dairy item 9"] {
                window.search.panel.bar.text = text
                window.search.apply()
                waitForFrame(window.window.widget)
            }
            let expected = (0..<100_000).filter { $0 % 2 == 0 && String($0).contains("9") }.count
            XCTAssertEqual(page.projection.itemCount, expected)
            // GTK 4.8 gives rows that newly come on screen after a change new widgets (it rebinds old
            // ones only while scrolling): about the thirty rows it keeps around the view, per keystroke.
            XCTAssertLessThanOrEqual(page.rowsBuilt - built, 2 * 2 * built, "bounded by the rows around the view, not by the items")
            window.search.panel.bar.text = "no such thing"
            window.search.apply()
            iterate(until: { page.emptyState.shown }, "the explanation of an empty search")
            XCTAssertTrue(page.emptyState.label.text.hasPrefix("No items match “no such thing”"))
            window.search.panel.bar.isOpen = false
            waitForFrame(window.window.widget)
            XCTAssertEqual(page.projection.itemCount, 100_000, "closing the search clears it")
        }
    }

    /// The explanation is there at once at start-up, fades in a moment after the last row goes, goes
    /// when a row comes, and hides while editing.
    func testEmptyStateTiming() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            let harness = try WindowHarness(model: model)
            defer { harness.close() }
            let state = harness.window.page(.all).emptyState
            XCTAssertTrue(state.shown, "at once at start-up")
            let id = try model.items.add(ItemFields(description: "Tea"))
            XCTAssertFalse(state.shown, "a row came: it goes")
            try model.items.delete([id])
            XCTAssertFalse(state.shown, "not at once when the last row goes")
            iterate(until: { state.shown }, "the explanation to fade in")
            let id2 = try model.items.add(ItemFields(description: "Milk"))
            harness.window.items.openEditor(id2)
            try model.items.delete([id2])
            // A fade-in the deletion started would be the empty state's own delay timeout: checked
            // once any such timeout has run.
            runTimeoutsAdded(upTo: EmptyState.delayMS, "the empty state's delay")
            XCTAssertFalse(state.shown, "hidden while editing")
            harness.window.items.closeEditor()
            iterate(until: { state.shown }, "the explanation after editing")
        }
    }

    func testPreferencesRowsAreGeneratedFromTheEnumInOrder() {
        MainActor.assumeIsolated {
            let prefs = Preferences(settings: nil)
            let parent = Window()
            let window = ShopperPreferencesWindow(preferences: prefs, parent: parent)
            XCTAssertEqual(window.rows.map(\.row), PreferenceRow.allCases)
            XCTAssertEqual(window.rows.map(\.title), PreferenceRow.allCases.map(\.title))
            window.window.destroy()
            parent.destroy()
        }
    }

    func testShortcutsWindowIsGeneratedFromTheActionTable() {
        MainActor.assumeIsolated {
            let xml = ShortcutsWindowXML.xml
            for a in AppAction.allCases {
                for (target, keys) in a.accelerators {
                    // Alt+1 to Alt+9 are one line, a range.
                    if a == .switchList, let n = Int(target ?? "") {
                        if n == 1 { XCTAssertTrue(xml.contains(Markup.escape("<Alt>1...<Alt>9"))) }
                        continue
                    }
                    XCTAssertTrue(xml.contains(Markup.escape(a.shortcutTitle(target: target))), a.rawValue)
                    XCTAssertTrue(xml.contains(Markup.escape(keys.joined(separator: " "))), a.rawValue)
                }
            }
            let built = ShortcutsWindow.build(xml: xml)
            guard case .success(let window) = built else { return XCTFail("invalid shortcuts XML: \(built)") }
            window.destroy()
        }
    }

    func testEditorRefusesInvalidInputAndSavesValidInput() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            let id = try model.items.add(ItemFields(description: "Tea", price: 2))
            let harness = try WindowHarness(model: model)
            defer { harness.close() }
            harness.window.items.openEditor(id)
            let editor = harness.window.items.editor
            editor.set(.quantity, "0")
            editor.set(.price, "abc")
            XCTAssertEqual(editor.errorText(.quantity), "Quantity must be more than zero.")
            XCTAssertEqual(editor.errorText(.price), "Cost must be a number, such as 1.29.")
            XCTAssertFalse(editor.canSave)
            editor.pressSave()
            XCTAssertEqual(model.items.item(id)?.quantity, 1, "nothing saved while invalid")
            XCTAssertTrue(harness.window.items.isEditing)
            editor.set(.quantity, "3")
            editor.set(.price, "2.5")
            XCTAssertTrue(editor.canSave)
            editor.pressSave()
            XCTAssertEqual(model.items.item(id)?.quantity, 3)
            XCTAssertEqual(model.items.item(id)?.price, Decimal(string: "2.5"))
            XCTAssertFalse(harness.window.items.isEditing)
        }
    }
}
