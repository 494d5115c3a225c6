// Writes a stream of edits to the store at argv[1] and prints "committed N" after each commit returns.
// The crash-safety test kills this process with SIGKILL mid-stream and checks every printed edit.
import Foundation
import ShopperModel

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write("usage: store-crash-child STORE\n".data(using: .utf8)!)
    exit(2)
}
do {
    let model = try ShoppingModel(store: Store(path: CommandLine.arguments[1]))
    var n = 0
    while true {
        let id = try model.add(ItemFields(description: "Item \(n)", quantity: Decimal(n % 7 + 1), unitCost: Decimal(n) / 100))
        if n % 3 == 0 { try model.tick(id) }
        // Unbuffered: the line is out before the next edit starts.
        FileHandle.standardOutput.write("committed \(n)\n".data(using: .utf8)!)
        n += 1
    }
} catch {
    FileHandle.standardError.write("\(error.localizedDescription)\n".data(using: .utf8)!)
    exit(1)
}
