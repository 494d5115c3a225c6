import Foundation

/// A line that could not be read; an import with any of these adds nothing.
public struct ImportLineError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let message: String
    public var description: String { "Line \(line): \(message)" }
}

public struct ImportError: Error, Equatable, Sendable, LocalizedError {
    public let lines: [ImportLineError]
    public var errorDescription: String? {
        // Each line's message is a sentence of its own; a missing full stop is added, never a second.
        let shown = lines.prefix(5).map { l in l.description.hasSuffix(".") ? l.description : l.description + "." }
        let more = lines.count - shown.count
        return (["Nothing was imported."] + shown + (more > 0 ? ["And \(more) more \(more == 1 ? "line" : "lines")."] : []))
            .joined(separator: " ")
    }
}

/// Parsed, valid rows ready to add in one transaction.
public struct ImportedItem: Equatable, Sendable {
    public var fields: ItemFields
    public var needed: Bool
    public var inCart: Bool

    public init(fields: ItemFields, needed: Bool = true, inCart: Bool = false) {
        self.fields = fields
        self.needed = needed
        self.inCart = inCart
    }
}

public enum ExportFormat: String, CaseIterable, Sendable {
    case csv, text

    public func export<S: Sequence>(_ items: S) -> String where S.Element == Item {
        switch self {
        case .csv: CSVFormat.export(items)
        case .text: items.map(PlainTextFormat.line).joined(separator: "\n") + "\n"
        }
    }

    public func parse(_ text: String) throws(ImportError) -> [ImportedItem] {
        switch self {
        case .csv: try CSVFormat.parse(text)
        case .text: try PlainTextFormat.parse(text)
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
        try add(batch: rows, now: now, actionName: "Import")
    }
}
