// Writes a store of N items for `make bench`: twenty aisles, varied costs, every item needed so all
// three lists are long; and beside that first list a second of 1,000 items ("Small"), to switch
// to and from. Usage: shopper-bench-store PATH N, or PATH trips (see below), or PATH recipes
// (Recipes.swift)
import Foundation
import ShopperModel

let args = CommandLine.arguments
// `shopper-bench-store PATH trips`: adds five years of weekly trips (260, 20,000 lines in all) to
// the store at PATH, for the Trips page's row of `make bench`.
if args.count == 3, args[2] == "trips" {
    do {
        let store = try Store(path: args[1])
        let week: TimeInterval = 7 * 86_400
        let start = Date().addingTimeInterval(-260 * week)
        let trips = (0..<260).map { (t: Int) -> Trip in
            // 76 or 77 lines a trip: 20,000 in all.
            let count = t < 240 ? 77 : 76
            let lines = (0..<count).map { (l: Int) -> TripLine in
                let unit = Decimal((t * 31 + l * 17) % 997 + 3) / 100
                let quantity = Decimal(l % 3 + 1)
                return TripLine(item: nil, description: "Item \(l)", quantity: quantity, unit: nil, unitCost: unit,
                                cost: unit * quantity, aisle: "Aisle \(l % 20)")
            }
            return Trip(id: TripID(0), list: .first, shop: .any, shopName: "", date: start.addingTimeInterval(Double(t) * week), lines: lines)
        }
        try store.tripTables.addTrips(trips)
    } catch {
        FileHandle.standardError.write(Data("shopper-bench-store: \(error.localizedDescription)\n".utf8))
        exit(1)
    }
    exit(0)
}
if args.count == 3, args[2] == "recipes" {
    do { try BenchRecipes.add(to: args[1]) } catch {
        FileHandle.standardError.write(Data("shopper-bench-store: \(error.localizedDescription)\n".utf8))
        exit(1)
    }
    exit(0)
}
guard args.count == 3, let n = Int(args[2]), n > 0 else {
    FileHandle.standardError.write(Data("usage: shopper-bench-store PATH N\n".utf8))
    exit(2)
}
do {
    let model = try ShoppingModel(store: Store(path: args[1]))
    let rows = (0..<n).map { (i: Int) -> ImportedItem in
        let cost: Decimal = Decimal(i % 997) / 100
        let fields = ItemFields(description: "Item \(i)", quantity: Decimal(i % 5 + 1), price: cost, aisle: "Aisle \(i % 20)")
        return ImportedItem(fields: fields, needed: true, inCart: false)
    }
    try model.items.add(batch: rows)
    let small = try ShoppingModel(store: model.store, list: model.lists.createList(named: "Small"))
    try small.items.add(batch: (0..<1000).map { (i: Int) -> ImportedItem in
        ImportedItem(fields: ItemFields(description: "Small \(i)", price: Decimal(i % 97) / 10, aisle: "Aisle \(i % 7)"),
                     needed: true, inCart: false)
    })
    // As the app leaves it: a store used by this version has its large list's checkpoint (the
    // first start after an upgrade has none: `make bench` measures that start too).
    model.items.checkpointJob()?.run()
} catch {
    FileHandle.standardError.write(Data("shopper-bench-store: \(error.localizedDescription)\n".utf8))
    exit(1)
}
