import ShopperModel

/// What an import preview's window shows: the summary above, the progress bar (the reading's,
/// then the adding's), the lines in a recycled list (only the rows on screen exist), and Cancel and
/// Add (shown once the lines are read).
@MainActor
final class ImportPreviewPanel {
    private let lines: ImportLines
    private let summary = Label()
    let progress = ProgressBar()
    private let confirm = Button(label: L("Add"))
    private let cancel = Button(label: L("Cancel"))
    private var rowModel: RowListModel!
    private(set) var list: ListView!
    /// Row widgets built so far: stays near a screenful however long the file.
    private(set) var rowsBuilt = 0

    /// For tests: the summary above the lines, and the first lines as shown.
    var summaryText: String { summary.text }
    /// For tests: how far the progress bar shows the reading or the adding.
    var progressShown: Double { progress.fraction }
    func shownLines(_ n: Int) -> [String] { (0..<min(n, lines.count)).map(lines.text) }

    /// The panel, made the child of `window`; `name` names the lines for a screen reader.
    init(_ lines: ImportLines, name: String, in window: Window) {
        self.lines = lines
        let column = Box(.vertical, spacing: 12)
        column.widget.margins(18)
        summary.xalign(0)
        summary.wrap()
        summary.widget.css("heading")
        column.append(summary.widget)
        column.append(progress.widget)

        column.append(linesView(name: name).widget)
        column.append(buttonRow().widget)
        window.child(column.widget)
    }

    /// What Cancel and Add do.
    func onButtons(cancel onCancel: @escaping @MainActor () -> Void,
                   confirm onConfirm: @escaping @MainActor () -> Void) {
        cancel.onClicked(onCancel)
        confirm.onClicked(onConfirm)
    }

    /// The lines as they will be added (or the problems), in a recycling list.
    private func linesView(name: String) -> ScrolledWindow {
        let content = lines
        rowModel = RowListModel(count: { content.count }, identity: { $0 + 1 })
        let factory = ListItemFactory(
            setup: { [weak self] item in
                let label = Label()
                label.xalign(0)
                label.wrap()
                item.child = label.widget
                self?.rowsBuilt += 1
            },
            bind: { item in
                guard let child = item.child else { return }
                let text = content.text(item.identity - 1)
                Label(wrapping: child).text = text
                child.nameListCell(text)
                child.css("error", !content.problems.isEmpty)
            })
        list = ListView(model: rowModel, factory: factory)
        list.widget.accessibleLabel(L("Lines of “{file}”", ["file": name]))
        let scrolled = ScrolledWindow()
        scrolled.child(list.widget)
        scrolled.widget.expand(h: true, v: true)
        return scrolled
    }

    /// Cancel, and Add (shown once the lines are read).
    private func buttonRow() -> Box {
        let buttons = Box(.horizontal, spacing: 12)
        buttons.widget.align(h: .end)
        buttons.append(cancel.widget)
        confirm.widget.css("suggested-action")
        confirm.wrapsLabel()
        confirm.widget.visible = false
        buttons.append(confirm.widget)
        return buttons
    }

    isolated deinit { list?.release() }

    /// While the file is read: said above, and the bar following.
    func showReading() { summary.text = L("Reading…") }

    /// A slice read: how far, and how many lines.
    func showRead(fraction: Double, lines n: Int) {
        progress.fraction = fraction
        progress.text(N("{n} line read", "{n} lines read", n))
    }

    /// The summary, the lines, and the buttons, once the file is read; Add is `window`'s default.
    func show(rows n: Int, new: Int, updated: Int, bad: Int, in window: Window) {
        progress.widget.visible = false
        switch (n, bad) {
        case (_, 0) where updated > 0:
            summary.text = L("{added} will be added, {updated} updated:", ["added": N("{n} item", "{n} items", new),
                    "updated": N("{n} known item", "{n} known items", updated)
                ])
        case (_, 0): summary.text = N("{n} item will be added:", "{n} items will be added:", new)
        case (0, _):
            summary.text = N(
                "Nothing can be imported: this line has problems.",
                "Nothing can be imported: these {n} lines have problems.", bad)
        default:
            summary.text = N(
                "{items} can be added; this line is left out:", "{items} can be added; these {n} lines are left out:",
                bad, ["items": N("{n} item", "{n} items", n)])
        }
        rowModel.itemsChanged(position: 0, removed: 0, added: lines.count)
        cancel.label = n == 0 ? L("Close") : L("Cancel")
        if n > 0 {
            confirm.label =
                bad == 0 ? N("Add {n} Item", "Add {n} Items", n) : N("Add {n} Good Item", "Add {n} Good Items", n)
            confirm.widget.visible = true
            // Enter adds, as in any GNOME dialog.
            window.defaultWidget(confirm.widget)
            confirm.widget.grabFocus()
        }
    }

    /// Adding `total` items: the buttons off, the bar shown.
    func showAdding(_ total: Int) {
        confirm.widget.sensitive = false
        cancel.widget.sensitive = false
        progress.widget.visible = true
        progress.text(N("Adding {n} item…", "Adding {n} items…", total))
    }
}
