import Foundation

package enum ExportFormat: String, CaseIterable, Sendable {
    case csv, text

    /// Plain text is written with the user's decimal mark (`numbers`); CSV always with dots.
    /// `stores`: the names of the stores an item is sold only at (CSV keeps them; text has no place).
    package func export<S: Sequence>(_ items: S, numbers: NumberConvention = .neutral,
                                    stores: (ItemID) -> [String] = { _ in [] }) -> String where S.Element == Item {
        switch self {
        case .csv: CSVFormat.export(items, stores: stores)
        case .text: items.map { PlainTextFormat.line($0, numbers: numbers) }.joined(separator: "\n") + "\n"
        }
    }

    func parse(_ text: String, numbers: NumberConvention = .neutral) throws(ImportError) -> [ImportedItem] {
        switch self {
        case .csv: try CSVFormat.parse(text)
        case .text: try PlainTextFormat.parse(text, numbers: numbers)
        }
    }

    /// By file name: ".csv" is CSV, anything else plain text.
    package init(fileName: String) {
        self = fileName.lowercased().hasSuffix(".csv") ? .csv : .text
    }
}
