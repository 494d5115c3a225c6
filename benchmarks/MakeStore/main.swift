// Writes a store of N items for `make bench`: twenty aisles, varied costs, every item needed so all
// three lists are long; and beside that first list a second of 1,000 items ("Small"), to switch
// to and from. Usage: shopper-bench-store PATH N
import Foundation
import ShopperModel

let args = CommandLine.arguments
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
    try model.add(batch: rows)
    let small = try ShoppingModel(store: model.store, list: model.createList(named: "Small"))
    try small.add(batch: (0..<1000).map { (i: Int) -> ImportedItem in
        ImportedItem(fields: ItemFields(description: "Small \(i)", price: Decimal(i % 97) / 10, aisle: "Aisle \(i % 7)"),
                     needed: true, inCart: false)
    })
} catch {
    FileHandle.standardError.write(Data("shopper-bench-store: \(error.localizedDescription)\n".utf8))
    exit(1)
}
