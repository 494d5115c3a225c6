import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// The action table drives the app: every window action exists on the window, every accelerator is
/// set, every one appears in the shortcuts window, and enabling follows state.
final class ActionTableTests: GtkTestCase {
    func testEveryActionExistsWithItsAcceleratorsAndInTheShortcutsWindow() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            try model.items.add(ItemFields(description: "Apples"))
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
            // The keys a person knows, written out here rather than read back from the table.
            let keys: [String: [String]] = [
                "win.undo": ["<Control>z"], "win.redo": ["<Shift><Control>z"], "win.search": ["<Control>f"],
                "win.add-item": ["<Control>n"], "win.new-list": ["<Shift><Control>n"], "win.finish-shopping": ["<Control>Return"],
                "win.import": ["<Control>o"], "win.export": ["<Control>e"], "app.preferences": ["<Control>comma"],
                "win.shortcuts": ["<Control>question"], "win.close": ["<Control>w"], "app.quit": ["<Control>q"],
                "win.sync-now": ["<Control>r"], "win.show-list::all": ["<Control>1"], "win.show-list::shopping": ["<Control>2"],
                "win.show-list::cart": ["<Control>3"], "win.show-list::searches": ["<Control>4"], "win.show-list::trips": ["<Control>5"],
                "win.switch-list::next": ["<Control>Page_Down"], "win.switch-list::previous": ["<Control>Page_Up"],
                "win.switch-list::1": ["<Alt>1"], "win.switch-list::9": ["<Alt>9"],
            ]
            for (name, expected) in keys { XCTAssertEqual(harness.app.accelerators(for: name), expected, name) }
        }
    }

    func testEnablingFollowsState() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            let id = try model.items.add(ItemFields(description: "Apples"))
            let harness = try WindowHarness(model: model)
            defer { harness.close() }
            let window = harness.window
            let win = ActionMap(window.window)
            window.show(.shopping)
            waitForFrame(window.window.widget)
            XCTAssertFalse(win.isEnabled("tick"), "nothing selected")
            XCTAssertFalse(win.isEnabled("finish-shopping"), "an empty cart")
            XCTAssertTrue(win.isEnabled("undo"))
            window.currentPage.select(id)
            waitForFrame(window.window.widget)
            XCTAssertTrue(win.isEnabled("tick"))
            XCTAssertFalse(win.isEnabled("untick"), "not on the shopping list")
            win.activate("tick")
            runTimeoutsAdded(upTo: UInt32(Int(RowWidget.leaveMS) + 150), "the timers due by then")
            XCTAssertTrue(model.items.item(id)!.inCart)
            XCTAssertTrue(win.isEnabled("finish-shopping"))
            // The Cart's button follows the action (GtkActionable): sensitive now.
            window.items.openEditor(id)
            waitForFrame(window.window.widget)
            for name in ["show-list", "undo", "finish-shopping", "search", "edit"] {
                XCTAssertFalse(win.isEnabled(name), "\(name) waits while the editor is open")
            }
            window.items.closeEditor()
            waitForFrame(window.window.widget)
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
                let items = entries(Menus.row(for: kind))
                XCTAssertEqual(items.count, 5, "\(kind)")
                for item in items { XCTAssertNotNil(item.accel, "\(item.label) on \(kind) shows its key") }
                XCTAssertEqual(items.map(\.accel), ["space", "F2", "<Alt>Up", "<Alt>Down", "Delete"])
            }
            XCTAssertEqual(entries(Menus.row(for: .all, needed: false)).first?.label, "Put on the Shopping List")
            XCTAssertEqual(entries(Menus.row(for: .all, needed: true)).first?.label, "Take Off the Shopping List")
            XCTAssertEqual(entries(Menus.row(for: .shopping)).first?.label, "Put in Cart")
        }
    }
}
