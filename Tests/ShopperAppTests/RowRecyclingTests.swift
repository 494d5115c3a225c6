import CGtk
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// A recycled row widget must look exactly like a new one showing the same row, whatever it showed
/// before: GTK hands one widget to header, item and end rows in turn as the list scrolls, searches
/// and changes.
final class RowRecyclingTests: GtkTestCase {
    private enum Kind: CaseIterable {
        case header, item, note, highlighted, dimmed, end
    }

    @MainActor
    private static func show(_ kind: Kind, on row: RowWidget, money: MoneyFormat) {
        let apples = Item(id: ItemID(1), description: "Apples", quantity: 2, unit: "kg", price: Decimal(string: "1.29"),
                          aisle: "Fruit", needed: true)
        let present = { (list: ListKind) in { (item: Item) in
            RowPresentation(options: DisplayOptions(), list: list, item: item, money: money) } }
        switch kind {
        case .header:
            row.show(.header(title: "Fruit & Veg", totals: Totals(count: 3, cost: 4)), money: money, presentation: present(.shopping))
        case .item:
            row.show(.item(apples), money: money, presentation: present(.shopping))
        case .note:
            var noted = apples
            noted.notes = "the crisp ones, not the soft"
            row.show(.item(noted), money: money, presentation: present(.shopping))
        case .highlighted:
            row.show(.item(apples), money: money, highlights: { t in [t.range(of: "ppl")!] }, presentation: present(.shopping))
        case .dimmed:
            var unneeded = apples
            unneeded.needed = false
            row.show(.item(unneeded), money: money, presentation: present(.all))
        case .end:
            row.show(.end(Totals(count: 5, cost: Decimal(string: "12.5")!)), money: money, presentation: present(.shopping))
        }
    }

    func testARecycledRowLooksLikeANewOneOfItsKind() {
        Self.withRows { rows, money in
            var failures: [String] = []
            for before in Kind.allCases {
                for after in Kind.allCases where after != before {
                    Self.show(before, on: rows.recycled, money: money)
                    runTimeoutsAdded(upTo: 60, "the timers due in 60 ms")
                    rows.throughThePool { runTimeoutsAdded(upTo: 20, "the timers due in 20 ms") }
                    Self.show(after, on: rows.recycled, money: money)
                    runTimeoutsAdded(upTo: 60, "the timers due in 60 ms")
                    if let unlike = rows.unlike(after, "\(after)-after-\(before)") { failures.append(unlike) }
                }
            }
            XCTAssertEqual(failures, [], "recycled rows that look unlike a new row of their kind (renders in out/screenshots)")
        }
    }

    /// A row that waited in the pool while the text's size or font changed (Large Text, another
    /// interface font) comes back in the new one, as the rows that stayed on screen did.
    func testARowThatWaitedThroughAFontChangeComesBackInTheNewFont() throws {
        try Self.withRows { rows, money in
            let settings = gtk_settings_get_default()!
            var failures: [String] = []
            // Large Text raises the resolution (GNOME's text scaling factor reaches GTK as Xft/DPI).
            let changes: [(String, (inout GValue) -> Void)] = [
                ("gtk-xft-dpi", { g_value_init(&$0, g_type_from_name("gint")); g_value_set_int(&$0, 144 * 1024) }),
                ("gtk-font-name", { g_value_init(&$0, shopper_type_string()); g_value_set_string(&$0, "Serif 14") }),
            ]
            for (name, make) in changes {
                for (shown, after) in [(Kind.header, Kind.end), (.item, .note), (.end, .header)] {
                    Self.show(shown, on: rows.recycled, money: money)
                    runTimeoutsAdded(upTo: 60, "the timers due in 60 ms")
                    let plain = try XCTUnwrap(Snapshot(rows.fresh[after]!.root.widget))
                    // Whatever happens below: a setting left changed would change every later test's renders.
                    defer {
                        gtk_settings_reset_property(settings, name)
                        runTimeoutsAdded(upTo: 100, "the timers due in 100 ms")
                    }
                    rows.throughThePool {
                        var value = GValue()
                        make(&value)
                        g_object_set_property(gobject(UnsafeMutableRawPointer(settings)), name, &value)
                        g_value_unset(&value)
                        runTimeoutsAdded(upTo: 100, "the timers due in 100 ms")
                    }
                    // Else the case proves nothing: the rows on screen changed with the setting.
                    let changed = try XCTUnwrap(Snapshot(rows.fresh[after]!.root.widget))
                    XCTAssertTrue(plain.pixels != changed.pixels, "\(name) changed nothing")
                    Self.show(after, on: rows.recycled, money: money)
                    runTimeoutsAdded(upTo: 100, "the timers due in 100 ms")
                    if let unlike = rows.unlike(after, "\(after)-after-\(shown)-through-\(name)") { failures.append(unlike) }
                }
            }
            XCTAssertEqual(failures, [], "rows back from the pool that kept the font they left in (renders in out/screenshots)")
        }
    }

