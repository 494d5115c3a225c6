/// A file's items as its text is read, one at a time: what it costs is one line or record, and the
/// bad lines kept to be named (`keptErrors`; the others are counted). A CSV's header is its first
/// record. The reader of a preview keeps the items (`ImportReader`); an import from the command
/// line writes them as they come (`StreamedImport`).
package final class ImportStream {
    /// What one step read.
    enum Step {
        case item(ImportedItem)
        /// A blank or comment line, a header, or a bad line (counted in `errors`).
        case skipped
        case end
    }

    let source: ImportSource
    private var units: ImportUnits
    private let numbers: NumberConvention
    private var header: CSVFormat.Header?
    private let keptErrors: Int
    /// Lines (text) or records (CSV) read so far, the header included.
    package private(set) var done = 0
    /// The first bad lines, in order, up to the number asked to keep.
    package private(set) var errors: [ImportLineError] = []
    /// Every bad line, kept or not.
    private(set) var errorCount = 0
    private(set) var isFinished = false
    /// The line the last item read starts on.
    private(set) var lastLine = 0

    /// `numbers` applies to plain text; CSV is always read with dot decimals.
    package init(
        _ source: ImportSource, format: ExportFormat, numbers: NumberConvention = .neutral, keptErrors: Int = 100
    ) {
        self.source = source
        units = ImportUnits(source, csv: format == .csv)
        self.numbers = numbers
        self.keptErrors = keptErrors
    }

    package var fraction: Double { isFinished ? 1 : source.fraction }

    /// The bad lines as one error (nil while there are none).
    var failure: ImportError? {
        errorCount == 0 ? nil : ImportError(lines: errors, more: errorCount - errors.count)
    }

    /// The next good item; nil at the end. Bad lines on the way are counted.
    func next() -> ImportedItem? {
        while true {
            switch step() {
            case .item(let item): return item
            case .skipped: continue
            case .end: return nil
            }
        }
    }

    /// Reads one line or record.
    func step() -> Step {
        guard !isFinished else { return .end }
        do {
            guard let unit = try units.next() else {
                isFinished = true
                return .end
            }
            done += 1
            lastLine = unit.line
            if !units.csv { return try PlainTextFormat.item(unit, numbers: numbers).map(Step.item) ?? .skipped }
            guard let header else {
                header = try CSVFormat.Header(unit)
                return .skipped
            }
            return try CSVFormat.item(unit, header).map(Step.item) ?? .skipped
        } catch {
            note(error)
            // A file without a usable header has no items to read.
            if units.csv, header == nil { isFinished = true }
            return .skipped
        }
    }

    private func note(_ error: ImportLineError) {
        errorCount += 1
        if errors.count < keptErrors { errors.append(error) }
    }
}
