import Foundation

/// One item per line: `[quantity [unit]] description [@ unit cost] [[aisle]]`, e.g.
/// `2 kg Apples @ 1.29 [Fruit]`. Blank lines and lines starting with `#` are skipped. `x` after a
/// quantity means "no unit" (`2 x Pack of cards`), so any description round-trips.
public enum PlainTextFormat {
    /// Words read as a unit when they follow a quantity.
    public static let units: Set<String> = [
        "kg", "g", "mg", "lb", "lbs", "oz", "l", "ml", "cl", "dl", "pack", "packs", "pk", "box", "boxes",
        "bottle", "bottles", "can", "cans", "jar", "jars", "bag", "bags", "bunch", "bunches", "dozen",
        "pc", "pcs", "piece", "pieces", "loaf", "loaves", "tin", "tins", "roll", "rolls",
    ]

    public static func parse(_ text: String) throws(ImportError) -> [ImportedItem] {
        var items: [ImportedItem] = []
        var errors: [ImportLineError] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            switch parseLine(line) {
            case .success(let f): items.append(ImportedItem(fields: f, needed: true, inCart: false))
            case .failure(let e): errors.append(ImportLineError(line: n + 1, message: e.message))
            }
        }
        if !errors.isEmpty { throw ImportError(lines: errors) }
        return items
    }

    public struct LineError: Error { public let message: String }

    public static func parseLine(_ line: String) -> Result<ItemFields, LineError> {
        var rest = line.trimmingCharacters(in: .whitespaces)
        var draft = ItemDraft()
        // [Aisle] at the end.
        if rest.hasSuffix("]"), let open = rest.lastIndex(of: "[") {
            draft.aisle = String(rest[rest.index(after: open)..<rest.index(before: rest.endIndex)])
            rest = String(rest[..<open]).trimmingCharacters(in: .whitespaces)
        }
        // "@ cost" at the end.
        if let at = rest.range(of: "@", options: .backwards) {
            let cost = rest[at.upperBound...].trimmingCharacters(in: .whitespaces)
            let before = rest[..<at.lowerBound]
            if !cost.isEmpty, !cost.contains(" "), before.hasSuffix(" ") || before.isEmpty {
                draft.unitCost = cost
                rest = before.trimmingCharacters(in: .whitespaces)
            }
        }
        var words = rest.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if let first = words.first, let qty = leadingQuantity(first) {
            draft.quantity = qty.number
            words.removeFirst()
            if let u = qty.unit { draft.unit = u }
            else if let next = words.first, words.count > 1 {
                if next == "x" || next == "×" { words.removeFirst() }
                else if units.contains(next.lowercased()) { draft.unit = next; words.removeFirst() }
            }
        }
        draft.description = words.joined(separator: " ")
        do {
            return .success(try draft.validate())
        } catch {
            return .failure(LineError(message: error.errors.map(\.message).joined(separator: " ")))
        }
    }

    /// "2", "1.5", or "2kg" (number glued to a known unit).
    private static func leadingQuantity(_ word: String) -> (number: String, unit: String?)? {
        guard let firstNonNumber = word.firstIndex(where: { !($0.isASCII && ($0.isNumber || $0 == "." || $0 == ",")) }) else {
            return DecimalText.parse(word) != nil ? (word, nil) : nil
        }
        let number = String(word[..<firstNonNumber]), unit = String(word[firstNonNumber...])
        guard DecimalText.parse(number) != nil, units.contains(unit.lowercased()) else { return nil }
        return (number, unit)
    }

    public static func line(_ item: Item) -> String {
        var parts: [String] = []
        let words = item.description.split(separator: " ").map(String.init)
        let firstIsNumber = words.first.map { leadingQuantity($0) != nil } ?? false
        let firstIsUnit = words.first.map { units.contains($0.lowercased()) || $0 == "x" || $0 == "×" } ?? false
        // Say the quantity when it is not 1, or when the description would be misread without it.
        if item.quantity != 1 || item.unit != nil || firstIsNumber {
            parts.append(DecimalText.format(item.quantity))
            if let u = item.unit { parts.append(u) }
            else if firstIsUnit || firstIsNumber { parts.append("x") }
        }
        parts.append(item.description)
        var line = parts.joined(separator: " ")
        if let c = item.unitCost { line += " @ \(DecimalText.format(c))" }
        // A description ending in brackets needs an explicit empty aisle to keep them.
        if let a = item.aisle { line += " [\(a)]" }
        else if item.description.hasSuffix("]") { line += " []" }
        return line
    }
}
