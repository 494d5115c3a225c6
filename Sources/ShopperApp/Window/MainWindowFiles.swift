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

    /// Every item, as CSV (a name ending in .csv) or plain text (anything else).
    func chooseExport() {
        FileChooser.choose(title: L("Export Items"), accept: L("_Export"), parent: window, saveAs: L("Shopping List.csv"),
                           filters: Self.fileFilters) { [weak self] path in
            self?.export(to: path)
        }
    }

    func export(to path: String) {
        let format = ExportFormat(fileName: path)
        let list = ListProjection(model: model, kind: .all)
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
