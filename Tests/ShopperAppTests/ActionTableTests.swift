import CGtk
import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// The action table drives the app: every window action exists on the window, every accelerator is
/// set, every one appears in the shortcuts window, and enabling follows state.
final class ActionTableTests: GtkTestCase {
    func testEveryActionExistsWithItsAcceleratorsAndInTheShortcutsWindow() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: nil)
            try model.add(ItemFields(description: "Apples"))
            let harness = try WindowHarness(model: model)
            defer { harness.close() }
            AppAction.setAccelerators(on: harness.app)
            let win = ActionMap(harness.window.window)
            let xml = ShortcutsWindowXML.xml
            for action in AppAction.allCases {
                if action.scope == .win { XCTAssertTrue(win.has(action.rawValue), "win.\(action.rawValue) exists") }
                for (target, keys) in action.accelerators {
                    if !action.isRowAction {
                        XCTAssertEqual(harness.app.accelerators(for: action.detailedName(target: target)), keys, action.rawValue)
                    }
                    XCTAssertTrue(xml.contains(Markup.escape(action.shortcutTitle(target: target))), "\(action.rawValue) in the shortcuts window")
                }
            }
        }
    }

    func testEnablingFollowsState() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: nil)
            let id = try model.add(ItemFields(description: "Apples"))
            let harness = try WindowHarness(model: model)
            defer { harness.close() }
            let window = harness.window
            let win = ActionMap(window.window)
            window.show(.shopping)
            settle()
            XCTAssertFalse(win.isEnabled("tick"), "nothing selected")
            XCTAssertFalse(win.isEnabled("finish-shopping"), "an empty cart")
            XCTAssertTrue(win.isEnabled("undo"))
            window.currentPage.select(id)
            settle()
            XCTAssertTrue(win.isEnabled("tick"))
            XCTAssertFalse(win.isEnabled("untick"), "not on the shopping list")
            win.activate("tick")
            settle(Int(RowWidget.leaveMS) + 150)
            XCTAssertTrue(model.item(id)!.inCart)
            XCTAssertTrue(win.isEnabled("finish-shopping"))
            // The Cart's button follows the action (GtkActionable): sensitive now.
            window.openEditor(id)
            settle()
            for name in ["show-list", "undo", "finish-shopping", "search", "edit"] {
                XCTAssertFalse(win.isEnabled(name), "\(name) waits while the editor is open")
            }
            window.closeEditor()
            settle()
            XCTAssertTrue(win.isEnabled("show-list"))
            win.activate("show-list", "cart")
            XCTAssertEqual(window.currentListPage?.kind, .cart)
        }
    }
}
