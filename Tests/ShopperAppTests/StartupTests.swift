import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// Start-up builds what the first frame shows: the list on screen, not the lists behind it. A
/// list built later shows everything that happened meanwhile.
final class StartupTests: GtkTestCase {
    func testListsAreBuiltWhenFirstShown() throws {
        try MainActor.assumeIsolated {
            let (model, milk, harness) = try Self.startedWithMilk()
            defer { harness.close() }
            let window = harness.window
            XCTAssertEqual(window.pageStack.builtLists.map(\.kind), [.all], "only the list on screen is built")

            // Meanwhile: ticked (into the Cart), and a preference changed.
            try model.items.tick(milk)
            window.preferences.set(.showCost, false)
            window.show(.cart)
            waitForFrame(window.window.widget, "the Cart drawn")
            XCTAssertEqual(window.pageStack.builtLists.map(\.kind), [.all, .cart])
            let cart = window.page(.cart)
            XCTAssertEqual(cart.projection.itemCount, 1)
            let row = try XCTUnwrap(cart.boundRows.first { $0.itemID == milk })
            XCTAssertNotNil(row.presentation)
            XCTAssertNotEqual(row.presentation?.left, .cost, "built with the preferences of the moment")
            XCTAssertNotEqual(row.presentation?.right, .cost)
            let shown = window.window.widget.drawnContent().compactMap { _, c -> String? in
                if case .text(let t) = c { return t } else { return nil }
            }
            XCTAssertTrue(shown.contains("Milk"), "\(shown)")
            XCTAssertTrue(shown.contains("Finish Shopping"), "the Cart's footer came with it")
            window.preferences.set(.showCost, true)
        }
    }

    /// The Searches page and the item editor are not on the first frame: each is built when first
    /// shown, with what happened meanwhile, and works as if it had always been there.
    func testSearchesAndTheEditorAreBuiltWhenFirstShown() throws {
        try MainActor.assumeIsolated {
            let (model, milk, harness) = try Self.startedWithMilk()
            defer { harness.close() }
            let window = harness.window
            XCTAssertNil(window.pageStack.searches, "the Searches page is not on screen")
            XCTAssertNil(window.items.place.editor, "nor is the editor")

            // Meanwhile: a search saved and the currency changed.
            _ = try model.searches.saveSearch(name: "Dairy", query: "aisle:dairy")
            harness.preferences.set(.currency, "CHF")
            // Ctrl+4 from a row: the keyboard focus follows into the page, built in time to take it.
            XCTAssertTrue(window.currentPage.focusRows())
            // The row takes the focus in an idle moment after it is chosen (`ListPage.select`).
            waitUntil({ window.currentPage.focusPending == nil }, "the focus given to the row")
            XCTAssertTrue(window.currentPage.listView.widget.containsFocus)
            ActionMap(window.window).activate(AppAction.showList.rawValue, AppAction.searchesPage)
            waitForFrame(window.window.widget, "the Searches page drawn")
            waitUntil({ window.pageStack.searches?.root.widget.containsFocus == true }, "the focus in the Searches page")
            let searches = try XCTUnwrap(window.pageStack.searches)
            XCTAssertTrue(searches.root.widget.containsFocus, "focus went into the Searches page")
            XCTAssertEqual(searches.names, ["Dairy"])
            XCTAssertTrue(window.window.widget.drawnContent().contains { _, c in
                if case .text(let t) = c { return t == "Dairy" } else { return false }
            }, "the page is drawn in the stack")
            XCTAssertEqual(window.strip.totalsText, "1 saved search")
            _ = try model.searches.saveSearch(name: "Fruit", query: "aisle:fruit")
            XCTAssertEqual(searches.names, ["Dairy", "Fruit"], "and follows the model once built")

            window.show(.all)
            waitForFrame(window.window.widget, "All Items drawn")
            window.items.openEditor(milk)
            waitUntil({ window.items.place.editor?.page.widget.isDrawable == true }, "the editor in its place")
            let editor = try XCTUnwrap(window.items.place.editor)
            XCTAssertTrue(window.items.isEditing)
            XCTAssertEqual(editor.itemID, milk)
            XCTAssertTrue(editor.page.widget.isDrawable, "the editor slid into its place")
            XCTAssertEqual(editor.money.currencyCode, "CHF", "built with the preferences of the moment")
            editor.set(.quantity, "3")
            window.items.closeEditor()
            waitUntil({ !window.items.isEditing }, "the editor closed")
            XCTAssertFalse(window.items.isEditing)
            XCTAssertEqual(model.items.item(milk)?.quantity, 3, "closing kept the change")
        }
    }

