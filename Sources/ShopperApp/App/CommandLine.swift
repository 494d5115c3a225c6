import Foundation
import ShopperModel

/// What the user asked for on the command line.
enum Command: Equatable {
    case help
    case version
    /// Add (or put back on the list) one item, in the plain-text syntax; to the list named, or the
    /// first list.
    case add(String, to: String?)
    case export(format: ExportFormat, list: ListKind, from: String?)
    /// Import files (CSV, else plain text) into a list without opening the window.
    case importFiles([String], to: String?)
    /// Print the lists with their counts.
    case lists
    /// Keep (or with --dry-run only print) the recipes a file or a web page holds (see RecipeCommands).
    case recipeImport(String, RecipeImportMode)
    case recipeDelete(title: String)
    /// The week's plan: printed, a meal planned or taken off, the week added to a list.
    case plan(PlanCommand)
    /// Share a list over CalDAV (the password read from standard input), and sync it once.
    case share(server: String, user: String, list: String?)
    case shareStatus(list: String?)
    case shareStop(list: String?)
    /// Share the household's recipes and plan over CalDAV (the password read as `share` reads it),
    /// or stop (everything stays here).
    case shareKitchen(server: String, user: String)
    case shareKitchenStop
    /// Sync the shared lists (or one) once.
    case sync(list: String?)
    /// Recipes: listed, one added to a list (merged), exported as schema.org JSON.
    case recipes
    case recipeAdd(title: String, servings: Int?, to: String?)
    case recipeExport(title: String?)
    /// Open the window; files are shown in an import preview.
    case window(files: [String])

    struct UsageError: Error, LocalizedError {
        let message: String
        var errorDescription: String? { L("{message} (see shopper --help)", ["message": message]) }
    }

    static var usage: String {
        L(
            "Usage:\n  shopper [FILE.csv|FILE.txt ...]   open Shopper (files: preview an import)\n  shopper add [--to LIST] \"2 kg Apples @ 1.29 [Fruit]\"\n                                    add an item to the shopping list\n  shopper export [--format csv|text] [--list all|shopping|cart] [--from LIST]\n                                    print a list (default: csv, all)\n  shopper import [--to LIST] FILE.csv|FILE.txt ...\n                                    add or update the files' items\n  shopper lists                     print each list: name, to buy, items\n  shopper recipe import [--dry-run|--replace|--keep-both] FILE|URL\n                                    keep the recipes a file or web page holds\n                                    (--dry-run: only print them); a recipe kept\n                                    already is refused unless --replace or --keep-both\n  shopper share [--list LIST] URL USER\n                                    share a list over CalDAV (password on standard input)\n  shopper share --kitchen URL USER  share the recipes and the week's plan the same way\n  shopper share --status | --stop [--list LIST]\n                                    how sharing goes; stop sharing (items stay)\n  shopper share --kitchen --stop    stop sharing the recipes and plan (they stay)\n  shopper sync [--list LIST]        sync the shared lists (and recipes and plan) now\n  shopper recipes                   print each recipe: title, servings, ingredients\n  shopper recipe add [--servings N] [--to LIST] TITLE\n                                    add a recipe's ingredients to a list, merged\n  shopper recipe export [TITLE]     print recipes as schema.org JSON\n  shopper recipe delete TITLE       delete a recipe (and its meals not yet on a list)\n  shopper plan [--week this|next]   print the week's meals: date, day, recipe, servings, list\n  shopper plan add [--servings N] DAY TITLE\n                                    plan a recipe for a day\n  shopper plan remove DAY TITLE     take a meal off the plan (and its share off the list)\n  shopper plan add-to-list [--to LIST] [--week this|next]\n                                    add the week's meals not yet on a list, merged\n  shopper --help | --version\n\nLIST: a list's name (default: the first list).\nDAY: today, tomorrow, a weekday's name (the next one) or a date such as 2026-11-28;\n     a week is today and the six days after it.\nData: $SHOPPER_DATA_DIR, else ~/.local/share/{app_id}",
          ["app_id": AppInfo.id])
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        var args = Array(arguments.dropFirst())
        guard let first = args.first else { return .window(files: []) }
        switch first {
        case "-h", "--help": return .help
        case "--version": return .version
        // D-Bus activation (the search provider, the desktop's launcher): GApplication reads it.
        case "--gapplication-service": return .window(files: [])
        case "lists":
            guard args.count == 1 else { throw UsageError(message: L("lists takes no arguments")) }
            return .lists
        case "recipes":
            guard args.count == 1 else { throw UsageError(message: L("recipes takes no arguments")) }
            return .recipes
        case "recipe":
            args.removeFirst()
            return try parseRecipe(&args)
        case "plan":
            args.removeFirst()
            return try parsePlan(&args)
        case "add", "export", "import", "share", "sync":
            args.removeFirst()
            switch first {
            case "add": return try parseAdd(&args)
            case "export": return try parseExport(&args)
            case "import": return try parseImport(&args)
            case "share": return try parseShare(&args)
            default: return try parseSync(&args)
            }
        default:
            if let option = args.first(where: { $0.hasPrefix("-") }) {
                throw UsageError(message: L("unknown option “{option}”", ["option": option]))
            }
            try checkReadable(args)
            return .window(files: args)
        }
    }

