import Foundation

/// Trips as CSV, one row a line bought (RFC 4180, a header row):
/// trip_date,store,list,description,quantity,unit,unit_cost,cost,aisle
/// Rows with the same date, store and list are one trip, in the order they come. `trip_date` is
/// ISO 8601 with its time zone; amounts are plain decimals with a dot, as in the items' CSV.
package enum TripsCSV {
    static let columns = ["trip_date", "store", "list", "description", "quantity", "unit", "unit_cost", "cost", "aisle"]

    /// Whether a file's first line names trips (its `trip_date` column) rather than items.
    package static func isTrips(_ text: String) -> Bool {
        let first = text.drop { $0 == "\u{FEFF}" }.prefix { !$0.isNewline }.lowercased()
        return first.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "trip_date" }
    }

    /// `listName`: the name of a trip's list (empty when it is gone).
    package static func export(_ trips: [Trip], listName: (ListID) -> String) -> String {
        var out = columns.joined(separator: ",") + "\r\n"
        let iso = ISO8601DateFormatter()
        for t in trips.sorted(by: { ($0.date, $0.id) < ($1.date, $1.id) }) {
            for l in t.lines {
                let fields = [
                    iso.string(from: t.date), CSVFormat.defused(t.shopName), CSVFormat.defused(listName(t.list)),
                    CSVFormat.defused(l.description), DecimalText.format(l.quantity), CSVFormat.defused(l.unit ?? ""),
                    l.unitCost.map(DecimalText.format) ?? "", DecimalText.format(l.cost),
                    CSVFormat.defused(l.aisle ?? "")
                ]
                out += fields.map(CSVFormat.quote).joined(separator: ",") + "\r\n"
            }
        }
        return out
    }

    /// The trips a file holds, each with the list of the name it gives (`list`: the name's list,
    /// nil for one not here, whose trips go to `fallback`). One bad line is an error naming it;
    /// nothing is read then.
    /// An amount within what the item editor takes: a line's cost at most its quantity times its price.
    private static func amount(_ text: String, max: Decimal) -> Decimal? {
        DecimalText.parse(text).flatMap { $0 >= 0 && $0 <= max ? $0 : nil }
    }

    /// The file's records, a byte-order mark left out.
    private static func records(_ text: String) throws(ImportError) -> [(line: Int, fields: [String])] {
        do { return try CSVFormat.records(String(text.drop { $0 == "\u{FEFF}" })) } catch {
            throw ImportError(lines: [error])
        }
    }

    package static func parse(_ text: String, list: (String) -> ListID?,
                              fallback: ListID) throws(ImportError) -> [Trip] {
        let records = try records(text)
        guard let head = records.first else { return [] }
        let names = head.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        func column(_ n: String) -> Int? { names.firstIndex(of: n) }
        guard let dateColumn = column("trip_date"), let descriptionColumn = column("description"),
            let costColumn = column("cost")
        else {
            let message = L("A trips file names the columns trip_date, description and cost in its first line.")
            throw ImportError(lines: [ImportLineError(line: head.line, message: message)])
        }
        let iso = ISO8601DateFormatter()
        var trips: [Trip] = [], errors: [ImportLineError] = []
        for r in records.dropFirst() {
            if r.fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            func value(_ c: Int?) -> String {
                c.flatMap { $0 < r.fields.count ? r.fields[$0] : nil }?.trimmingCharacters(in: .whitespaces) ?? ""
            }
            func refuse(_ message: String) { errors.append(ImportLineError(line: r.line, message: message)) }
            guard let date = iso.date(from: value(dateColumn)) else {
                let text = value(dateColumn)
                refuse(L("“{value}” is not a date and time such as 2026-11-24T17:05:00Z.", ["value": text]))
                continue
            }
            guard let cost = amount(value(costColumn), max: ItemDraft.maxQuantity * ItemDraft.maxUnitCost) else {
                refuse(L("“{value}” is not an amount such as 2.58.", ["value": value(costColumn)]))
                continue
            }
            let quantityText = value(column("quantity")), unitCostText = value(column("unit_cost"))
            let quantity = quantityText.isEmpty ? 1 : amount(quantityText, max: ItemDraft.maxQuantity)
            let unitCost = unitCostText.isEmpty ? nil : amount(unitCostText, max: ItemDraft.maxUnitCost)
            guard let quantity, unitCostText.isEmpty || unitCost != nil else {
                let text = quantity == nil ? quantityText : unitCostText
                refuse(L("“{value}” is not an amount such as 2.58.", ["value": text]))
                continue
            }
            let description = ItemDraft.clean(CSVFormat.restored(value(descriptionColumn)))
            guard !description.isEmpty else {
                refuse(L("A line bought needs a description."))
                continue
            }
            let unit = CSVFormat.restored(value(column("unit"))), aisle = CSVFormat.restored(value(column("aisle")))
            let store = CSVFormat.restored(value(column("store")))
            let owner = list(CSVFormat.restored(value(column("list")))) ?? fallback
            let line = TripLine(item: nil, description: description, quantity: quantity,
                                unit: unit.isEmpty ? nil : unit, unitCost: unitCost, cost: cost,
                                aisle: aisle.isEmpty ? nil : aisle)
            if let last = trips.last, last.date == date, last.shopName == store, last.list == owner {
                trips[trips.count - 1].lines.append(line)
            } else {
                trips.append(Trip(id: TripID(0), list: owner, shop: .any, shopName: store, date: date, lines: [line]))
            }
        }
        guard errors.isEmpty else { throw ImportError(lines: errors) }
        return trips
    }
}