    /// What the first screen does not show waits for its first use, and then works: the header's
    /// menu (GTK builds a widget per item once a menu is set) is built as it opens, the Recipes place
    /// (header, switchers, menu) when it is shown, and the add bar's completion is attached after
    /// the first frame.
    func testMenusTheRecipesPlaceAndCompletionWaitForTheirFirstUse() throws {
        try MainActor.assumeIsolated {
            let (_, _, harness) = try Self.startedWithMilk()
            defer { harness.close() }
            let window = harness.window
            @MainActor func menuButtons(in root: Widget) -> [Widget] {
                root.descendants().filter {
                    g_type_check_instance_is_a(UnsafeMutableRawPointer($0.raw).assumingMemoryBound(to: GTypeInstance.self),
                                               gtk_menu_button_get_type()) != 0
                }
            }
            let buttons = menuButtons(in: window.window.widget)
            XCTAssertFalse(buttons.isEmpty)
            for b in buttons { XCTAssertNil(gtk_menu_button_get_popover(b.opaque), "no menu built before it opens: \(b.typePath)") }
            XCTAssertNil(window.recipes.place.builtPage, "the Recipes page is not built")
            XCTAssertFalse(menuButtons(in: window.recipes.place.root.widget).contains { gtk_menu_button_get_popover($0.opaque) != nil },
                           "nor the menu of the Recipes place's header, built after the first frame")
            XCTAssertNotNil(gtk_entry_get_completion(window.strip.addBar.entry.widget.typedPointer()), "completion attached after the first frame")

            // The main menu opens with its items, as F10 or a click opens it.
            let main = try XCTUnwrap(buttons.first { gtk_menu_button_get_primary($0.opaque) != 0 && $0.isDrawable })
            gtk_menu_button_popup(main.opaque)
            waitUntil({ gtk_menu_button_get_popover(main.opaque).map { Widget(unsafe: UnsafeMutableRawPointer($0)).isDrawable } == true },
                 "the main menu open")
            let popover = try XCTUnwrap(gtk_menu_button_get_popover(main.opaque))
            let menu = Widget(unsafe: UnsafeMutableRawPointer(popover))
            XCTAssertTrue(menu.isDrawable, "the menu is open")
            let titles = menu.descendants().compactMap(\.labelText)
            for action in [AppAction.newList, .importItems, .preferences] {
                XCTAssertTrue(titles.contains(action.title), "\(action.title) in \(titles)")
            }
            gtk_menu_button_popdown(main.opaque)
            waitUntil({ !Widget(unsafe: UnsafeMutableRawPointer(popover)).isDrawable }, "the main menu closed")

            // The Recipes place, built as it is shown: its header with its own main menu, and its
            // bottom bar in the place kept for it.
            window.recipes.show()
            waitUntil({ window.recipes.place.root.widget.isDrawable }, "the Recipes place shown")
            waitForFrame(window.window.widget, "the Recipes place drawn")
            XCTAssertNotNil(window.recipes.place.builtPage)
            XCTAssertFalse(menuButtons(in: window.recipes.place.root.widget).isEmpty, "the Recipes header has its menu")
            XCTAssertNotNil(window.recipes.place.barPlace.widget.firstChild)
            XCTAssertTrue(window.recipes.place.root.widget.isDrawable)
            window.show(.all)
            window.showLists()
            waitUntil({ window.currentPage.listView.widget.isDrawable }, "the list shown again")
            XCTAssertTrue(window.currentPage.listView.widget.isDrawable, "and back to the list")
        }
    }

