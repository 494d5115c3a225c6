import Foundation
import ShopperModel

/// What an import preview reads: its source opened, its lines read a slice per main-loop turn, and
/// what they would do tallied (items added, known items updated, bad lines). A file longer than the
/// preview holds is counted by `LongImport` as it is read.
@MainActor
final class ImportReading {
    /// Lines read per main-loop turn: a few milliseconds of work between redraws.
    static let slice = 2_000
    /// Good lines a preview holds: a longer file's first lines are listed and the rest counted
    /// (`LongImport`), so a file of a million lines never fills the memory.
    static let heldRows = 10_000
    /// A text file larger than this is read as it is imported, not held whole as typed lines
    /// (its known items are then updated by the rule a CSV's are).
    static let typedTextMost = 1 << 20

    /// What the read found, as the preview's list shows it.
    let lines = ImportLines()
    private let model: ShoppingModel
    private let reader: ImportReader?
    private let failure: String?
    /// The file previewed (nil for a paste).
    private let path: String?
    /// How numbers are read: a paste as the user types them (their locale settles "1,000"); a file
    /// as files move between people, "1,000" refused with a note (see the README).
    let numbers: NumberConvention
    /// The text of typed lines (pasted, or a plain-text file): a known item among them is updated
    /// as the add bar updates it; nil for CSV.
    let typedText: String?
    /// A long file, once its lines pass `heldRows`.
    private(set) var long: LongImport?
    /// For each row, the known item it updates (see `Imports.knownItems`).
    private(set) var known: [ItemID?] = []
    /// Known items by match key, looked up once when the file has been read.
    private(set) var knownKeys: [String: ItemID] = [:]
    /// Some rows update known items or name a new one twice: the add bar's rule applies.
    private(set) var merging = false

    var rows: [ImportedItem] { lines.rows }
    /// Bad lines, each naming its line; empty when the file can be imported.
    var problems: [String] { lines.problems }
    /// Pasted lines are always added as typed lines (no worker thread: a paste is short).
    var pasted: Bool { path == nil }
    /// Whether there is anything to read (not when the file could not be opened).
    var readable: Bool { reader != nil }
    /// The good lines an import adds: a long file's all, not only those held.
    var toAdd: Int { long == nil ? rows.count : reader?.goodCount ?? 0 }

    init(_ source: ImportPreview.Source, model: ShoppingModel, money: MoneyFormat) {
        self.model = model
        lines.money = money
        numbers = Self.numbers(for: source)
        (reader, typedText, failure) = Self.open(source, numbers: numbers, keep: Self.heldRows)
        path = if case .file(let p) = source { p } else { nil }
        reader?.onItem = { [weak self] in self?.count($0) }
    }

    /// A file is read as files travel, "1,000" refused (NumberConvention); a paste as the user types.
    static func numbers(for source: ImportPreview.Source, user: NumberConvention = UserLocale.current.numbers)
        -> NumberConvention {
        if case .file = source { return .neutral }
        return user
    }

    /// A reader of a source's lines (or why none).
    private static func open(_ source: ImportPreview.Source, numbers: NumberConvention, keep: Int)
        -> (reader: ImportReader?, typedText: String?, failure: String?) {
        switch source {
        case .file(let path):
            do {
                let format = ExportFormat(fileName: (path as NSString).lastPathComponent)
                // A CSV file is read as it is parsed, never held whole; a text file's lines are
                // kept as typed lines too (a known item takes only what a line gives).
                let reader = try ImportReader(path: path, format: format, numbers: numbers, keep: keep)
                // The size the reader found on opening: the file is not opened a second time to ask.
                guard format == .text, reader.size <= typedTextMost else { return (reader, nil, nil) }
                // Read again within the same bound: a file that grew meanwhile stays streamed.
                guard let text = try boundedText(path) else { return (reader, nil, nil) }
                return (ImportReader(text: text, format: format, numbers: numbers), text, nil)
            } catch {
                let reason = error.localizedDescription
                return (nil, nil, L("The file cannot be read as text: {reason}", ["reason": reason]))
            }
        case .pasted(let text):
            return (ImportReader(text: text, format: .text, numbers: numbers), text, nil)
        }
    }

