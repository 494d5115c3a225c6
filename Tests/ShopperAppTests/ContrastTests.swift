import CGtk
import Foundation
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel

/// Every text and icon the window draws stands out from what is behind it: at least 4.5:1 (3:1 for
/// large text), as WCAG asks, measured on the rendered pixels of the real window in light and dark.
final class ContrastTests: GtkTestCase {
    func testEveryTextAndIconIsReadableInLightAndDark() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            let apples = try model.items.add(ItemFields(description: "Apples", quantity: 2, unit: "kg", price: 1, aisle: "Fruit",
                                                  notes: "Gala or Braeburn"))
            try model.items.add(ItemFields(description: "Bread", price: 3, aisle: "Bakery"))
            let salt = try model.items.add(ItemFields(description: "Salt"))
            try model.items.setNeeded(salt, false)  // an unpicked row on All Items
            try model.items.tick(apples)
            let harness = try WindowHarness(model: model, size: (420, 720))
            defer { harness.close() }
            var checked = 0
            for dark in [false, true] {
                harness.setDark(dark)
                for kind in ListKind.allCases {
                    harness.window.show(kind)
                    let shot = try XCTUnwrap(harness.render(name: "contrast-\(kind.rawValue)-\(dark ? "dark" : "light")"))
                    for (widget, content) in harness.window.window.widget.drawnContent() {
                        // Disabled controls are exempt (WCAG 1.4.3): they are dimmed on purpose.
                        guard widget.effectivelySensitive, let b = widget.surfaceBounds(), let ratio = Self.contrast(in: shot, b) else { continue }
                        let large = widget.cssClasses.contains { $0.hasPrefix("title-") } || b.height >= 30
                        let needed = large ? 3.0 : 4.5
                        XCTAssertGreaterThanOrEqual(ratio, needed, "\(content) \(widget.typePath) at \(Int(b.x)),\(Int(b.y)) on \(kind) (\(dark ? "dark" : "light")): \(String(format: "%.2f", ratio)):1")
                        checked += 1
                    }
                }
            }
            XCTAssertGreaterThan(checked, 40, "texts and icons were measured")
        }
    }

    /// An unticked check box is a control: its outline stands out 3:1 from the row (WCAG 1.4.11),
    /// on a picked row and on a dimmed, unpicked one, light and dark.
    func testUntickedCheckBoxesStandOutInLightAndDark() throws {
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: temporaryStore())
            try model.items.add(ItemFields(description: "Bread", price: 3, aisle: "Bakery"))
            let salt = try model.items.add(ItemFields(description: "Salt"))
            try model.items.setNeeded(salt, false)
            let harness = try WindowHarness(model: model, size: (420, 720))
            defer { harness.close() }
            for dark in [false, true] {
                harness.setDark(dark)
                for kind in [ListKind.all, .shopping] {
                    harness.window.show(kind)
                    let shot = try XCTUnwrap(harness.render(name: "checkboxes-\(kind.rawValue)-\(dark ? "dark" : "light")"))
                    let boxes = harness.window.currentPage.listView.widget.descendants().filter {
                        $0.isDrawable && g_type_check_instance_is_a(UnsafeMutableRawPointer($0.raw).assumingMemoryBound(to: GTypeInstance.self),
                                                                    gtk_check_button_get_type()) != 0
                            && gtk_check_button_get_active(UnsafeMutablePointer<GtkCheckButton>(OpaquePointer($0.raw))) == 0
                    }
                    XCTAssertFalse(boxes.isEmpty, "unticked boxes on \(kind)")
                    for box in boxes {
                        let b = try XCTUnwrap(box.surfaceBounds())
                        let ratio = try XCTUnwrap(Self.contrast(in: shot, b))
                        XCTAssertGreaterThanOrEqual(ratio, 3, "an unticked box on \(kind) (\(dark ? "dark" : "light")): \(String(format: "%.2f", ratio)):1")
                    }
                }
            }
        }
    }

    /// The contrast between the commonest colour in a rectangle (the background) and the colour
    /// farthest from it (the ink); nil for a rectangle off the picture.
    @MainActor static func contrast(in s: Snapshot, _ b: (x: Double, y: Double, width: Double, height: Double)) -> Double? {
        let x0 = max(0, Int(b.x.rounded(.up))), y0 = max(0, Int(b.y.rounded(.up)))
        let x1 = min(s.width, Int((b.x + b.width).rounded(.down))), y1 = min(s.height, Int((b.y + b.height).rounded(.down)))
        guard x1 > x0, y1 > y0 else { return nil }
        var counts: [Int: Int] = [:]
        for y in y0..<y1 { for x in x0..<x1 { let (r, g, bl) = s.rgb(x, y); counts[r << 16 | g << 8 | bl, default: 0] += 1 } }
        guard let background = counts.max(by: { $0.value < $1.value })?.key else { return nil }
        let bgL = luminance(background)
        let ink = counts.keys.map { ratio(luminance($0), bgL) }.max() ?? 1
        return ink
    }

    static func luminance(_ rgb: Int) -> Double {
        func channel(_ v: Int) -> Double {
            let c = Double(v) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(rgb >> 16 & 255) + 0.7152 * channel(rgb >> 8 & 255) + 0.0722 * channel(rgb & 255)
    }

    static func ratio(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }
}
