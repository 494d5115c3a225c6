import Foundation

/// RFC 4180 CSV with a header row:
/// description,quantity,unit,unit_cost,aisle,notes,needed,in_cart
public enum CSVFormat {
    public static let columns = ["description", "quantity", "unit", "unit_cost", "aisle", "notes", "needed", "in_cart"]

    public static func export<S: Sequence>(_ items: S) -> String where S.Element == Item {
        var out = columns.joined(separator: ",") + "\r\n"
        for i in items {
            let texts = [i.description, i.unit ?? "", i.aisle ?? "", i.notes].map(defused)
            let fields = [texts[0], DecimalText.format(i.quantity), texts[1],
                          i.unitCost.map(DecimalText.format) ?? "", texts[2], texts[3],
                          i.needed ? "1" : "0", i.inCart ? "1" : "0"]
            out += fields.map(quote).joined(separator: ",") + "\r\n"
        }
        return out
    }

    public static func parse(_ text: String) throws(ImportError) -> [ImportedItem] {
        let records: [(line: Int, fields: [String])]
        do { records = try self.records(text) } catch { throw ImportError(lines: [error]) }
        guard let header = records.first else { return [] }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let descCol = names.firstIndex(of: "description") else {
            throw ImportError(lines: [ImportLineError(line: header.line, message: "The first line must name the columns, including “description”.")])
        }
        func col(_ n: String) -> Int? { names.firstIndex(of: n) }
        var items: [ImportedItem] = []
        var errors: [ImportLineError] = []
        for r in records.dropFirst() {
            if r.fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            guard r.fields.count <= names.count else {
                errors.append(ImportLineError(line: r.line, message: "Has \(r.fields.count) fields; the header names \(names.count)."))
                continue
            }
            func value(_ c: Int?) -> String { c.flatMap { $0 < r.fields.count ? r.fields[$0] : nil } ?? "" }
            let draft = ItemDraft(description: restored(value(descCol)), quantity: value(col("quantity")),
                                  unit: restored(value(col("unit"))), unitCost: value(col("unit_cost")),
                                  aisle: restored(value(col("aisle"))), notes: restored(value(col("notes"))))
            let needed = flag(value(col("needed")), default: true)
            let inCart = flag(value(col("in_cart")), default: false)
            guard let needed, let inCart else {
                errors.append(ImportLineError(line: r.line, message: "needed and in_cart must be 1 or 0 (or yes/no)."))
                continue
            }
            do {
                items.append(ImportedItem(fields: try draft.validate(), needed: needed || inCart, inCart: inCart))
            } catch {
                errors.append(ImportLineError(line: r.line, message: error.errors.map(\.message).joined(separator: " ")))
            }
        }
        if !errors.isEmpty { throw ImportError(lines: errors) }
        return items
    }

    private static func flag(_ s: String, default d: Bool) -> Bool? {
        switch s.trimmingCharacters(in: .whitespaces).lowercased() {
        case "": d
        case "1", "yes", "true", "y": true
        case "0", "no", "false", "n": false
        default: nil
        }
    }

    /// Decided on Unicode scalars, as the reader splits: Swift compares Characters, and "\r\n" or a
    /// quote followed by a combining mark is one Character that equals neither.
    static func quote(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        var out = String.UnicodeScalarView(["\""])
        for c in s.unicodeScalars {
            if c == "\"" { out.append("\"") }
            out.append(c)
        }
        out.append("\"")
        return String(out)
    }

    /// Characters that make a spreadsheet read a cell as a formula (OWASP's list).
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// A text cell a spreadsheet would run as a formula gets a leading apostrophe, as spreadsheets
    /// expect; a cell that already starts with apostrophes before such a character gets one more,
    /// so `restored` can take exactly one away again.
    static func defused(_ s: String) -> String {
        let rest = s.unicodeScalars.drop(while: { $0 == "'" })
        guard let first = rest.first, formulaStarts.contains(first) else { return s }
        return "'" + s
    }

    static func restored(_ s: String) -> String {
        let scalars = s.unicodeScalars
        guard scalars.first == "'", let first = scalars.drop(while: { $0 == "'" }).first, formulaStarts.contains(first) else { return s }
        return String(scalars.dropFirst())
    }

    /// Splits into records, each with the line it starts on; quoted fields may hold newlines.
    static func records(_ text: String) throws(ImportLineError) -> [(line: Int, fields: [String])] {
        var out: [(Int, [String])] = []
        var fields: [String] = [], field = ""
        var inQuotes = false, quotedField = false
        var line = 1, recordLine = 1
        var chars = Array(text.unicodeScalars).makeIterator()
        var pending: Unicode.Scalar? = nil
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !quotedField) { out.append((recordLine, fields)) }
            fields = []; field = ""; quotedField = false
            recordLine = line
        }
        while let c = pending ?? chars.next() {
            pending = nil
            if inQuotes {
                if c == "\"" {
                    let n = chars.next()
                    if n == "\"" { field.unicodeScalars.append("\"") } else { inQuotes = false; pending = n }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"":
                guard field.isEmpty else { throw ImportLineError(line: line, message: "A quote appears inside an unquoted field.") }
                inQuotes = true; quotedField = true
            case ",": fields.append(field); field = ""; quotedField = false
            // A record ends at LF, CRLF or a lone CR (old Mac files).
            case "\r":
                line += 1
                endRecord()
                let n = chars.next()
                if n != "\n" { pending = n }
            case "\n": line += 1; endRecord()
            default:
                if quotedField { throw ImportLineError(line: line, message: "Text follows a closing quote.") }
                field.unicodeScalars.append(c)
            }
        }
        if inQuotes { throw ImportLineError(line: recordLine, message: "A quoted field is never closed.") }
        if !field.isEmpty || !fields.isEmpty || quotedField { endRecord() }
        return out
    }
}
