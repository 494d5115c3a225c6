// Writes a store of N items for `make bench`: twenty aisles, varied costs, every item needed so all
// three lists are long. Usage: shopper-bench-store PATH N
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
} catch {
    FileHandle.standardError.write(Data("shopper-bench-store: \(error.localizedDescription)\n".utf8))
    exit(1)
}
