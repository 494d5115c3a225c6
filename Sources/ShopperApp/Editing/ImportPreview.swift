import Foundation
import ShopperModel
import Synchronization

/// A file to import (the command line or Import…), or lines pasted into the add bar: shows what it would add, and names
/// its bad lines, which are left out. Nothing is added until the user confirms; an import is one undo step. A long file
/// is read a slice at a time with a progress bar, and its lines are shown in a recycled list (only the rows on
/// screen exist), so a file of 100,000 lines neither freezes the window nor fills the memory.
@MainActor
final class ImportPreview {
    let window = Window()
    private let model: ShoppingModel
    private let reader: ImportReader?
    private let readFailure: String?
    /// The file previewed (nil for a paste).
    private let path: String?
    /// What the list shows. Its own object, held by the list model's closures: GTK may ask for the
    /// count while it takes the window down, after this preview is gone, and must get the same answer.
    private final class Lines {
        var rows: [ImportedItem] = []
        /// For each row, the description of the known item it updates (nil: a new item).
        var updates: [String?] = []
        /// For each row that updates a known item, the item's fields after the import.
        var results: [ItemFields?] = []
        var problems: [String] = []
        var money = UserLocale.current.money()
        /// Good lines read beyond those held (a long file): said in one last row.
        var more = 0
        var count: Int { problems.isEmpty ? rows.count + (more > 0 ? 1 : 0) : problems.count }

        /// The item as it will look, not in the add bar's syntax ("E = mc2", not "E \= mc2"):
        /// "Apples · 2 kg × 1.29 · Fruit & Veg", and what it updates.
        func text(_ i: Int) -> String {
            guard problems.isEmpty else { return i < problems.count ? problems[i] : "" }
            guard i < rows.count else { return more > 0 ? N("…and {n} more line", "…and {n} more lines", more) : "" }
            let f = i < results.count ? results[i] ?? rows[i].fields : rows[i].fields
            let item = Item(id: ItemID(0), description: f.description, quantity: f.quantity, unit: f.unit,
                            price: f.price, priceBasis: f.priceBasis, aisle: f.aisle)
            var parts = [f.description]
            // A lone 1 says nothing: it is left out, as on a row.
            if f.price != nil || f.unit != nil || f.quantity != 1 { parts.append(CostText.summary(item, money: money)) }
            if let aisle = f.aisle { parts.append(aisle) }
            let line = parts.joined(separator: " · ")
            guard i < updates.count, let known = updates[i] else { return line }
            return L("{line} — updates “{item}”", ["line": line, "item": known])
        }
    }
    private let content = Lines()
    var rows: [ImportedItem] { content.rows }
    /// Bad lines, each naming its line; empty when the file can be imported.
    var problems: [String] { content.problems }
    /// For tests: the summary above the lines, and the first lines as shown.
    var summaryText: String { summary.text }
    /// For tests: how far the progress bar shows the reading or the adding.
    var progressShown: Double { progress.fraction }
    func shownLines(_ n: Int) -> [String] { (0..<min(n, content.count)).map(content.text) }
    private let summary = Label()
    private let progress = ProgressBar()
    private let confirm = Button(label: L("Add"))
    private let cancel = Button(label: L("Cancel"))
    private var lines: RowListModel!
    private(set) var list: ListView!
    /// What the Add button does, for tests.
    private(set) var confirmForTest: @MainActor () -> Void = {}
    /// Row widgets built so far: stays near a screenful however long the file.
    private(set) var rowsBuilt = 0
    /// What the worker thread runs for a long import: the write. A test wraps it, to see the main
    /// loop turn while the worker holds the import, whatever the time the write takes.
    var writeImport: @Sendable (Imports.BackgroundImport) -> Result<(ChangeSet, StoreCommit), StoreError> = {
        $0.write()
    }

    /// Lines read per main-loop turn: a few milliseconds of work between redraws.
    static let slice = 2_000
    /// Good lines a preview holds: a longer file's first lines are listed and the rest counted
    /// (`LongImport`), so a file of a million lines never fills the memory.
    static let heldRows = 10_000
    /// A text file larger than this is read as it is imported, not held whole as typed lines
    /// (its known items are then updated by the rule a CSV's are).
    static let typedTextMost = 1 << 20
    /// A long file, once its lines pass `heldRows`.
    private(set) var long: LongImport?
    /// What the long file's import thread runs once it has written, for tests.
    var afterLongWrite: @Sendable () -> Void = {}