    private static func parseAdd(_ args: inout [String]) throws(UsageError) -> Command {
        if args.first == "-h" || args.first == "--help" { return .help }
        let list = try listOption("--to", in: &args)
        // "--" ends options, so an item may start with a dash: shopper add -- "-ish"
        if args.first == "--" {
            args.removeFirst()
        } else if let option = args.first, option.hasPrefix("-"), option.count > 1,
            !option.dropFirst().allSatisfy({ $0.isNumber || $0 == "." || $0 == "," }) {
            throw UsageError(
                message: L(
                    "unknown option “{option}” for add (an item that starts with a dash goes after --)",
                    ["option": option]))
        }
        guard !args.isEmpty else {
            throw UsageError(message: L("add needs an item, such as: shopper add \"2 kg Apples\""))
        }
        return .add(args.joined(separator: " "), to: list)
    }

    private static func parseExport(_ args: inout [String]) throws(UsageError) -> Command {
        var format = ExportFormat.csv, list = ListKind.all, from: String?
        while !args.isEmpty {
            let option = args.removeFirst()
            guard let value = args.first else {
                throw UsageError(message: L("{option} needs a value", ["option": option]))
            }
            args.removeFirst()
            switch option {
            case "--format":
                guard let f = ExportFormat(rawValue: value) else {
                    throw UsageError(message: L("unknown format “{format}”: use csv or text", ["format": value]))
                }
                format = f
            case "--list":
                guard let l = ListKind(rawValue: value) else {
                    throw UsageError(message: L("unknown list “{list}”: use all, shopping or cart", ["list": value]))
                }
                list = l
            case "--from": from = value
            default: throw UsageError(message: L("unknown option “{option}” for export", ["option": option]))
            }
        }
        return .export(format: format, list: list, from: from)
    }

    private static func parseImport(_ args: inout [String]) throws(UsageError) -> Command {
        let list = try listOption("--to", in: &args)
        if let option = args.first(where: { $0.hasPrefix("-") }) {
            throw UsageError(message: L("unknown option “{option}” for import", ["option": option]))
        }
        guard !args.isEmpty else {
            throw UsageError(message: L("import needs a file, such as: shopper import list.csv"))
        }
        try checkReadable(args)
        return .importFiles(args, to: list)
    }

    private static func parseShare(_ args: inout [String]) throws(UsageError) -> Command {
        var list: String?
        var words: [String] = []
        var mode = ""
        var kitchen = false
        while !args.isEmpty {
            let a = args.removeFirst()
            switch a {
            case "--list":
                guard let name = args.first, !name.isEmpty else {
                    throw UsageError(message: L("{option} needs a list name", ["option": a]))
                }
                list = name
                args.removeFirst()
            case "--status", "--stop": mode = a
            case "--kitchen": kitchen = true
            default:
                if a.hasPrefix("-") {
                    throw UsageError(message: L("unknown option “{option}” for share", ["option": a]))
                }
                words.append(a)
            }
        }
        if kitchen { return try kitchenShare(mode: mode, words: words, list: list) }
        switch (mode, words.count) {
        case ("--status", 0): return .shareStatus(list: list)
        case ("--stop", 0): return .shareStop(list: list)
        case ("", 2): return .share(server: words[0], user: words[1], list: list)
        default:
            throw UsageError(
                message: L(
                    "share needs a server address and a user name, such as: shopper share https://dav.example.org/ alice"
                ))
        }
    }

    /// `share --kitchen`: the recipes and plan are one per store, so no list is named.
    private static func kitchenShare(mode: String, words: [String], list: String?) throws(UsageError) -> Command {
        guard list == nil else {
            throw UsageError(message: L("share --kitchen shares the recipes and plan, not a list: leave out --list"))
        }
        switch (mode, words.count) {
        case ("--stop", 0): return .shareKitchenStop
        case ("--status", 0): return .shareStatus(list: nil)
        case ("", 2): return .shareKitchen(server: words[0], user: words[1])
        default:
            throw UsageError(
                message: L(
                    "share --kitchen needs a server address and a user name, such as: shopper share --kitchen https://dav.example.org/ alice"
                ))
        }
    }

