import CGtk
import Foundation
import ShopperModel

/// The main window: the three lists in a stack switched from the header, the trip's totals in the
/// gradient header strip, and an in-window notification for undo and errors.
@MainActor
final class MainWindow {
    let window: Window
    let model: ShoppingModel
    let pages: [ListPage]
    let stack = Stack()
    let toast = Toast()
    private let totals = Label()
    private let money = MoneyFormat()
    private let preferences: Preferences
    private let paths: AppPaths

    init(application: Application, model: ShoppingModel, preferences: Preferences, paths: AppPaths) {
        self.model = model
        self.preferences = preferences
        self.paths = paths
        window = Window(application: application)
        window.title = AppInfo.name
        window.defaultSize(460, 720)
        window.widget.css("shopper")

        var pages: [ListPage] = []
        for kind in ListKind.allCases {
            let page = ListPage(kind: kind, model: model, options: preferences.display,
                                sectioning: preferences.sectioning, money: money,
                                emptyButtonTitle: kind == .all ? "Load Sample List" : nil)
            stack.add(page.root.widget, name: kind.rawValue, title: kind.title)
            pages.append(page)
        }
        self.pages = pages

        let header = HeaderBar()
        header.titleWidget(stack.switcher())
        window.titlebar(header.widget)

        let summary = Box(GTK_ORIENTATION_VERTICAL)
        summary.widget.css("summary")
        totals.widget.css("totals")
        totals.xalign(0.5)
        summary.append(totals.widget)

        let body = Overlay()
        body.child(stack.widget)
        body.addOverlay(toast.revealer.widget)
        let column = Box(GTK_ORIENTATION_VERTICAL)
        column.append(summary.widget)
        column.append(body.widget)
        body.widget.expand(h: true, v: true)
        window.child(column.widget)

        pages.first { $0.kind == .all }?.emptyState.action = { [weak self] in self?.loadSampleList() }
        for page in pages {
            page.onAction = { [weak self] action, id in self?.perform(action, on: id) }
            page.onRowsChanged = { [weak self] in self?.updateTotals() }
        }
        stack.onPageChanged { [weak self] in self?.updateTotals() }
        preferences.observe { [weak self] in self?.applyPreferences() }
        updateTotals()
    }

    var currentPage: ListPage { pages.first { $0.kind.rawValue == stack.visibleName } ?? pages[0] }

    func show(_ kind: ListKind) { stack.visibleName = kind.rawValue }

    func present() { window.present() }

    private func applyPreferences() {
        for page in pages {
            page.setOptions(preferences.display)
            page.setSectioning(preferences.sectioning)
        }
    }

    private func updateTotals() {
        let t = model.totals
        let shown = currentPage.projection.totals
        totals.text = "\(shown.count) \(shown.count == 1 ? "item" : "items") · "
            + "\(money.format(t.leftToBuy.cost)) left to buy · \(money.format(t.inCart.cost)) in cart"
    }

    private func perform(_ action: RowAction, on id: ItemID) {
        attempt {
            switch action {
            case .toggleNeeded: try model.toggleNeeded(id)
            case .tick: try model.tick(id)
            case .untick: try model.untick(id)
            case .openEditor: break
            }
        }
    }

    /// Runs a model operation; a failure is shown in the window and nothing is lost.
    private func attempt(_ f: () throws -> Void) {
        do { try f() } catch { toast.show(error.localizedDescription) }
    }

    private func loadSampleList() {
        attempt {
            let text = try String(contentsOfFile: paths.resource("sample-list.csv"), encoding: .utf8)
            try model.importItems(try CSVFormat.parse(text))
        }
    }
}