    /// `body` with the rows below in a window, in the app's style sheet.
    private static func withRows(_ body: @MainActor (Rows, MoneyFormat) throws -> Void) rethrows {
        try MainActor.assumeIsolated {
            let money = MoneyFormat(locale: Locale(identifier: "en_US"))
            let style = StyleSheet(path: repositoryData + "/shopper.css")
            style.apply(true)
            defer { style.apply(false) }
            let rows = Rows(money: money)
            defer { rows.window.destroy() }
            try body(rows, money)
        }
    }

    /// One fresh row widget per kind in a window, and one that is shown every kind in turn.
    @MainActor private struct Rows {
        let window = Window()
        let column = Box(.vertical)
        var fresh: [Kind: RowWidget] = [:]
        let recycled = RowWidget()

        init(money: MoneyFormat) {
            window.defaultSize(420, -1)
            window.child(column.widget)
            for kind in Kind.allCases {
                let row = RowWidget()
                RowRecyclingTests.show(kind, on: row, money: money)
                column.append(row.root.widget)
                fresh[kind] = row
            }
            column.append(recycled.root.widget)
            window.present()
            waitForFrame(window.widget)
        }

        /// As the list page's pool does: off its list item, waiting (`meanwhile`), into another.
        func throughThePool(meanwhile: () -> Void) {
            recycled.root.widget.keep()
            gtk_box_remove(column.widget.typedPointer(), recycled.root.widget.raw)
            recycled.stay()
            meanwhile()
            column.append(recycled.root.widget)
            recycled.root.widget.letGo()
        }

        /// `name` when the recycled row draws otherwise than the fresh one of `kind` (both saved).
        func unlike(_ kind: Kind, _ name: String) -> String? {
            guard let want = Snapshot(fresh[kind]!.root.widget), let got = Snapshot(recycled.root.widget) else {
                XCTFail("no render of \(name)")
                return nil
            }
            guard want.width != got.width || want.height != got.height || want.pixels != got.pixels else { return nil }
            _ = got.savePNG(screenshotFolder + "/recycled-\(name).png")
            _ = want.savePNG(screenshotFolder + "/fresh-\(name).png")
            return name
        }
    }
}

/// The same on the real window, after what a person does in the first minutes: the sample list,
/// an add, a search and its clearing, an import, a change of list.
final class RowRecyclingWindowTests: GtkTestCase {
    func testRowsOnScreenLookNewAfterASessionOfUse() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            let harness = try WindowHarness(model: model, size: (1000, 900))
            defer { harness.close() }
            let window = harness.window
            window.features.files.loadSampleList()
            waitForFrame(window.window.widget)
            window.strip.addBar.entry.text = "2 kg Apples @ 1.29 [Fruit]"
            window.strip.addBar.submit()
            waitForFrame(window.window.widget)
            for typed in ["e", "", "milk", ""] {
                window.search.panel.bar.isOpen = !typed.isEmpty
                window.search.panel.bar.text = typed
                window.search.apply()
                waitForFrame(window.window.widget)
            }
            _ = try model.imports.importItems(try CSVFormat.parse("description,quantity,unit,unit_cost,aisle,notes,needed,in_cart\nTea,1,,2.00,Drinks,green,1,0\n"))
            waitForFrame(window.window.widget)
            for kind in [ListKind.shopping, .all] {
                window.show(kind)
                runTimeoutsAdded(upTo: 300, "the timers due in 300 ms")
            }
            let page = window.page(.all)
            let money = window.money
            let fresh = Window()
            let column = Box(.vertical)
            fresh.child(column.widget)
            var pairs: [(RowWidget, RowWidget, String)] = []
            for row in page.boundRows where row.root.widget.isMapped {
                guard let width = Optional(row.root.widget.width), width > 0 else { continue }
                let twin = RowWidget()
                let identity = page.boundIdentity(of: row)
                guard let content = page.projection.row(identity: identity) else { continue }
                twin.show(content, money: money) { RowPresentation(options: DisplayOptions(), list: .all, item: $0, money: money) }
                twin.root.widget.sizeRequest(width: width)
                column.append(twin.root.widget)
                pairs.append((row, twin, "\(content)".prefix(60).description))
            }
            fresh.present()
            waitForFrame(window.window.widget)
            var unlike: [String] = []
            for (row, twin, what) in pairs {
                guard let a = Snapshot(row.root.widget), let b = Snapshot(twin.root.widget) else {
                    XCTFail("\(what): a row that is on screen could not be drawn")
                    continue
                }
                // The left of the row (checkbox, texts): the list's row is a little wider than its twin.
                if a.height != b.height || !Self.sameLeft(a, b, width: 400) {
                    unlike.append(what)
                    _ = a.savePNG(screenshotFolder + "/onscreen-\(unlike.count).png")
                    _ = b.savePNG(screenshotFolder + "/new-\(unlike.count).png")
                }
            }
            XCTAssertFalse(pairs.isEmpty)
            XCTAssertEqual(unlike, [], "rows on screen unlike a new row showing the same")
            fresh.destroy()
        }
    }

    @MainActor private static func sameLeft(_ a: Snapshot, _ b: Snapshot, width: Int) -> Bool {
        let w = min(width, a.width, b.width)
        for y in 0..<min(a.height, b.height) {
            for x in 0..<w where a.rgb(x, y) != b.rgb(x, y) { return false }
        }
        return true
    }
}
