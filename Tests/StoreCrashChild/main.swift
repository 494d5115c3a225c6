// A separate process writing to a store, for the tests that need more than one.
//   store-crash-child STORE             a stream of edits, "committed N" after each commit returns;
//                                       the crash-safety test kills it with SIGKILL mid-stream
//   store-crash-child STORE add P N     adds items "P 0" ... "P N-1", printing "added P i" after each
//   store-crash-child STORE list        prints every item's description, a line each (what a restart reads)
import Foundation
@testable import ShopperModel

let args = CommandLine.arguments
guard args.count == 2 || (args.count == 5 && args[2] == "add") || (args.count == 3 && args[2] == "list") else {
    FileHandle.standardError.write("usage: store-crash-child STORE [add PREFIX COUNT | list]\n".data(using: .utf8)!)
    exit(2)
}
do {
    if args.count == 3 {
        let items = try Store(path: args[1], access: .readOnly).load().items
        FileHandle.standardOutput.write(items.map { $0.description + "\n" }.joined().data(using: .utf8)!)
        exit(0)
    }
    if args.count == 5 {
        // A process of its own per writer, as `shopper add` is: one open, then its adds, then the
        // store closed as a command closes it (the last connection to close checkpoints and removes
        // the -wal and -shm files).
        try addItems(path: args[1], prefix: args[3], count: Int(args[4]) ?? 0)
        exit(0)
    }
    let model = try ShoppingModel(store: Store(path: args[1]))
    var n = 0
    while true {
        let id = try model.items.add(ItemFields(description: "Item \(n)", quantity: Decimal(n % 7 + 1), price: Decimal(n) / 100))
        if n % 3 == 0 { try model.items.tick(id) }
        // Unbuffered: the line is out before the next edit starts.
        FileHandle.standardOutput.write("committed \(n)\n".data(using: .utf8)!)
        n += 1
    }
} catch {
    FileHandle.standardError.write("\(error.localizedDescription)\n".data(using: .utf8)!)
    exit(1)
}

func addItems(path: String, prefix: String, count: Int) throws {
    let model = try ShoppingModel(store: Store(path: path))
    for i in 0..<count {
        try model.items.add(ItemFields(description: "\(prefix) \(i)"))
        FileHandle.standardOutput.write("added \(prefix) \(i)\n".data(using: .utf8)!)
    }
}
