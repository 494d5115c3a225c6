import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// The row a person just changed is in view, whole, with its section header when it leads its
/// aisle, and above the toast that speaks of it: after Undo of a tick, an add, and Alt+Up.
final class ChangedRowInViewTests: GtkTestCase {
    /// 8 aisles of 8 items, all needed: longer than a phone's screen.
    @MainActor private static func model() throws -> ShoppingModel {
        let model = try ShoppingModel(store: temporaryStore())
        for a in 1...8 {
            for i in 1...8 { try model.items.add(ItemFields(description: "Item \(a)-\(i)", price: 1, aisle: "Aisle \(a)")) }
        }
        return model
    }

    /// Fails unless the item's row (and its header, when it leads the aisle) lies inside the list's
    /// visible area and above any toast.
    @MainActor private static func assertInView(_ id: ItemID, _ window: MainWindow, withHeader: Bool, toast: Bool = true, _ what: String,
                                         file: StaticString = #filePath, line: UInt = #line) {
        let page = window.currentPage
        let root = window.window.widget
        guard let row = page.boundRows.first(where: { $0.itemID == id && $0.root.widget.isMapped }),
              let r = row.root.widget.bounds(in: root), let list = page.scrolled.widget.bounds(in: root) else {
            return XCTFail("\(what): the row is not on screen", file: file, line: line)
        }
        XCTAssertGreaterThanOrEqual(r.y, list.y - 0.5, "\(what): the row's top is in view", file: file, line: line)
        XCTAssertLessThanOrEqual(r.y + r.height, list.y + list.height + 0.5, "\(what): the row's foot is in view", file: file, line: line)
        // A step that says so in a toast (an add, an undo): the toast is there, and the row above it.
        if toast {
            guard let shown = window.toast.overlay.toastWidgets.last, shown.isMapped, let t = shown.bounds(in: root) else {
                return XCTFail("\(what): no toast on screen", file: file, line: line)
            }
            XCTAssertLessThanOrEqual(r.y + r.height, t.y, "\(what): the row is above the toast", file: file, line: line)
        }
        if withHeader {
            let aisle = window.model.items.item(id)?.aisle ?? ""
            let header = page.boundRows.first { $0.captionText?.hasPrefix(aisle + " ·") == true && $0.root.widget.isMapped }
            let h = header.flatMap { $0.root.widget.bounds(in: root) }
            XCTAssertNotNil(h, "\(what): the header of \(aisle) is on screen", file: file, line: line)
            if let h { XCTAssertGreaterThanOrEqual(h.y, list.y - 0.5, "\(what): the header is in view", file: file, line: line) }
        }
    }

    func testUndoOfATickShowsTheRowWithItsHeaderAboveTheToast() throws {
        try MainActor.assumeIsolated {
            let model = try Self.model()
            let harness = try WindowHarness(model: model, size: (360, 640))
            defer { harness.close() }
            let window = harness.window
            window.show(.shopping)
            waitForFrame(window.window.widget)
            let page = window.page(.shopping)
            let id = try XCTUnwrap(model.items.allItems().first { $0.description == "Item 7-1" }?.id)
            page.scrolled.scrollOffset = page.scrolled.maxScrollOffset
            waitForFrame(window.window.widget)
            window.items.perform(.tick, on: id)
            iterate(until: { page.projection.index(of: id) == nil }, "the tick")
            page.scrolled.scrollOffset = 0
            waitForFrame(window.window.widget)
            window.undo()
            runTimeoutsAdded(upTo: UInt32(Int(ListPage.toastRoomMS) + 300), "the timers due by then")
            Self.assertInView(id, window, withHeader: true, "undo of a tick")
        }
    }

    func testAnAddedItemIsInViewAndTheFocusStaysInTheAddBar() throws {
        try MainActor.assumeIsolated {
            let model = try Self.model()
            let harness = try WindowHarness(model: model, size: (360, 640))
            defer { harness.close() }
            let window = harness.window
            waitForFrame(window.window.widget)
            window.strip.addBar.focus()
            // An item added to the foot of the list; one that leads a new aisle comes with its header.
            for (line, name, header) in [("Zucchini [Aisle 8]", "Zucchini", false), ("Apricots [Aisle 9]", "Apricots", true)] {
                window.strip.addBar.entry.text = line
                window.strip.addBar.submit()
                runTimeoutsAdded(upTo: UInt32(Int(ListPage.toastRoomMS) + 300), "the timers due by then")
                let id = try XCTUnwrap(model.items.allItems().first { $0.description == name }?.id)
                Self.assertInView(id, window, withHeader: header, "adding \(line)")
                XCTAssertTrue(window.strip.addBar.entry.widget.containsFocus, "the add bar keeps the focus")
            }
        }
    }

    func testAltUpToTheHeadOfItsAisleShowsTheHeaderToo() throws {
        try MainActor.assumeIsolated {
            let model = try Self.model()
            let harness = try WindowHarness(model: model, size: (360, 640))
            defer { harness.close() }
            let window = harness.window
            waitForFrame(window.window.widget)
            let page = window.page(.all)
            let id = try XCTUnwrap(model.items.allItems().first { $0.description == "Item 4-2" }?.id)
            page.select(id)
            waitForFrame(window.window.widget)
            // Scrolled so that Aisle 4's header is just above the top edge, Item 4-1 the top row.
            let header = try XCTUnwrap((0..<page.projection.count).first { page.projection.row(identity: page.projection.identity(at: $0)).map { "\($0)".contains("Aisle 4") } == true && page.projection.itemID(at: $0) == nil })
            let h = (page.scrolled.maxScrollOffset + page.scrolled.pageSize) / Double(page.projection.count)
            page.scrolled.scrollOffset = Double(header + 1) * h
            waitForFrame(window.window.widget)
            page.moveSelected(by: -1)
            runTimeoutsAdded(upTo: UInt32(Int(ListPage.toastRoomMS) + 300), "the timers due by then")
            XCTAssertEqual(page.projection.index(of: id), header + 1, "Item 4-2 leads Aisle 4")
            Self.assertInView(id, window, withHeader: true, toast: false, "Alt+Up")
        }
    }
}
