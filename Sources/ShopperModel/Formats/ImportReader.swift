/// Reads a file's items a slice at a time and keeps them, so a window can show progress and stay
/// responsive while a long file is read, and then show every line; `readAll` is the same in one
/// go. The text itself is never held whole: it is read as it is parsed (`ImportStream`). All or
/// nothing: any bad line means no items, and every bad line is named.
public final class ImportReader {
    private let stream: ImportStream
    /// Lines or records read so far.
    public var done: Int { stream.done }
    public private(set) var items: [ImportedItem] = []
    public var errors: [ImportLineError] { stream.errors }

    /// `numbers` applies to plain text; CSV is always read with dot decimals.
    public init(text: String, format: ExportFormat, numbers: NumberConvention = .neutral) {
        stream = ImportStream(ImportSource(text: text), format: format, numbers: numbers, keptErrors: .max)
    }

    /// The file at `path`, read as the slices ask for it.
    public init(path: String, format: ExportFormat, numbers: NumberConvention = .neutral) throws {
        stream = ImportStream(try ImportSource(path: path), format: format, numbers: numbers, keptErrors: .max)
    }

    var isFinished: Bool { stream.isFinished }
    /// How much of the text is read, from 0 to 1 (by its bytes: the lines are not counted first).
    public var fraction: Double { stream.fraction }

    /// Reads up to `count` more lines; true once everything is read.
    @discardableResult
    public func read(_ count: Int) -> Bool {
        for _ in 0..<count {
            switch stream.step() {
            case .item(let item): items.append(item)
            case .skipped: continue
            case .end: return true
            }
        }
        return isFinished
    }

    /// The items, or every bad line.
    public var result: Result<[ImportedItem], ImportError> {
        if let failure = stream.failure { return .failure(failure) }
        return .success(items)
    }

    func readAll() throws(ImportError) -> [ImportedItem] {
        while !read(4_096) {}
        return try result.get()
    }
}
