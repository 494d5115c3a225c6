import CGtk
import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// The real main window, in-process, with the app's stylesheets: for tests that look at pixels or
/// poke widgets directly.
@MainActor
final class WindowHarness {
    let app: Application
    let window: MainWindow
    let preferences = Preferences(settings: nil)
    private static var made = 0
    private let style = AppStyle(folder: repositoryData)

    /// `beforeShown`: the window made, not yet presented (to watch its first frame).
    init(model: ShoppingModel, size: (Int32, Int32)? = nil, beforeShown: ((MainWindow) -> Void)? = nil) throws {
        // An id of its own: an earlier harness's application may still hold the last one.
        WindowHarness.made += 1
        app = Application(id: "io.github.shopperapp.Shopper.Tests\(WindowHarness.made)")
        // Application windows come after startup (which also sets libadwaita up).
        app.register()
        style.apply()
        let paths = AppPaths(dataFolder: NSTemporaryDirectory(), resources: repositoryData)
        window = MainWindow(application: app, model: model, preferences: preferences, paths: paths)
        if let size { window.window.defaultSize(size.0, size.1) }
        beforeShown?(window)
        window.present()
        waitUntil({ self.window.window.widget.width > 0 }, "the window allocated")
        waitForFrame(window.window.widget, "the window's first frame")
    }

    /// Turns libadwaita's dark style on or off, live, as a desktop switching would.
    func setDark(_ on: Bool) {
        StyleManager.force(dark: on)
        waitForFrame(window.window.widget, after: 150, "a frame in the new style")
    }

    func render(name: String) -> Snapshot? {
        waitForFrame(window.window.widget, after: 150, "a frame to snapshot, transitions ended")
        let s = Snapshot(window.window.widget)
        _ = s?.savePNG(screenshotFolder + "/\(name).png")
        return s
    }

    /// The list colour: inside the first row, left of any text.
    func pixelInFirstRow(_ s: Snapshot, x: Int) -> (Int, Int, Int) {
        let list = window.currentPage.listView.widget
        let b = list.surfaceBounds()!
        return s.rgb(x, Int(b.y) + 60)
    }

    /// Inside the list, below its last row.
    func pixelBelowRows(_ s: Snapshot, x: Int) -> (Int, Int, Int) {
        let b = window.currentPage.listView.widget.surfaceBounds()!
        return s.rgb(x, Int(b.y + b.height) - 10)
    }

    /// The last pixel row of the header strip, just above the list.
    func pixelAtHeaderFoot(_ s: Snapshot, x: Int) -> (Int, Int, Int) {
        let list = window.currentPage.listView.widget
        let b = list.surfaceBounds()!
        return s.rgb(x, Int(b.y) - 1)
    }

    func close() {
        window.window.destroy()
        style.remove()
        StyleManager.force(dark: nil)
        runTimeoutsAdded(upTo: 50, "what the window's end left to run")
    }
}
