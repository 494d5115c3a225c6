import Foundation
import ShopperModel

/// Import… and Export… from the main menu, through the desktop's file chooser.
extension MainWindow {
    static var fileFilters: [(name: String, patterns: [String])] { [(name: L("Shopping lists (CSV or text)"), patterns: ["*.csv", "*.txt"])] }

    /// A file to import: shown in the preview first, nothing added until confirmed.
    func chooseImport() {
        FileChooser.choose(title: L("Import Items"), accept: L("_Open"), parent: window, filters: Self.fileFilters) { [weak self] path in
            self?.previewImport(path)
        }
    }

    /// The list shown (All Items from the Searches page), whole whatever the search, as CSV (a
    /// name ending in .csv) or plain text (anything else); the file is named after the list.
    func chooseExport() {
        let kind = exportedList
        FileChooser.choose(title: L("Export Items"), accept: L("_Export"), parent: window, saveAs: Self.exportName(kind),
                           filters: Self.fileFilters) { [weak self] path in
            self?.export(kind, to: path)
        }
    }

    var exportedList: ListKind { currentListPage?.kind ?? .all }

    /// "Shopping List.csv", "Einkaufsliste.csv": the list's own title.
    static func exportName(_ kind: ListKind) -> String { kind.title + ".csv" }

    func export(_ kind: ListKind, to path: String) {
        let format = ExportFormat(fileName: path)
        let list = ListProjection(model: model, kind: kind)
        do {
            let items = try model.items((0..<list.count).compactMap(list.itemID))
            // Written whole or not at all: a file that was there stays intact if writing fails.
            try Data(format.export(items, numbers: UserLocale.current.numbers).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            let n = items.count
            toast.show(N("Exported {n} item to “{file}”", "Exported {n} items to “{file}”", n, ["file": (path as NSString).lastPathComponent]))
        } catch {
            report(error)
        }
    }
}