    private static func parseSync(_ args: inout [String]) throws(UsageError) -> Command {
        let list = try listOption("--list", in: &args)
        guard args.isEmpty else {
            throw UsageError(message: L("unknown option “{option}” for sync", ["option": args[0]]))
        }
        return .sync(list: list)
    }

    private static func checkReadable(_ files: [String]) throws(UsageError) {
        for file in files where !FileManager.default.isReadableFile(atPath: file) {
            throw UsageError(message: L("cannot read “{file}”", ["file": file]))
        }
    }

    /// Takes `option NAME` from the front of `args`, if there.
    private static func listOption(_ option: String, in args: inout [String]) throws(UsageError) -> String? {
        guard args.first == option else { return nil }
        args.removeFirst()
        guard let name = args.first, !name.isEmpty else {
            throw UsageError(message: L("{option} needs a list name", ["option": option]))
        }
        args.removeFirst()
        return name
    }
}

/// The commands that need no window.
@MainActor
enum CommandRunner {
    /// Adds a line: through the running Shopper if there is one (its window shows it at once),
    /// else straight into the store.
    static func add(_ line: String, to list: String?, paths: AppPaths) throws -> String {
        let typed: PlainTextFormat.TypedLine
        switch PlainTextFormat.read(line, numbers: UserLocale.current.numbers) {
        case .success(let t): typed = t
        case .failure(let e):
            throw Command.UsageError(message: L("cannot add “{line}”: {reason}", ["line": line, "reason": e.message]))
        }
        // Another list than the first is written straight to the store: the window shows it (and its
        // count in the sidebar) within a second, as it shows any other process's write.
        if let list {
            return try added(
                typed, model: model(of: list, in: Store(path: paths.storeFile, check: .quick)), paths: paths)
        }
        switch DBusMethod.call(appID: AppInfo.id, interface: AddLineService.interface, method: AddLineService.method,
                               line, timeoutMS: AddLineService.timeoutMS) {
        case .reply(let message): return message
        case .failed(let message): throw AddLineService.Failed(message: message)
        case .noAnswer(let why):
            throw AddLineService.Failed(
                message: L(
                    "the running Shopper did not confirm “{item}” ({reason}); it may not have been added. Check the list before trying again",
                    ["item": typed.fields.description, "reason": why]))
        case .noInstance: break
        }
        // Written by this process, once: SQLite's quick check first, so a damaged file is said,
        // never written into (the window, which cannot read every page at each start, relies on
        // SQLite reporting what it reads as malformed).
        return try added(typed, model: ShoppingModel(store: Store(path: paths.storeFile, check: .quick)), paths: paths)
    }

    private static func added(_ typed: PlainTextFormat.TypedLine, model: ShoppingModel, paths: AppPaths) throws
        -> String
    {
        let outcome = try model.items.add(typed)
        guard let item = model.items.item(outcome.id) else {
            return L("Added “{item}”.", ["item": typed.fields.description])
        }
        return outcome.message(
            item, money: UserLocale.current.money(currency: Preferences.storedCurrency(paths: paths))) + "."
    }

    /// The model of the list called `name` (the first list for nil); an unknown name is an error.
    static func model(of name: String?, in store: Store) throws -> ShoppingModel {
        guard let name else { return try ShoppingModel(store: store, list: store.lists().first?.id ?? .first) }
        let lists = try store.lists()
        guard let list = ShoppingList.named(name, in: lists) else {
            throw UnknownList(name: name, known: lists.map(\.name))
        }
        return try ShoppingModel(store: store, list: list.id)
    }

    static func export(format: ExportFormat, list: ListKind, from: String?, paths: AppPaths) throws -> String {
        // Reading only: an export never changes the file, not even its header or its WAL mode.
        let model = try model(of: from, in: Store(path: paths.storeFile, access: .readOnly))
        let projection = ListProjection(model: model, kind: list)
        let items = try model.items.read((0..<projection.count).compactMap(projection.itemID))
        return format.export(items, numbers: UserLocale.current.numbers, stores: model.shops.shopNames)
    }

    /// One line a list: its name, the items still to buy, all its items (tab-separated for scripts).
    static func lists(paths: AppPaths) throws -> String {
        try Store(path: paths.storeFile, access: .readOnly).lists().map { "\($0.name)\t\($0.toBuy)\t\($0.itemCount)\n" }
            .joined()
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
