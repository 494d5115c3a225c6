/// Reads a file's items a slice at a time and keeps them, so a window can show progress and stay
/// responsive while a long file is read, and then show its lines; `readAll` is the same in one
/// go. The text itself is never held whole: it is read as it is parsed (`ImportStream`). All or
/// nothing: any bad line means no items, and every bad line is named (up to `keptErrors`, the
/// rest counted). A reader made with `keep` holds only that many items, and counts the rest: a
/// long file's preview shows its first lines, and its import reads the file again as it writes.
package final class ImportReader {
    private let stream: ImportStream
    private let keep: Int
    /// Lines or records read so far.
    package var done: Int { stream.done }
    package private(set) var items: [ImportedItem] = []
    /// Good items read, kept or not.
    package private(set) var goodCount = 0
    /// Hears every good item, kept or not (a long file's preview counts what it would do).
    package var onItem: ((ImportedItem) -> Void)?
    package var errors: [ImportLineError] { stream.errors }
    /// Bad lines beyond those named.
    package var moreErrors: Int { stream.errorCount - stream.errors.count }
    /// Bad lines a reader names at most: a file of a million bad lines costs a few megabytes.
    static let keptErrors = 100_000

    /// `numbers` applies to plain text; CSV is always read with dot decimals.
    package init(text: String, format: ExportFormat, numbers: NumberConvention = .neutral) {
        stream = ImportStream(ImportSource(text: text), format: format, numbers: numbers, keptErrors: Self.keptErrors)
        keep = .max
    }

    /// The file at `path`, read as the slices ask for it; the first `keep` items kept.
    package init(path: String, format: ExportFormat, numbers: NumberConvention = .neutral, keep: Int = .max) throws {
        stream = ImportStream(
            try ImportSource(path: path), format: format, numbers: numbers, keptErrors: Self.keptErrors)
        self.keep = keep
    }

    /// The file's size in bytes, as it was opened.
    package var size: Int { stream.source.size }
    /// The file as it was opened (`ImportSource.stamp`).
    package var stamp: String? { stream.source.stamp }

    /// Whether items were read beyond those kept.
    package var isCut: Bool { goodCount > items.count }

    var isFinished: Bool { stream.isFinished }
    /// How much of the text is read, from 0 to 1 (by its bytes: the lines are not counted first).
    package var fraction: Double { stream.fraction }

    /// Reads up to `count` more lines; true once everything is read.
    @discardableResult
    package func read(_ count: Int) -> Bool {
        for _ in 0..<count {
            switch stream.step() {
            case .item(let item):
                goodCount += 1
                if items.count < keep { items.append(item) }
                onItem?(item)
            case .skipped: continue
            case .end: return true
            }
        }
        return isFinished
    }

    /// The items, or every bad line.
    var result: Result<[ImportedItem], ImportError> {
        if let failure = stream.failure { return .failure(failure) }
        return .success(items)
    }

    func readAll() throws(ImportError) -> [ImportedItem] {
        while !read(4_096) {}
        return try result.get()
    }
}