    /// The text of typed lines (pasted, or a plain-text file): a known item among them is updated
    /// as the add bar updates it; nil for CSV.
    private let typedText: String?
    /// Pasted lines are always added as typed lines (no worker thread: a paste is short).
    private let pasted: Bool
    /// How numbers are read: a paste as the user types them (their locale settles "1,000"); a file
    /// as files move between people, "1,000" refused with a note (see the README).
    let numbers: NumberConvention
    /// For each row, the known item it updates (see `Imports.knownItems`).
    private var known: [ItemID?] = []
    /// Known items by match key, looked up once when the file has been read.
    private var knownKeys: [String: ItemID] = [:]
    /// Some rows update known items or name a new one twice: the add bar's rule applies.
    private var merging = false

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
        self.model = model
        content.money = money
        numbers = Self.numbers(for: source)
        pasted = if case .pasted = source { true } else { false }
        let opened = Self.open(source, numbers: numbers, keep: Self.heldRows)
        (reader, typedText, readFailure) = (opened.reader, opened.typedText, opened.failure)
        path = if case .file(let p) = source { p } else { nil }
        window.title = opened.title
        let name = opened.name
        window.transient(for: parent)
        window.modal(true)
        window.defaultSize(420, 480)

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

        cancel.onClicked { [weak self] in self?.window.close() }
        // Not while the import is being written: the preview hands the result to the model.
        window.onCloseRequest { [weak self] in self?.adding ?? false }
        confirm.onClicked { [weak self] in self?.add(onImported: onImported, onError: onError) }
        confirmForTest = { [weak self] in self?.add(onImported: onImported, onError: onError) }
        reader?.onItem = { [weak self] in self?.count($0) }
        readSlices()
    }

    /// What a source gives: its name, the window's title, and a reader of its lines (or why none).
    private static func open(_ source: Source, numbers: NumberConvention, keep: Int)
        -> (name: String, title: String, reader: ImportReader?, typedText: String?, failure: String?) {
        switch source {
        case .file(let path):
            let name = (path as NSString).lastPathComponent
            let title = L("Import “{file}”", ["file": name])
            do {
                let format = ExportFormat(fileName: name)
                // A CSV file is read as it is parsed, never held whole; a text file's lines are
                // kept as typed lines too (a known item takes only what a line gives).
                let reader = try ImportReader(path: path, format: format, numbers: numbers, keep: keep)
                // The size the reader found on opening: the file is not opened a second time to ask.
                guard format == .text, reader.size <= typedTextMost else { return (name, title, reader, nil, nil) }
                let text = try String(contentsOfFile: path, encoding: .utf8)
                return (name, title, ImportReader(text: text, format: format, numbers: numbers), text, nil)
            } catch {
                return (
                    name, title, nil, nil,
                    L("The file cannot be read as text: {reason}", ["reason": error.localizedDescription])
                )
            }
        case .pasted(let text):
            return (
                L("Pasted Lines"), L("Add Pasted Lines"), ImportReader(text: text, format: .text, numbers: numbers),
                text, nil
            )
        }
    }

    /// The lines as they will be added (or the problems), in a recycling list.
    private func linesView(name: String) -> ScrolledWindow {
        let content = content
        lines = RowListModel(count: { content.count }, identity: { $0 + 1 })
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
        list = ListView(model: lines, factory: factory)
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

    /// Reads the file a slice per main-loop turn, the progress bar following (drawn between two
    /// slices), then shows the lines.
    private func readSlices() {
        guard let reader else { return finish() }
        summary.text = L("Reading…")
        MainLoop.whileIdle { [weak self] in
            guard let self else { return false }
            let done = reader.read(Self.slice)
            progress.fraction = reader.fraction
            progress.text(N("{n} line read", "{n} lines read", reader.done))
            if done { finish() }
            return !done
        }
    }

    /// A good line read: once the file passes what the preview holds, counted by `LongImport`.
    private func count(_ row: ImportedItem) {
        guard let reader, reader.isCut, let path else { return }
        if long == nil {
            let made = LongImport(
                path: path, format: ExportFormat(fileName: path), numbers: numbers, stamp: reader.stamp,
                                  known: model.imports.knownHashes())
            for held in reader.items { made.take(held) }
            long = made
        }
        long?.take(row)
    }

    private func finish() {
        if let readFailure { content.problems = [readFailure] }
        else if let long, let reader { return finishLong(long, reader) }
        else if let reader {
            // The good lines can come in even when others are bad: the bad ones are listed.
            content.rows = reader.items
            content.problems = Self.problems(of: reader)
            knownKeys = model.imports.itemsByMatchKey()
            known = model.imports.knownItems(for: content.rows, in: knownKeys)
            content.updates = known.map { $0.flatMap { model.items.item($0)?.description } }
            content.results = model.imports.importResults(content.rows, known: known, typed: typedText.map(typedLines))
        }
        // Known items are counted once however often the file names them.
        let updated = Set(known.compactMap { $0 }).count
        let newRows = zip(rows, known).filter { $0.1 == nil }.map { ShoppingModel.matchKey($0.0.fields.description) }
        let new = Set(newRows).count
        merging = updated > 0 || new < newRows.count
        show(
            rows: rows.count, new: new, updated: updated, bad: readFailure == nil ? (reader.map(Self.badCount) ?? 0) : 1
        )
    }

    /// A long file read: its first lines listed, what the rest would do counted.
    private func finishLong(_ long: LongImport, _ reader: ImportReader) {
        content.rows = reader.items
        content.more = reader.goodCount - reader.items.count
        content.problems = []
        let tally = long.tallied()
        known = reader.items.map(tally.knownItem)
        content.updates = known.map { $0.flatMap { model.items.item($0)?.description } }
        content.results = model.imports.importResults(content.rows, known: known, typed: nil)
        show(rows: reader.goodCount, new: tally.added, updated: tally.updated.count, bad: Self.badCount(reader))
    }

    /// Bad lines named and counted.
    private static func badCount(_ reader: ImportReader) -> Int { reader.errors.count + reader.moreErrors }

    /// The bad lines as listed: those named, then how many more.
    private static func problems(of reader: ImportReader) -> [String] {
        let named = reader.errors.map(\.description)
        guard reader.moreErrors > 0 else { return named }
        return named + [N("…and {n} more line with problems", "…and {n} more lines with problems", reader.moreErrors)]
    }

    /// The summary, the lines, and the buttons, once the file is read.
    private func show(rows n: Int, new: Int, updated: Int, bad: Int) {
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
                bad,
                             ["items": N("{n} item", "{n} items", n)])
        }
        lines.itemsChanged(position: 0, removed: 0, added: content.count)
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

    /// One transaction and one undo step, written by a worker thread while the window keeps
    /// drawing (the progress bar pulses); the result is taken into the model on the main loop.
    private func add(onImported: @escaping @MainActor (Int) -> Void,
                     onError: @escaping @MainActor (Error) -> Void) {
        confirm.widget.sensitive = false
        cancel.widget.sensitive = false
        progress.widget.visible = true
        let total = long == nil ? rows.count : reader?.goodCount ?? 0
        progress.text(N("Adding {n} item…", "Adding {n} items…", total))
        finishAdding = { [weak self] error in
            if let error { onError(error) } else { onImported(total) }
            self?.adding = false
            self?.window.close()
        }
        if let long { return addLong(long) }
        if let typedText, pasted || merging {
            // Typed lines, as the add bar takes them: a bare known name keeps all else.
            let typed = typedLines(typedText)
            let keys = knownKeys
            do { try model.items.add(lines: typed, lookup: pasted ? nil : { keys[$0] }); finishAdding(nil) } catch {
                finishAdding(error)
            }
            return
        }
        if merging {
            // Rows that update known items, or name one new item twice, are written here with the
            // others as one step; only a file of distinct new items (the long ones) goes to the
            // worker below.
            do { try model.imports.importItems(rows, known: known); finishAdding(nil) } catch { finishAdding(error) }
            return
        }
        var background = model.imports.backgroundImport(rows)
        // The worker says how far it is (the change built, then written).
        let done = LongImport.Progress()
        background.onProgress = { f in done.fraction.withLock { $0 = f } }
        let job = background
        follow(done)
        // The preview is main-actor isolated, so the worker may hand the result back to it; it is
        // held until then, so the result always reaches the model.
        let write = writeImport
        Thread.detachNewThread { [self] in
            let result = write(job)
            MainLoop.post { [self] in
                do { try model.imports.finish(job, result); finishAdding(nil) } catch { finishAdding(error) }
            }
        }
    }

    /// A long file: read again and written by `LongImport`'s worker, the bar following it.
    private func addLong(_ long: LongImport) {
        let done = LongImport.Progress()
        follow(done)
        long.afterWrite = afterLongWrite
        long.write(into: model, progress: done) { [weak self] result in
            switch result {
            case .success: self?.finishAdding(nil)
            case .failure(let error): self?.finishAdding(error)
            }
        }
    }

    /// While a worker writes: the bar follows it every tenth of a second.
    private func follow(_ done: LongImport.Progress) {
        adding = true
        progress.fraction = 0
        MainLoop.timeout(milliseconds: 100) { [weak self] in
            // Once added, the window is gone with its bar: nothing more to show.
            guard let self, adding else { return false }
            progress.fraction = done.fraction.withLock { $0 }
            return true
        }
    }

    private var finishAdding: @MainActor (Error?) -> Void = { _ in }
    /// While a worker thread writes the import.
    private var adding = false
}
