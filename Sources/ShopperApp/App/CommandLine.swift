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
        var errorDescription: String? { L("{message} (see shopper --help)", ["message": message]) }
    }

    static var usage: String {
        L("Usage:\n  shopper [FILE.csv|FILE.txt ...]   open Shopper (files: preview an import)\n  shopper add \"2 kg Apples @ 1.29 [Fruit]\"\n                                    add an item to the shopping list\n  shopper export [--format csv|text] [--list all|shopping|cart]\n                                    print a list (default: csv, all)\n  shopper --help | --version\n\nData: $SHOPPER_DATA_DIR, else ~/.local/share/{app_id}",
          ["app_id": AppInfo.id])
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        var args = Array(arguments.dropFirst())
        guard let first = args.first else { return .window(files: []) }
        switch first {
        case "-h", "--help": return .help
        case "--version": return .version
        case "add":
            args.removeFirst()
            if args.first == "-h" || args.first == "--help" { return .help }
            // "--" ends options, so an item may start with a dash: shopper add -- "-ish"
            if args.first == "--" { args.removeFirst() } else if let option = args.first, option.hasPrefix("-"), option.count > 1,
                !option.dropFirst().allSatisfy({ $0.isNumber || $0 == "." || $0 == "," }) {
                throw UsageError(message: L("unknown option “{option}” for add (an item that starts with a dash goes after --)", ["option": option]))
            }
            guard !args.isEmpty else { throw UsageError(message: L("add needs an item, such as: shopper add \"2 kg Apples\"")) }
            return .add(args.joined(separator: " "))
        case "export":
            args.removeFirst()
            var format = ExportFormat.csv, list = ListKind.all
            while !args.isEmpty {
                let option = args.removeFirst()
                guard let value = args.first else { throw UsageError(message: L("{option} needs a value", ["option": option])) }
                args.removeFirst()
                switch option {
                case "--format":
                    guard let f = ExportFormat(rawValue: value) else { throw UsageError(message: "unknown format “\(value)”: use csv or text") }
                    format = f
                case "--list":
                    guard let l = ListKind(rawValue: value) else { throw UsageError(message: "unknown list “\(value)”: use all, shopping or cart") }
                    list = l
                default: throw UsageError(message: L("unknown option “{option}” for export", ["option": option]))
                }
            }
            return .export(format: format, list: list)
        default:
            if let option = args.first(where: { $0.hasPrefix("-") }) { throw UsageError(message: L("unknown option “{option}”", ["option": option])) }
            for file in args where !FileManager.default.isReadableFile(atPath: file) {
                throw UsageError(message: L("cannot read “{file}”", ["file": file]))
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
        let typed: PlainTextFormat.TypedLine
        switch PlainTextFormat.read(line, numbers: UserLocale.current.numbers) {
        case .success(let t): typed = t
        case .failure(let e): throw Command.UsageError(message: L("cannot add “{line}”: {reason}", ["line": line, "reason": e.message]))
        }
        switch DBusMethod.call(appID: AppInfo.id, interface: AddLineService.interface, method: AddLineService.method,
                               line, timeoutMS: AddLineService.timeoutMS) {
        case .reply(let message): return message
        case .failed(let message): throw AddLineService.Failed(message: message)
        case .noAnswer(let why): throw AddLineService.Failed(message: L("the running Shopper did not confirm “{item}” ({reason}); it may not have been added. Check the list before trying again",
                                                                                      ["item": typed.fields.description, "reason": why]))
        case .noInstance: break
        }
        let model = try ShoppingModel(store: Store(path: paths.storeFile))
        let outcome = try model.add(typed)
        guard let item = model.item(outcome.id) else { return L("Added “{item}”.", ["item": typed.fields.description]) }
        return outcome.message(item, money: UserLocale.current.money(currency: Preferences.storedCurrency(paths: paths))) + "."
    }

    static func export(format: ExportFormat, list: ListKind, paths: AppPaths) throws -> String {
        // Reading only: an export never changes the file, not even its header or its WAL mode.
        let model = try ShoppingModel(store: Store(path: paths.storeFile, access: .readOnly))
        let projection = ListProjection(model: model, kind: list)
        let items = try model.items((0..<projection.count).compactMap(projection.itemID))
        return format.export(items, numbers: UserLocale.current.numbers)
    }
}

/// `shopper add` talking to the running window: the method it calls, and its errors.
enum AddLineService {
    static let interface = "io.github.shopperapp.Shopper.Items"
    static let method = "AddLine"
    /// Long enough for a window busy with a large import to get to the call.
    static let timeoutMS: Int32 = 120_000

    struct Failed: Error, LocalizedError {
        let message: String
        var errorDescription: String? { message }
    }

    struct Unavailable: Error, LocalizedError {
        var errorDescription: String? { L("Shopper is closing; nothing was added.") }
    }
}
