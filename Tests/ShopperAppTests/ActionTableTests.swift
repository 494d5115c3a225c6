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

    /// A row's menu shows each item's key, and on All Items says what it does to the item.
    func testRowMenusShowTheirKeysAndSayWhatTheyDo() {
        MainActor.assumeIsolated {
            @MainActor func entries(_ menu: Menu) -> [(label: String, accel: String?)] {
                let model = UnsafeMutablePointer<GMenuModel>(menu.raw)
                var out: [(String, String?)] = []
                for i in 0..<g_menu_model_get_n_items(model) {
                    guard let section = g_menu_model_get_item_link(model, i, "section") else { continue }
                    for j in 0..<g_menu_model_get_n_items(section) {
                        let string = { (name: String) -> String? in
                            guard let v = g_menu_model_get_item_attribute_value(section, j, name, nil) else { return nil }
                            defer { g_variant_unref(v) }
                            return String(cString: g_variant_get_string(v, nil))
                        }
                        out.append((string("label") ?? "", string("accel")))
                    }
                    g_object_unref(UnsafeMutableRawPointer(section))
                }
                return out
            }
            for kind in ListKind.allCases {
                let items = entries(MainWindow.rowMenu(for: kind))
                XCTAssertEqual(items.count, 5, "\(kind)")
                for item in items { XCTAssertNotNil(item.accel, "\(item.label) on \(kind) shows its key") }
                XCTAssertEqual(items.map(\.accel), ["space", "F2", "<Alt>Up", "<Alt>Down", "Delete"])
            }
            XCTAssertEqual(entries(MainWindow.rowMenu(for: .all, needed: false)).first?.label, "Put on the Shopping List")
            XCTAssertEqual(entries(MainWindow.rowMenu(for: .all, needed: true)).first?.label, "Take Off the Shopping List")
            XCTAssertEqual(entries(MainWindow.rowMenu(for: .shopping)).first?.label, "Put in Cart")
        }
    }
}
