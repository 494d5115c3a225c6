import Foundation

/// RFC 4180 CSV with a header row:
/// description,quantity,unit,unit_cost,aisle,notes,needed,in_cart,total_cost,stores
/// A price is in `unit_cost` (per unit) or in `total_cost` (for the whole line), never both: a file
/// read by a version that knows only `unit_cost` loses a price for all rather than misreading it.
/// `stores` names the stores an item is sold only at, separated by semicolons (empty: anywhere).
/// `quantity` is the exact need (read back, it is the same item); `to_buy` what the list shows to
/// buy of it (`Buyable`: 11 of 10.5 eggs), for whoever reads the file; reading ignores it.
package enum CSVFormat {
    static let columns = [
        "description", "quantity", "unit", "unit_cost", "aisle", "notes", "needed", "in_cart", "total_cost", "stores",
                          "to_buy"]

    static func export<S: Sequence>(_ items: S, stores: (ItemID) -> [String] = { _ in [] }) -> String
    where S.Element == Item {
        var out = columns.joined(separator: ",") + "\r\n"
        for i in items {
            let texts = [i.description, i.unit ?? "", i.aisle ?? "", i.notes].map(defused)
            let price = i.price.map(DecimalText.format) ?? ""
            let forAll = i.priceBasis == .forAll
            let fields = [texts[0], DecimalText.format(i.quantity), texts[1],
                          forAll ? "" : price, texts[2], texts[3],
                          i.needed ? "1" : "0", i.inCart ? "1" : "0", forAll ? price : "",
                          defused(stores(i.id).joined(separator: "; ")), DecimalText.format(i.buyable)]
            out += fields.map(quote).joined(separator: ",") + "\r\n"
        }
        return out
    }

    package static func parse(_ text: String) throws(ImportError) -> [ImportedItem] {
        try ImportReader(text: text, format: .csv).readAll()
    }

    /// The columns a header row names, or the error of a file without a usable one.
    struct Header {
        let names: [String]
        let description: Int
        func column(_ n: String) -> Int? { names.firstIndex(of: n) }

        init(_ record: ImportUnit) throws(ImportLineError) {
            names = record.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let d = names.firstIndex(of: "description"), !record.overlong,
                record.fieldCount <= ImportUnits.maxFields
            else {
                throw ImportLineError(
                    line: record.line, message: L("The first line must name the columns, including “description”."))
            }
            description = d
        }
    }

    /// One record as an item; nil for a blank record.
    static func item(_ r: ImportUnit, _ header: Header) throws(ImportLineError) -> ImportedItem? {
        if r.blank { return nil }
        guard r.fieldCount <= header.names.count else {
            throw ImportLineError(
                line: r.line,
                message: L(
                    "Has {fields} fields; the header names {columns}.",
                    ["fields": "\(r.fieldCount)", "columns": "\(header.names.count)"]))
        }
        guard !r.overlong else {
            throw ImportLineError(
                line: r.line,
                message: L("A field is longer than {max} characters.", ["max": "\(ImportUnits.maxLength)"]))
        }
        func value(_ c: Int?) -> String { c.flatMap { $0 < r.fields.count ? r.fields[$0] : nil } ?? "" }
        let unitCost = value(header.column("unit_cost")), totalCost = value(header.column("total_cost"))
        let hasTotal = !totalCost.trimmed().isEmpty
        if hasTotal, !unitCost.trimmed().isEmpty {
            throw ImportLineError(line: r.line, message: L("Give unit_cost or total_cost, not both."))
        }
        let draft = ItemDraft(
            description: restored(value(header.description)), quantity: value(header.column("quantity")),
                              unit: restored(value(header.column("unit"))), price: hasTotal ? totalCost : unitCost,
                              priceBasis: hasTotal ? .forAll : .perUnit,
            aisle: restored(value(header.column("aisle"))), notes: restored(value(header.column("notes"))))
        let needed = flag(value(header.column("needed")), default: true)
        let inCart = flag(value(header.column("in_cart")), default: false)
        guard let needed, let inCart else {
            throw ImportLineError(line: r.line, message: L("needed and in_cart must be 1 or 0 (or yes/no)."))
        }
        let stores = try Self.stores(restored(value(header.column("stores"))), line: r.line)
        do {
            var row = ImportedItem(
                fields: try draft.validate(), needed: needed || inCart, inCart: inCart, stores: stores)
            row.placesAisle = header.column("aisle") == nil
            return row
        } catch {
            throw ImportLineError(line: r.line, message: error.errors.map(\.message).joined(separator: " "))
        }
    }

    /// The `stores` cell's names, held to what a synced task may bring (`ItemDraft.maxStores`, each
    /// name as short as an aisle's): one row of 100,000 names made 100,000 stores.
    static func stores(_ cell: String, line: Int) throws(ImportLineError) -> [String] {
        let names = cell.split(separator: ";").map { ItemDraft.clean(String($0)) }.filter { !$0.isEmpty }
        if names.count > ItemDraft.maxStores {
            throw ImportLineError(line: line, message: L("Names {n} stores; an item can be sold only at up to {max}.",
                                                         ["n": "\(names.count)", "max": "\(ItemDraft.maxStores)"]))
        }
        if names.contains(where: { $0.count > ItemDraft.maxShortFieldLength }) {
            throw ImportLineError(
                line: line,
                message: L(
                    "Keep each store's name under {max} characters.", ["max": "\(ItemDraft.maxShortFieldLength)"]))
        }
        return names
    }

    private static func flag(_ s: String, default d: Bool) -> Bool? {
        switch s.trimmed().lowercased() {
        case "": d
        case "1", "yes", "true", "y": true
        case "0", "no", "false", "n": false
        default: nil
        }
    }

    /// Decided on Unicode scalars, as the reader splits: Swift compares Characters, and "\r\n" or a
    /// quote followed by a combining mark is one Character that equals neither.
    static func quote(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return s
        }
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
        guard scalars.first == "'", let first = scalars.drop(while: { $0 == "'" }).first, formulaStarts.contains(first)
        else { return s }
        return String(scalars.dropFirst())
    }

    /// Splits into records, each with the line it starts on; quoted fields may hold newlines. A
    /// field longer than any item takes, or a record of more fields than any file needs, is refused.
    static func records(_ text: String) throws(ImportLineError) -> [(line: Int, fields: [String])] {
        var units = ImportUnits(ImportSource(text: text), csv: true)
        var out: [(line: Int, fields: [String])] = []
        while let r = try units.next() {
            if r.overlong {
                throw ImportLineError(
                    line: r.line,
                    message: L("A field is longer than {max} characters.", ["max": "\(ImportUnits.maxLength)"]))
            }
            if r.fieldCount > r.fields.count {
                throw ImportLineError(
                    line: r.line,
                    message: L(
                        "Has {fields} fields; no file needs more than {max}.",
                        ["fields": "\(r.fieldCount)", "max": "\(ImportUnits.maxFields)"]))
            }
            out.append((r.line, r.fields))
        }
        return out
    }
}
