/// Reads a file's items a slice at a time, so a window can show progress and stay responsive
/// while a long file is read; `readAll` is the same in one go. All or nothing: any bad line means
/// no items, and every bad line is named.
public final class ImportReader {
    private enum Units {
        case lines([String])
        case records([(line: Int, fields: [String])], CSVFormat.Header)
        case failed(ImportLineError)
    }

    private let units: Units
    /// Lines or records to read, and how many are read.
    public let total: Int
    public private(set) var done = 0
    public private(set) var items: [ImportedItem] = []
    public private(set) var errors: [ImportLineError] = []

    private let numbers: NumberConvention

    /// `numbers` applies to plain text; CSV is always read with dot decimals.
    public init(text: String, format: ExportFormat, numbers: NumberConvention = .neutral) {
        self.numbers = numbers
        switch format {
        case .text:
            let lines = PlainTextFormat.lines(of: text)
            units = .lines(lines)
            total = lines.count
        case .csv:
            do {
                let records = try CSVFormat.records(text)
                if let first = records.first {
                    units = .records(Array(records.dropFirst()), try CSVFormat.Header(first))
                    total = records.count - 1
                } else {
                    units = .lines([])
                    total = 0
                }
            } catch {
                units = .failed(error)
                total = 0
            }
        }
        if case .failed(let e) = units { errors = [e] }
    }

    var isFinished: Bool { done >= total }
    public var fraction: Double { total == 0 ? 1 : Double(done) / Double(total) }

    /// Reads up to `count` more lines; true once everything is read.
    @discardableResult
    public func read(_ count: Int) -> Bool {
        let end = min(total, done + count)
        while done < end {
            do {
                let item: ImportedItem?
                switch units {
                case .lines(let lines): item = try PlainTextFormat.item(lines[done], line: done + 1, numbers: numbers)
                case .records(let records, let header): item = try CSVFormat.item(records[done], header)
                case .failed: item = nil
                }
                if let item { items.append(item) }
            } catch {
                errors.append(error)
            }
            done += 1
        }
        return isFinished
    }

    /// The items, or every bad line.
    public var result: Result<[ImportedItem], ImportError> {
        errors.isEmpty ? .success(items) : .failure(ImportError(lines: errors))
    }

    public func readAll() throws(ImportError) -> [ImportedItem] {
        read(total)
        return try result.get()
    }
}
