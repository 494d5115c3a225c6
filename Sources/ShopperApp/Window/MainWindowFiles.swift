import Foundation
import ShopperModel

/// Import… and Export… from the main menu, through the desktop's file chooser.
extension MainWindow {
    static var fileFilters: [(name: String, patterns: [String])] { [(name: L("Shopping lists (CSV or text)"), patterns: ["*.csv", "*.txt"])] }
    /// What the Trips page exports: trips, a line a row.
    static var tripFilters: [(name: String, patterns: [String])] { [(name: L("Trips (CSV)"), patterns: ["*.csv"])] }

    /// A file to import: shown in the preview first, nothing added until confirmed.
    func chooseImport() {
        FileChooser.choose(title: L("Import Items"), accept: L("_Open"), parent: window, filters: Self.fileFilters) { [weak self] path in
            guard let self else { return }
            // A file of trips (exported from the Trips page) goes to the trips: told by its first
            // line, read alone (an items file is read by the preview, once).
            if Self.firstLine(of: path).map(TripsCSV.isTrips) == true, let text = try? String(contentsOfFile: path, encoding: .utf8) {
                importTrips(text)
            } else {
                previewImport(path)
            }
        }
    }

    /// The first line of a file (at most 4 KB of it), without a byte-order mark.
    static func firstLine(of path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4096) else { return nil }
        return String(decoding: head, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)
    }

    /// Trips from a file, added as one step with Undo; a list named that is not here takes the
    /// trips to the list shown.
    func importTrips(_ text: String) {
        do {
            let lists = model.lists
            let trips = try TripsCSV.parse(text, list: { name in ShoppingList.named(name, in: lists)?.id }, fallback: model.list)
            let made = try model.importTrips(trips)
            toast.show(N("Imported {n} trip", "Imported {n} trips", made.count), actionTitle: L("Undo"), action: undoAction())
        } catch {
            report(error)
        }
    }

    /// The Trips page's Export…: every trip, a line a row.
    func exportTrips(to path: String) {
        do {
            let lists = model.lists
            let trips = try model.allTrips()
            let text = TripsCSV.export(trips) { id in lists.first { $0.id == id }?.name ?? "" }
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            toast.show(N("Exported {n} trip to “{file}”", "Exported {n} trips to “{file}”", trips.count, ["file": (path as NSString).lastPathComponent]))
        } catch {
            report(error)
        }
    }

    /// The list shown (All Items from the Searches page), whole whatever the search, as CSV (a
    /// name ending in .csv) or plain text (anything else); the file is named after the list.
    func chooseExport() {
        if pageStack.visibleName == AppAction.tripsPage {
            FileChooser.choose(title: L("Export Trips"), accept: L("_Export"), parent: window, saveAs: L("Trips") + ".csv",
                               filters: Self.tripFilters) { [weak self] path in self?.exportTrips(to: path) }
            return
        }
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
            try Data(format.export(items, numbers: UserLocale.current.numbers, stores: model.storeNames).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            let n = items.count
            toast.show(N("Exported {n} item to “{file}”", "Exported {n} items to “{file}”", n, ["file": (path as NSString).lastPathComponent]))
        } catch {
            report(error)
        }
    }
}