    /// A window at its default size over one item, Milk, past its first frames.
    /// The Recipes place's header and stack are built in an idle moment after the first frame:
    /// neither in that frame nor in the frame that first shows Recipes.
    func testTheRecipesPlaceIsBuiltAfterTheFirstFrame() throws {
        try MainActor.assumeIsolated {
            var builtAtFirstFrame: Bool?
            let harness = try WindowHarness(model: try ShoppingModel(store: temporaryStore()), size: (600, 720)) { window in
                window.window.afterFirstFrame { builtAtFirstFrame = window.recipes.place.isBuilt }
            }
            defer { harness.close() }
            XCTAssertEqual(builtAtFirstFrame, false, "not in the first frame")
            XCTAssertTrue(harness.window.recipes.place.isBuilt, "built in an idle moment after it")
            XCTAssertNil(harness.window.recipes.place.builtPage, "its pages wait until shown")
            XCTAssertFalse(harness.window.recipes.place.root.widget.isDrawable)
        }
    }

    @MainActor private static func startedWithMilk() throws -> (ShoppingModel, ItemID, WindowHarness) {
        let model = try ShoppingModel(store: temporaryStore())
        let milk = try model.items.add(ItemFields(description: "Milk", price: 1))
        let harness = try WindowHarness(model: model, size: (600, 720))
        waitForFrame(harness.window.window.widget, "a frame past the first")
        return (model, milk, harness)
    }

    /// The items' search texts are made on a worker thread after the first frame, so a search
    /// typed at once finds them made without the main thread having made them.
    func testSearchTextsAreMadeOnAWorkerAfterTheFirstFrame() throws {
        let folder = NSTemporaryDirectory() + "shopper-texts-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + Store.fileName
        try MainActor.assumeIsolated {
            try kept(ShoppingModel(store: Store(path: path))) { try $0.items.add(batch: (0..<30_000).map {
                ImportedItem(fields: ItemFields(description: "Item \($0)", aisle: "Aisle \($0 % 9)"), needed: true, inCart: false)
            }) }
            let model = try ShoppingModel(store: Store(path: path))
            XCTAssertFalse(model.searches.texts.complete)
            let harness = try WindowHarness(model: model, size: (600, 720))
            defer { harness.close() }
            XCTAssertTrue(MainLoop.iterate(until: { model.searches.texts.complete }, timeoutSeconds: 20))
            XCTAssertGreaterThan(model.searches.textsFromReader, 29_000, "made by the worker, not by the main thread")
            XCTAssertNil(model.searches.searchTextReader(), "the worker is done")
            harness.window.search.panel.bar.isOpen = true
            harness.window.search.panel.bar.type("item 29999")
            harness.window.search.apply()
            let page = harness.window.page(.all)
            XCTAssertEqual((0..<page.projection.count).compactMap(page.projection.itemID), [ItemID(30_000)])
        }
    }

    /// A row's edit button keeps its tooltip though it is given before the row is on screen.
    func testRowButtonsHaveTooltips() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            try model.items.add(ItemFields(description: "Bread"))
            let harness = try WindowHarness(model: model, size: (600, 720))
            defer { harness.close() }
            waitUntil({ harness.window.page(.all).boundRows.contains { $0.itemID != nil } }, "Bread's row bound")
            waitForFrame(harness.window.window.widget, "Bread's row drawn")
            let row = try XCTUnwrap(harness.window.page(.all).boundRows.first { $0.itemID != nil })
            XCTAssertEqual(row.editButton.widget.tooltipText, "Edit")
            XCTAssertTrue(row.editButton.widget.isDrawable)
        }
    }

    /// What the money patterns kept between starts are kept for: this build, named by the build id
    /// the linker wrote (as readelf reads it from the file), not by where the file is.
    func testABuildIsNamedByItsBuildID() throws {
        let readelf = Process()
        readelf.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
        readelf.arguments = ["-n", URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path]
        let out = Pipe()
        readelf.standardOutput = out
        try readelf.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        readelf.waitUntilExit()
        let id = try XCTUnwrap(text.split(separator: "\n").first { $0.contains("Build ID:") }?.split(separator: " ").last)
        XCTAssertEqual(MainActor.assumeIsolated { Toolkit.buildIdentity() }, String(id))
    }
}

