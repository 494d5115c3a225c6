import Foundation
import ShopperModel

/// A file to import (the command line or Import…), or lines pasted into the add bar: shows what it
/// would add, and names its bad lines, which are left out. Nothing is added until the user confirms;
/// an import is one undo step. A long file is read a slice at a time with a progress bar, and its
/// lines are shown in a recycled list (only the rows on screen exist), so a file of 100,000 lines
/// neither freezes the window nor fills the memory.
///
/// Its parts: the reading of the source and its tallies (`ImportReading`), the window's widgets
/// (`ImportPreviewPanel`), and the writing once Add is pressed (`ImportAdding`).
@MainActor
final class ImportPreview {
    let window = Window()
    let reading: ImportReading
    let panel: ImportPreviewPanel
    let adding: ImportAdding
    /// What the Add button does, for tests.
    private(set) var confirmForTest: @MainActor () -> Void = {}

    enum Source {
        case file(path: String)
        case pasted(String)
    }

    convenience init(path: String, model: ShoppingModel, parent: Window, onImported: @escaping @MainActor (Int) -> Void,
                     onError: @escaping @MainActor (Error) -> Void) {
        self.init(.file(path: path), model: model, parent: parent, onImported: onImported, onError: onError)
    }

    init(_ source: Source, model: ShoppingModel, parent: Window, money: MoneyFormat = UserLocale.current.money(),
         onImported: @escaping @MainActor (Int) -> Void, onError: @escaping @MainActor (Error) -> Void) {
        reading = ImportReading(source, model: model, money: money)
        let (name, title) = Self.names(of: source)
        window.title = title
        window.transient(for: parent)
        window.modal(true)
        window.defaultSize(420, 480)
        panel = ImportPreviewPanel(reading.lines, name: name, in: window)
        adding = ImportAdding(model: model, progress: panel.progress)
        let add: @MainActor () -> Void = { [weak self] in self?.add(onImported: onImported, onError: onError) }
        panel.onButtons(cancel: { [weak self] in self?.window.close() }, confirm: add)
        // Not while the import is being written: the preview hands the result to the model.
        window.onCloseRequest { [weak self] in self?.adding.adding ?? false }
        confirmForTest = add
        readSlices()
    }

    /// What a source is called: its name (for its lines), and the window's title.
    private static func names(of source: Source) -> (name: String, title: String) {
        switch source {
        case .file(let path):
            let name = (path as NSString).lastPathComponent
            return (name, L("Import “{file}”", ["file": name]))
        case .pasted: return (L("Pasted Lines"), L("Add Pasted Lines"))
        }
    }

    /// Reads the file a slice per main-loop turn, the progress bar following (drawn between two
    /// slices), then shows the lines.
    private func readSlices() {
        if reading.readable { panel.showReading() }
        reading.readSlices(
            shown: { [weak panel] fraction, n in panel?.showRead(fraction: fraction, lines: n) },
            done: { [weak self] in self?.finish() })
    }

    private func finish() {
        let tally = reading.finish()
        panel.show(rows: tally.rows, new: tally.new, updated: tally.updated, bad: tally.bad, in: window)
    }

    /// One transaction and one undo step (see `ImportAdding`), the window closed once written.
    private func add(onImported: @escaping @MainActor (Int) -> Void, onError: @escaping @MainActor (Error) -> Void) {
        let total = reading.toAdd
        panel.showAdding(total)
        let window = window
        adding.add(reading, total: total, onImported: onImported, onError: onError, close: { window.close() })
    }
}
