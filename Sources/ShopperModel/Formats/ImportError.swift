import Foundation

/// A line that could not be read; an import with any of these adds nothing.
public struct ImportLineError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let message: String
    public var description: String { L("Line {line}: {message}", ["line": "\(line)", "message": message]) }
}

public struct ImportError: Error, Equatable, Sendable, LocalizedError {
    public let lines: [ImportLineError]
    public var errorDescription: String? {
        // Each line's message is a sentence of its own; a missing full stop is added, never a second.
        let shown = lines.prefix(5).map { l in l.description.hasSuffix(".") ? l.description : l.description + "." }
        let more = lines.count - shown.count
        return ([L("Nothing was imported.")] + shown + (more > 0 ? [N("And {n} more line.", "And {n} more lines.", more)] : []))
            .joined(separator: " ")
    }
}

/// Parsed, valid rows ready to add in one transaction.
public struct ImportedItem: Equatable, Sendable {
    public var fields: ItemFields
    public var needed: Bool
    public var inCart: Bool
    /// The stores the item is sold only at, by name (none: as it is; a new item, anywhere).
    public var stores: [String]

    public init(fields: ItemFields, needed: Bool = true, inCart: Bool = false, stores: [String] = []) {
        self.fields = fields
        self.needed = needed
        self.inCart = inCart
        self.stores = stores
    }
}

public enum ExportFormat: String, CaseIterable, Sendable {
    case csv, text

    /// Plain text is written with the user's decimal mark (`numbers`); CSV always with dots.
    /// `stores`: the names of the stores an item is sold only at (CSV keeps them; text has no place).
    public func export<S: Sequence>(_ items: S, numbers: NumberConvention = .neutral,
                                    stores: (ItemID) -> [String] = { _ in [] }) -> String where S.Element == Item {
        switch self {
        case .csv: CSVFormat.export(items, stores: stores)
        case .text: items.map { PlainTextFormat.line($0, numbers: numbers) }.joined(separator: "\n") + "\n"
        }
    }

    public func parse(_ text: String, numbers: NumberConvention = .neutral) throws(ImportError) -> [ImportedItem] {
        switch self {
        case .csv: try CSVFormat.parse(text)
        case .text: try PlainTextFormat.parse(text, numbers: numbers)
        }
    }

    /// By file name: ".csv" is CSV, anything else plain text.
    public init(fileName: String) {
        self = fileName.lowercased().hasSuffix(".csv") ? .csv : .text
    }
}

extension ShoppingModel {
    /// Adds every imported item in one transaction and one undo step.
    @discardableResult
    public func importItems(_ rows: [ImportedItem], now: Date = Date()) throws(StoreError) -> [ItemID] {
        try add(batch: rows, now: now)
    }
}
