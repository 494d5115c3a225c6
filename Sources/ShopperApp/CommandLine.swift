import Foundation
import ShopperModel

/// What the user asked for on the command line.
enum Command: Equatable {
    case help
    case version
    /// Add (or put back on the list) one item, in the plain-text syntax.
    case add(String)
    case export(format: ExportFormat, list: ListKind)
    /// Open the window; files are shown in an import preview.
    case window(files: [String])

    struct UsageError: Error, LocalizedError {
        let message: String
        var errorDescription: String? { message + " (see shopper --help)" }
    }

    static let usage = """
        Usage:
          shopper [FILE.csv|FILE.txt ...]   open Shopper (files: preview an import)
          shopper add "2 kg Apples @ 1.29 [Fruit]"
                                            add an item to the shopping list
          shopper export [--format csv|text] [--list all|shopping|cart]
                                            print a list (default: csv, all)
          shopper --help | --version

        Data: $SHOPPER_DATA_DIR, else ~/.local/share/\(AppInfo.id)
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        var args = Array(arguments.dropFirst())
        guard let first = args.first else { return .window(files: []) }
        switch first {
        case "-h", "--help": return .help
        case "--version": return .version
        case "add":
            args.removeFirst()
            guard !args.isEmpty else { throw UsageError(message: "add needs an item, such as: shopper add \"2 kg Apples\"") }
            return .add(args.joined(separator: " "))
        case "export":
            args.removeFirst()
            var format = ExportFormat.csv, list = ListKind.all
            while !args.isEmpty {
                let option = args.removeFirst()
                guard let value = args.first else { throw UsageError(message: "\(option) needs a value") }
                args.removeFirst()
                switch option {
                case "--format":
                    guard let f = ExportFormat(rawValue: value) else { throw UsageError(message: "unknown format “\(value)”: use csv or text") }
                    format = f
                case "--list":
                    guard let l = ListKind(rawValue: value) else { throw UsageError(message: "unknown list “\(value)”: use all, shopping or cart") }
                    list = l
                default: throw UsageError(message: "unknown option “\(option)” for export")
                }
            }
            return .export(format: format, list: list)
        default:
            if let option = args.first(where: { $0.hasPrefix("-") }) { throw UsageError(message: "unknown option “\(option)”") }
            for file in args where !FileManager.default.isReadableFile(atPath: file) {
                throw UsageError(message: "cannot read “\(file)”")
            }
            return .window(files: args)
        }
    }
}

/// The commands that need no window.
@MainActor
enum CommandRunner {
    /// Adds a line: through the running Shopper if there is one (its window shows it at once),
    /// else straight into the store.
    static func add(_ line: String, paths: AppPaths) throws -> String {
        let fields: ItemFields
        switch PlainTextFormat.parseLine(line) {
        case .success(let f): fields = f
        case .failure(let e): throw Command.UsageError(message: "cannot add “\(line)”: \(e.message)")
        }
        if RemoteInstance.send(appID: AppInfo.id, action: "add-line", text: line) {
            return "Added “\(fields.description)” in the running Shopper."
        }
        let model = try ShoppingModel(store: Store(path: paths.storeFile))
        let (_, known) = try model.addOrPick(fields)
        return known ? "“\(fields.description)” is on the shopping list again." : "Added “\(fields.description)”."
    }

    static func export(format: ExportFormat, list: ListKind, paths: AppPaths) throws -> String {
        let model = try ShoppingModel(store: Store(path: paths.storeFile))
        let projection = ListProjection(model: model, kind: list)
        let items = (0..<projection.count).compactMap { projection.itemID(at: $0).flatMap(model.item) }
        return format.export(items)
    }
}
