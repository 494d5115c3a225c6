import ShopperModel

/// What an import preview's list shows: the rows read (or the problems), each as the item will look.
/// Its own object, held by the list model's closures: GTK may ask for the count while it takes the
/// window down, after the preview is gone, and must get the same answer.
final class ImportLines {
    var rows: [ImportedItem] = []
    /// For each row, the description of the known item it updates (nil: a new item).
    var updates: [String?] = []
    /// For each row that updates a known item, the item's fields after the import.
    var results: [ItemFields?] = []
    var problems: [String] = []
    var money = UserLocale.current.money()
    /// Good lines read beyond those held (a long file): said in one last row.
    var more = 0
    var count: Int { problems.isEmpty ? rows.count + (more > 0 ? 1 : 0) : problems.count }

    /// The item as it will look, not in the add bar's syntax ("E = mc2", not "E \= mc2"):
    /// "Apples · 2 kg × 1.29 · Fruit & Veg", and what it updates.
    func text(_ i: Int) -> String {
        guard problems.isEmpty else { return i < problems.count ? problems[i] : "" }
        guard i < rows.count else { return more > 0 ? N("…and {n} more line", "…and {n} more lines", more) : "" }
        let f = i < results.count ? results[i] ?? rows[i].fields : rows[i].fields
        let item = Item(id: ItemID(0), description: f.description, quantity: f.quantity, unit: f.unit,
                        price: f.price, priceBasis: f.priceBasis, aisle: f.aisle)
        var parts = [f.description]
        // A lone 1 says nothing: it is left out, as on a row.
        if f.price != nil || f.unit != nil || f.quantity != 1 { parts.append(CostText.summary(item, money: money)) }
        if let aisle = f.aisle { parts.append(aisle) }
        let line = parts.joined(separator: " · ")
        guard i < updates.count, let known = updates[i] else { return line }
        return L("{line} — updates “{item}”", ["line": line, "item": known])
    }
}
