import Foundation
internal import GRDB

/// The item table's columns in one place, so reading and writing cannot drift apart. `revision` is
/// not among them: it is the store's bookkeeping, not part of an item.
enum ItemColumns {
    static let names = ["id", "description", "quantity", "unit", "unit_cost", "aisle", "notes", "needed",
                        "in_cart", "position", "created_at", "updated_at", "last_price", "last_price_date",
                        "price_for_all", "list_id"]
    static let list = names.joined(separator: ", ")
    /// Where `revision` is in a row read as `SELECT \(list), revision`.
    static let revisionIndex = names.count
    static let placeholders = names.map { _ in "?" }.joined(separator: ", ")
    static let assignments = names.dropFirst().map { "\($0) = ?" }.joined(separator: ", ")

    /// In the order of `names`.
    static func values(_ i: Item) -> [(any DatabaseValueConvertible)?] {
        [i.id.raw, i.description, i.quantityAmount.canonicalText, i.unit, i.priceAmount?.canonicalText,
         i.aisle, i.notes, i.needed, i.inCart, i.position, StoreTime.millis(i.createdAt),
         StoreTime.millis(i.updatedAt), i.lastPriceAmount?.canonicalText,
         i.lastPriceDate.map(StoreTime.millis), i.priceBasis == .forAll, i.list.raw]
    }

    /// Decodes defensively: a row another program damaged (a NULL or a non-number where the app
    /// writes text or numbers) is named in one clear message instead of stopping the app.
    static let amountLimit: Decimal = 100_000_000_000_000

    /// Column `i` of `r` (named `column`) as an amount, nil for NULL.
    static func amount(_ r: StatementRow, _ i: Int32, column: String, id: Int64) throws(StoreError) -> Amount? {
        if let a = r.withBytes(i, { Amount.canonical($0) }) { return a }
        guard let t = r.text(i) else { return nil }
        // Not as this app writes amounts: read it the general way, or say what is wrong.
        // Beyond what four decimals in 64 bits hold, it would wrap round (to "no price", even).
        guard let d = DecimalText.parse(t), d.magnitude < amountLimit else {
            throw .damagedRow(table: "item", id: id, what: L("a {column} of “{value}”", ["column": column, "value": t]))
        }
        return Amount(d)
    }

    static func item(_ r: StatementRow) throws(StoreError) -> Item {
        guard let id = r.number(0) else {
            throw .damagedRow(table: "item", id: nil, what: L("an id that is not a number"))
        }
        func text(_ i: Int32) -> String? { r.text(i) }
        func number(_ i: Int32) -> Int64? { r.number(i) }
        func amount(_ i: Int32) throws(StoreError) -> Amount? { try Self.amount(r, i, column: names[Int(i)], id: id) }
        func required<T>(_ v: T?, _ i: Int32) throws(StoreError) -> T {
            guard let v else {
                throw .damagedRow(table: "item", id: id, what: L("no {column}", ["column": names[Int(i)]]))
            }
            return v
        }
        let lastDate = number(13)
        let forAll = number(14) ?? 0
        // A file of a schema before lists (opened read-only) has one list: the first.
        let list = number(15).map(ListID.init) ?? .first
        let item = Item(id: ItemID(id), description: try required(text(1), 1),
                    quantityAmount: try amount(2) ?? .one, unit: text(3), priceAmount: try amount(4),
                    priceBasis: forAll != 0 ? .forAll : .perUnit,
                    aisle: text(5), notes: text(6) ?? "",
                    needed: try required(number(7), 7) != 0, inCart: try required(number(8), 8) != 0,
                    position: try required(number(9), 9),
                    createdAt: StoreTime.date(try required(number(10), 10)),
                    updatedAt: StoreTime.date(try required(number(11), 11)),
                    lastPriceAmount: try amount(12), lastPriceDate: lastDate.map(StoreTime.date), list: list)
        try checkLineCost(item.lineCost, r, id: id)
        return item
    }

    /// Memory keeps a line's cost in 64 bits (`ItemEntry`): amounts this app writes stay far below
    /// that, a row another program wrote past it is named as damage.
    static func checkLineCost(_ cost: CostSum, _ r: StatementRow, id: Int64) throws(StoreError) {
        guard cost.units > Int128(Int64.max) else { return }
        throw .damagedRow(
            table: "item", id: id, what: L("a {column} of “{value}”", ["column": "unit_cost", "value": r.text(4) ?? ""])
        )
    }
}
