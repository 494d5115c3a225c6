import CGtk
import ShopperModel

/// One of the three lists: a projection of the model shown in a GtkListView whose rows are recycled
/// (only those near the visible area exist), under its empty-state explanation.
@MainActor
final class ListPage {
    let kind: ListKind
    let projection: ListProjection
    let root = Overlay()
    let emptyState: EmptyState
    private(set) var listView: ListView!
    private let rowModel: RowListModel
    private let money: MoneyFormat
    private var options: DisplayOptions
    /// Rows currently bound, with the identity each shows: what a preference change refreshes.
    private var bound: [ObjectIdentifier: (row: RowWidget, identity: Int)] = [:]
    /// Set by the window: what a click or key on a row does.
    var onAction: (@MainActor (RowAction, ItemID) -> Void)?
    /// Called after the rows changed (totals in the header follow).
    var onRowsChanged: (@MainActor () -> Void)?

    init(kind: ListKind, model: ShoppingModel, options: DisplayOptions, sectioning: Sectioning, money: MoneyFormat,
         emptyButtonTitle: String? = nil) {
        self.kind = kind
        self.options = options
        self.money = money
        let projection = ListProjection(model: model, kind: kind, sectioning: sectioning)
        self.projection = projection
        rowModel = RowListModel(count: { projection.count }, identity: { projection.identity(at: $0) })
        emptyState = EmptyState(text: kind.emptyExplanation, buttonTitle: emptyButtonTitle)

        let factory = ListItemFactory(
            setup: { [weak self] item in
                let row = RowWidget()
                row.onAction = { action, id in self?.onAction?(action, id) }
                item.child = row.root.widget
                item.attach(row)
            },
            bind: { [weak self] item in self?.bind(item) },
            unbind: { [weak self] item in
                if let row = item.attached(RowWidget.self) { self?.bound[ObjectIdentifier(row)] = nil }
            })
        listView = ListView(model: rowModel, factory: factory)
        listView.widget.css("shopper-list")
        listView.widget.accessibleLabel(kind.title)
        let scrolled = ScrolledWindow()
        scrolled.child(listView.widget)
        scrolled.widget.expand(h: true, v: true)
        root.child(scrolled.widget)
        root.addOverlay(emptyState.revealer.widget)
        emptyState.set(empty: projection.isEmpty, animated: false)

        projection.onRowsChanged = { [weak self] position, removed, added in
            guard let self else { return }
            rowModel.itemsChanged(position: position, removed: removed, added: added)
            emptyState.set(empty: projection.isEmpty, animated: true)
            onRowsChanged?()
        }
    }

    private func bind(_ item: ListItem) {
        guard let row = item.attached(RowWidget.self) else { return }
        let identity = item.identity
        bound[ObjectIdentifier(row)] = (row, identity)
        show(row, identity: identity)
        item.activatable(identity > 0)
    }

    private func show(_ row: RowWidget, identity: Int) {
        guard let content = projection.row(identity: identity) else { return }
        let (options, kind, money) = (options, kind, money)
        row.show(content, money: money) { RowPresentation(options: options, list: kind, item: $0, money: money) }
    }

    /// Applies new display options to the rows on screen; the list itself is not rebuilt.
    func setOptions(_ o: DisplayOptions) {
        guard o != options else { return }
        options = o
        for (row, identity) in bound.values { show(row, identity: identity) }
    }

    func setSectioning(_ s: Sectioning) { projection.setSectioning(s) }

    /// For tests: the row widgets GTK has built and bound (about a screenful, never one per item).
    var boundRows: [RowWidget] { bound.values.map(\.row) }
}
