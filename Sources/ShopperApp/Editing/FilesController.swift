import Foundation
import ShopperModel

/// What Import… and Export… need of the window beyond the common services: the money items are
/// said in, the list shown (exported), whether the Trips page is (its trips are exported).
@MainActor
protocol FilesHost: WindowServices {
    var money: MoneyFormat { get }
    var currentListPage: ListPage? { get }
    var isTripsShown: Bool { get }
}

/// Import… and Export… from the main menu, through the desktop's file chooser; a file opened with
/// Shopper and lines pasted into the add bar, previewed before anything is added (the previews
/// open now: several files may be previewed at once); the sample list.
@MainActor
final class FilesController {
    unowned let host: any FilesHost
    /// The sample list's file (Load Sample List on an empty All Items).
    private let sampleList: String
    private(set) var previews: [ImportPreview] = []

    init(host: any FilesHost, sampleList: String) {
        self.host = host
        self.sampleList = sampleList
    }

    static var fileFilters: [(name: String, patterns: [String])] {
        [(name: L("Shopping lists (CSV or text)"), patterns: ["*.csv", "*.txt"])]
    }
    /// What the Trips page exports: trips, a line a row.
    static var tripFilters: [(name: String, patterns: [String])] { [(name: L("Trips (CSV)"), patterns: ["*.csv"])] }

    /// A file to import: shown in the preview first, nothing added until confirmed.
    func chooseImport() {
        FileChooser.choose(title: L("Import Items"), accept: L("_Open"), parent: host.window, filters: Self.fileFilters)
        { [weak self] path in
            guard let self else { return }
            // A file of trips (exported from the Trips page) goes to the trips: told by its first
            // line, read alone (an items file is read by the preview, once).
            if Self.firstLine(of: path).map(TripsCSV.isTrips) == true,
                let text = try? String(contentsOfFile: path, encoding: .utf8)
            {
                importTrips(text)
            } else {
                importFile(path)
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
            let lists = host.model.lists.all
            let trips = try TripsCSV.parse(
                text, list: { name in ShoppingList.named(name, in: lists)?.id }, fallback: host.model.list)
            let made = try host.model.trips.importTrips(trips)
            host.sayDone(N("Imported {n} trip", "Imported {n} trips", made.count))
        } catch {
            host.report(error)
        }
    }

    /// The Trips page's Export…: every trip, a line a row.
    func exportTrips(to path: String) {
        do {
            let lists = host.model.lists.all
            let trips = try host.model.trips.allTrips()
            let text = TripsCSV.export(trips) { id in lists.first { $0.id == id }?.name ?? "" }
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            host.toast.show(
                N(
                    "Exported {n} trip to “{file}”", "Exported {n} trips to “{file}”", trips.count,
                    ["file": (path as NSString).lastPathComponent]))
        } catch {
            host.report(error)
        }
    }

    /// The list shown (All Items from the Searches page), whole whatever the search, as CSV (a
    /// name ending in .csv) or plain text (anything else); the file is named after the list.
    func chooseExport() {
        if host.isTripsShown {
            FileChooser.choose(
                title: L("Export Trips"), accept: L("_Export"), parent: host.window, saveAs: L("Trips") + ".csv",
                               filters: Self.tripFilters) { [weak self] path in self?.exportTrips(to: path) }
            return
        }
        let kind = exportedList
        FileChooser.choose(
            title: L("Export Items"), accept: L("_Export"), parent: host.window, saveAs: Self.exportName(kind),
                           filters: Self.fileFilters) { [weak self] path in
            self?.export(kind, to: path)
        }
    }

    var exportedList: ListKind { host.currentListPage?.kind ?? .all }

    /// "Shopping List.csv", "Einkaufsliste.csv": the list's own title.
    static func exportName(_ kind: ListKind) -> String { kind.title + ".csv" }

    func export(_ kind: ListKind, to path: String) {
        let format = ExportFormat(fileName: path)
        let list = ListProjection(model: host.model, kind: kind)
        do {
            let items = try host.model.items.read((0..<list.count).compactMap(list.itemID))
            // Written whole or not at all: a file that was there stays intact if writing fails.
            try Data(
                format.export(items, numbers: UserLocale.current.numbers, stores: host.model.shops.shopNames).utf8
            ).write(to: URL(fileURLWithPath: path), options: .atomic)
            let n = items.count
            host.toast.show(
                N(
                    "Exported {n} item to “{file}”", "Exported {n} items to “{file}”", n,
                    ["file": (path as NSString).lastPathComponent]))
        } catch {
            host.report(error)
        }
    }

    /// `shopper FILE`: preview, then import on confirmation.
    func importFile(_ path: String) { preview(.file(path: path)) }

    /// A file, or lines pasted into the add bar: preview, then add on confirmation.
    func preview(_ source: ImportPreview.Source) {
        let pasted = if case .pasted = source { true } else { false }
        let preview = ImportPreview(
            source, model: host.model, parent: host.window, money: host.money,
            onImported: { [weak self] n in
                self?.host.sayDone(pasted ? N("Added {n} item", "Added {n} items", n)
                                          : N("Imported {n} item", "Imported {n} items", n))
        }, onError: { [weak self] error in self?.host.report(error) })
        preview.window.present()
        previews.append(preview)
        preview.window.onCloseRequest { [weak self, weak preview] in
            self?.previews.removeAll { $0 === preview }
            return false
        }
    }

    func loadSampleList() {
        host.attempt {
            let text = try String(contentsOfFile: sampleList, encoding: .utf8)
            try host.model.imports.importItems(try CSVFormat.parse(text))
        }
    }
}