    /// The text of the file at `path` when it is at most `typedTextMost` bytes; nil when longer.
    private static func boundedText(_ path: String) throws -> String? {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let data = try handle.read(upToCount: typedTextMost + 1) ?? Data()
        guard data.count <= typedTextMost else { return nil }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CocoaError(.fileReadInapplicableStringEncoding)
        }
        return text
    }

    /// Reads a slice per main-loop turn, `shown` told after each (its bar is drawn between two
    /// slices), then `done`. Stops if the reading is gone.
    func readSlices(shown: @escaping @MainActor (_ fraction: Double, _ lines: Int) -> Void,
                    done: @escaping @MainActor () -> Void) {
        guard let reader else { return done() }
        MainLoop.whileIdle { [weak self] in
            guard self != nil else { return false }
            let finished = reader.read(Self.slice)
            shown(reader.fraction, reader.done)
            if finished { done() }
            return !finished
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

    /// What the lines read would do, once all are read: the lines filled in, the counts returned.
    func finish() -> (rows: Int, new: Int, updated: Int, bad: Int) {
        if let failure { lines.problems = [failure] }
        else if let long, let reader { return finishLong(long, reader) }
        else if let reader {
            // The good lines can come in even when others are bad: the bad ones are listed.
            lines.rows = reader.items
            lines.problems = Self.problems(of: reader)
            knownKeys = model.imports.itemsByMatchKey()
            known = model.imports.knownItems(for: lines.rows, in: knownKeys)
            lines.updates = known.map { $0.flatMap { model.items.item($0)?.description } }
            lines.results = model.imports.importResults(lines.rows, known: known, typed: typedText.map(typedLines))
        }
        // Known items are counted once however often the file names them.
        let updated = Set(known.compactMap { $0 }).count
        let newRows = zip(rows, known).filter { $0.1 == nil }.map { ShoppingModel.matchKey($0.0.fields.description) }
        let new = Set(newRows).count
        merging = updated > 0 || new < newRows.count
        return (rows.count, new, updated, failure == nil ? (reader.map(Self.badCount) ?? 0) : 1)
    }

    /// A long file read: its first lines listed, what the rest would do counted.
    private func finishLong(_ long: LongImport, _ reader: ImportReader)
        -> (rows: Int, new: Int, updated: Int, bad: Int) {
        lines.rows = reader.items
        lines.more = reader.goodCount - reader.items.count
        lines.problems = []
        let tally = long.tallied()
        known = reader.items.map(tally.knownItem)
        lines.updates = known.map { $0.flatMap { model.items.item($0)?.description } }
        lines.results = model.imports.importResults(lines.rows, known: known, typed: nil)
        return (reader.goodCount, tally.added, tally.updated.count, Self.badCount(reader))
    }

    /// Bad lines named and counted.
    private static func badCount(_ reader: ImportReader) -> Int { reader.errors.count + reader.moreErrors }

    /// The bad lines as listed: those named, then how many more.
    private static func problems(of reader: ImportReader) -> [String] {
        let named = reader.errors.map(\.description)
        guard reader.moreErrors > 0 else { return named }
        let more = reader.moreErrors
        return named + [N("…and {n} more line with problems", "…and {n} more lines with problems", more)]
    }

    /// The text's lines as the add bar reads them, one a row (blank lines and comments skipped).
    func typedLines(_ text: String) -> [PlainTextFormat.TypedLine] {
        PlainTextFormat.lines(of: text).compactMap { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, !text.hasPrefix("#") else { return nil }
            return try? PlainTextFormat.read(text, numbers: numbers).get()
        }
    }
}