/// The first frame's rows fill the window and no more: each row is a dozen widgets.
final class FirstScreenfulTests: GtkTestCase {
    func testTheFirstScreenfulFillsTheWindowAtTheRowHeightTheStylesheetGives() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            for n in 1...200 { try model.items.add(ItemFields(description: "Item \(n)")) }
            let harness = try WindowHarness(model: model, size: (600, 1000))
            defer { harness.close() }
            waitForFrame(harness.window.window.widget, "the rows drawn at their height")
            let page = harness.window.page(.all)
            // Rows GTK keeps beyond the view are bound but not laid out (height 0).
            let heights = page.boundRows.filter { $0.itemID != nil }.map { Int($0.root.widget.height) }.filter { $0 > 0 }
            XCTAssertFalse(heights.isEmpty)
            // A row of a description alone is as short as a row gets: the height the count is made of.
            XCTAssertEqual(heights.min(), ListPage.rowHeight, "shopper.css's .shopper-row min-height")
            // The window's height on screen: its surface less the shadow around it, which is a
            // little taller below than above (the window is 1000 px without it).
            XCTAssertEqual(Double(Screenful.height), 1000, accuracy: 16, "the window's height")
            XCTAssertGreaterThanOrEqual(ListPage.firstScreenful * ListPage.rowHeight, 1000 + ListPage.rowHeight,
                                        "a row cut at the top and at the bottom")
            XCTAssertLessThan(ListPage.firstScreenful, 30, "not screenfuls more than a window shows")
            XCTAssertLessThanOrEqual(Int(page.scrolled.widget.height), 1000)
            // Made shorter once shown (a desktop tiling or maximizing it does the same): the
            // height it has, not the one it asked for first.
            harness.window.window.defaultSize(600, 600)
            iterate(until: { abs(Screenful.height - 600) <= 16 }, "the height the window has")
            // Before a window has a height: the tallest screen's.
            Screenful.window(height: 0)
            defer { Screenful.window(height: 600) }
            XCTAssertEqual(Screenful.height, Toolkit.tallestScreen)
            XCTAssertEqual(Toolkit.tallestScreen, 1024, "Xvfb's screen in make test")
        }
    }

    /// A window as tall as the one Shopper opens (720 px) builds the rows it shows in its first
    /// frame, not the tallest screen's (21 on the tests' 1024 px screen): a third fewer widgets.
    func testTheFirstFrameBuildsTheRowsTheWindowShows() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            for n in 1...200 { try model.items.add(ItemFields(description: "Item \(n)")) }
            var builtAtFirstFrame: Int?
            let harness = try WindowHarness(model: model, size: (600, 720)) { window in
                window.window.afterFirstFrame { builtAtFirstFrame = window.page(.all).rowsBuilt }
            }
            defer { harness.close() }
            iterate(until: { builtAtFirstFrame != nil }, "the first frame")
            let built = try XCTUnwrap(builtAtFirstFrame)
            XCTAssertEqual(built, 720 / ListPage.rowHeight + 2, "the window's rows and one cut at each edge")
            XCTAssertLessThan(built, try XCTUnwrap(Toolkit.tallestScreen) / ListPage.rowHeight + 2)
            // The window's foot has rows too, and the rest follow the first frame.
            let page = harness.window.page(.all)
            iterate(until: { page.allRowsShown }, "every row shown after the first frame")
            let rows = page.boundRows.filter { $0.root.widget.height > 0 }
            let lowest = rows.compactMap { $0.root.widget.bounds(in: page.scrolled.widget) }.map { $0.y + $0.height }.max() ?? 0
            XCTAssertGreaterThanOrEqual(lowest, Double(page.scrolled.widget.height), "rows to the foot of the list")
        }
    }

    /// After a screenful, the rest of GTK's window of rows comes a few rows a frame: built at once,
    /// it was one long frame. A change meanwhile is told among the rows shown and keeps that pace.
    func testTheRowsAfterTheFirstScreenfulComeAFewAFrame() throws {
        try assertAClearedSearchComesBackAFewRowsAFrame(clearedWhileRowsStillCome: false)
    }

    /// Cleared while the search's own rows are still coming: a screenful again, not the rows
    /// shown so far all at once.
    func testASearchClearedWhileItsRowsStillComeShowsAScreenfulFirst() throws {
        try assertAClearedSearchComesBackAFewRowsAFrame(clearedWhileRowsStillCome: true)
    }

    private func assertAClearedSearchComesBackAFewRowsAFrame(clearedWhileRowsStillCome: Bool) throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            try model.items.add(batch: (1...3000).map { ImportedItem(fields: ItemFields(description: "Item \($0)")) })
            let harness = try WindowHarness(model: model, size: (600, 1000))
            defer { harness.close() }
            let window = harness.window, page = window.page(.all)
            iterate(until: { page.allRowsShown }, "every row shown after start-up")
            window.search.panel.bar.isOpen = true
            window.search.panel.bar.text = "item 1"
            window.search.apply()
            if clearedWhileRowsStillCome {
                var frames = 0
                // One frame: the matches' first screenful is drawn, the next rows come in the frames after.
                page.listView.widget.afterNextFrame { _ in frames += 1 }
                iterate(until: { frames >= 1 }, "a frame")
                XCTAssertFalse(page.allRowsShown, "the matches' rows still coming")
            } else {
                iterate(until: { page.allRowsShown }, "every match shown")
                waitForFrame(window.window.widget, "the last matches drawn")
            }
            // Cleared: three thousand rows come back at the top, a screenful in the first frame.
            var boundEachFrame: [Int] = []
            @MainActor func record() {
                page.listView.widget.afterNextFrame { _ in
                    boundEachFrame.append(page.boundRows.count)
                    if boundEachFrame.count < 30 { record() }
                }
            }
            window.search.panel.bar.text = ""
            window.search.apply()
            record()
            iterate(until: { boundEachFrame.count >= 2 }, "two frames")
            XCTAssertFalse(page.allRowsShown, "rows still to come")
            let top = try XCTUnwrap((0..<3).lazy.compactMap(page.projection.itemID).first)
            try model.items.delete([top])
            iterate(until: { boundEachFrame.count >= 30 }, "thirty frames")
            XCTAssertTrue(page.allRowsShown)
            // The bounds are written out, not read from the constants they check, so a change of
            // ListPage.firstScreenful, rowsPerFrame or RowListModel.gtkWindow shows up here too:
            // 21 rows is the 1000 px window over 52 px rows, and one cut at each edge
            // (1000 / 52 + 2); 16 rows a frame is a third of a frame's time; 31 rows is what GTK
            // 4.8's list view keeps a widget for after the top one.
            // A screenful from where the change began (rows above it that stayed keep theirs).
            XCTAssertLessThanOrEqual(boundEachFrame[0], 21 + 4, "\(boundEachFrame)")
            for (a, b) in zip(boundEachFrame, boundEachFrame.dropFirst()) {
                XCTAssertLessThanOrEqual(b - a, 16, "rows bound from one frame to the next: \(boundEachFrame)")
            }
            XCTAssertGreaterThanOrEqual(boundEachFrame.last!, 31, "then GTK's window of rows: \(boundEachFrame)")
            // Of three thousand rows, widgets for about a screenful and a half (a list view kept 200).
            XCTAssertLessThanOrEqual(boundEachFrame.last!, 31 + 2, "\(boundEachFrame)")
            XCTAssertNil(page.projection.index(of: top), "the deleted row left")
        }
    }
}
