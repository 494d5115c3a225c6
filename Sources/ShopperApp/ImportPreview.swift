import CGtk
import Foundation
import ShopperModel

/// `shopper FILE.csv` in a running Shopper: shows what the file would add, or names its bad lines.
/// Nothing is added until the user confirms; an import is one undo step.
@MainActor
final class ImportPreview {
    let window = Window()
    private(set) var rows: [ImportedItem] = []
    /// Bad lines, each naming its line; empty when the file can be imported.
    private(set) var problems: [String] = []
    private let confirm = Button(label: "Add")

    static let shownAtMost = 100

    init(path: String, model: ShoppingModel, parent: Window, onImported: @escaping @MainActor (Int) -> Void,
         onError: @escaping @MainActor (Error) -> Void) {
        let name = (path as NSString).lastPathComponent
        window.title = "Import “\(name)”"
        window.transient(for: parent)
        window.modal(true)
        window.defaultSize(420, 480)
        do {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            rows = try ExportFormat(fileName: name).parse(text)
        } catch let e as ImportError {
            problems = e.lines.map(\.description)
        } catch {
            problems = ["The file cannot be read as text: \(error.localizedDescription)"]
        }

        let column = Box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        column.widget.margins(18)
        let summary = Label(problems.isEmpty
            ? "\(rows.count) \(rows.count == 1 ? "item" : "items") will be added:"
            : "Nothing can be imported until these lines are fixed:")
        summary.xalign(0)
        summary.wrap()
        summary.widget.css("heading")
        column.append(summary.widget)
        let lines = Box(GTK_ORIENTATION_VERTICAL, spacing: 4)
        let texts = problems.isEmpty
            ? rows.prefix(Self.shownAtMost).map { PlainTextFormat.line(Item(id: ItemID(0), description: $0.fields.description,
                quantity: $0.fields.quantity, unit: $0.fields.unit, unitCost: $0.fields.unitCost, aisle: $0.fields.aisle)) }
            : problems
        for t in texts {
            let l = Label(t)
            l.xalign(0)
            l.wrap()
            if !problems.isEmpty { l.widget.css("error") }
            lines.append(l.widget)
        }
        if problems.isEmpty && rows.count > Self.shownAtMost {
            lines.append(Label("…and \(rows.count - Self.shownAtMost) more").widget)
        }
        let scrolled = ScrolledWindow()
        scrolled.child(lines.widget)
        scrolled.widget.expand(h: true, v: true)
        column.append(scrolled.widget)

        let buttons = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        buttons.widget.align(h: GTK_ALIGN_END)
        let cancel = Button(label: problems.isEmpty ? "Cancel" : "Close")
        buttons.append(cancel.widget)
        if problems.isEmpty && !rows.isEmpty {
            confirm.label = "Add \(rows.count) \(rows.count == 1 ? "Item" : "Items")"
            confirm.widget.css("suggested-action")
            buttons.append(confirm.widget)
        }
        column.append(buttons.widget)
        window.child(column.widget)
        cancel.onClicked { [weak self] in self?.window.close() }
        confirm.onClicked { [weak self] in
            guard let self else { return }
            do {
                try model.importItems(rows)
                onImported(rows.count)
            } catch { onError(error) }
            window.close()
        }
    }
}
