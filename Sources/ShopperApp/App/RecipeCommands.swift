import Foundation
import ShopperModel
import ShopperSyncModel

/// `shopper recipes`, `shopper recipe add`, `delete`, `export` and `import`:
/// the household's recipes from scripts. An add goes through the running window when there is one (its list and Undo
/// follow), else straight into the store, merged the same way.
extension Command {
    static func parseRecipe(_ args: inout [String]) throws(UsageError) -> Command {
        guard let verb = args.first else {
            throw UsageError(
                message: L("recipe needs add, delete, export or import, such as: shopper recipe add Pancakes"))
        }
        args.removeFirst()
        switch verb {
        case "add": return try parseRecipeAdd(&args)
        case "export":
            if let option = args.first(where: { $0.hasPrefix("-") && $0 != "--" }) {
                throw UsageError(message: L("unknown option “{option}” for recipe export", ["option": option]))
            }
            let words = args.filter { $0 != "--" }
            args = []
            return .recipeExport(title: words.isEmpty ? nil : words.joined(separator: " "))
        case "import": return try parseRecipeImport(&args)
        case "delete":
            if args.first == "--" {
                args.removeFirst()
            } else if let option = args.first(where: { $0.hasPrefix("-") && $0.count > 1 }) {
                throw UsageError(
                    message: L(
                        "unknown option “{option}” for recipe delete (a title that starts with a dash goes after --)",
                        ["option": option]))
            }
            let words = args
            args = []
            guard !words.isEmpty else {
                throw UsageError(
                    message: L("recipe delete needs a recipe's title, such as: shopper recipe delete Pancakes"))
            }
            return .recipeDelete(title: words.joined(separator: " "))
        default:
            throw UsageError(
                message: L("unknown recipe command “{command}”: use add, delete, export or import", ["command": verb]))
        }
    }

    /// `recipe add [--servings N] [--to LIST] TITLE`.
    private static func parseRecipeAdd(_ args: inout [String]) throws(UsageError) -> Command {
        var servings: Int?, list: String?, words: [String] = []
        while !args.isEmpty {
            let a = args.removeFirst()
            switch a {
            case "--":
                words += args
                args = []
            case "--servings", "--to":
                guard let value = args.first, !value.isEmpty else {
                    throw UsageError(message: L("{option} needs a value", ["option": a]))
                }
                args.removeFirst()
                if a == "--to" { list = value; continue }
                guard let n = Int(value), (1...1000).contains(n) else {
                    throw UsageError(
                        message: L("--servings takes a number from 1 to 1000, not “{value}”", ["value": value]))
                }
                servings = n
            default:
                if a.hasPrefix("-"), a.count > 1 {
                    throw UsageError(message: L("unknown option “{option}” for recipe add", ["option": a]))
                }
                words.append(a)
            }
        }
        guard !words.isEmpty else {
            throw UsageError(message: L("recipe add needs a recipe's title, such as: shopper recipe add Pancakes"))
        }
        return .recipeAdd(title: words.joined(separator: " "), servings: servings, to: list)
    }

    /// `recipe import [--dry-run | --replace | --keep-both] FILE|URL`.
    private static func parseRecipeImport(_ args: inout [String]) throws(UsageError) -> Command {
        var mode: RecipeImportMode?, sources: [String] = []
        while !args.isEmpty {
            let a = args.removeFirst()
            let chosen: RecipeImportMode? = switch a {
            case "--dry-run": .dryRun
            case "--replace": .keep(.replace)
            case "--keep-both": .keep(.keepBoth)
            default: nil
            }
            if let chosen {
                if let mode, mode != chosen {
                    throw UsageError(message: L("choose one of --dry-run, --replace and --keep-both"))
                }
                mode = chosen
            } else if a.hasPrefix("-"), a.count > 1 {
                throw UsageError(message: L("unknown option “{option}” for recipe import", ["option": a]))
            } else {
                sources.append(a)
            }
        }
        guard sources.count == 1, let source = sources.first, !source.isEmpty else {
            throw UsageError(
                message: L(
                    "recipe import needs one file or web address, such as: shopper recipe import https://example.org/pancakes"
                ))
        }
        return .recipeImport(source, mode ?? .keep(.refuse))
    }
}

/// What `shopper recipe import` does with what it read.
enum RecipeImportMode: Equatable {
    /// Prints it, keeps nothing.
    case dryRun
    /// Keeps it; a recipe the book has already as said.
    case keep(BookRequest.Duplicates)
}

@MainActor
enum RecipeCommands {
    /// What a file or web page holds, read by the sharing helper (it fetches and parses pages, so
    /// `shopper` links neither libsoup nor libxml2), printed one field a line: the field's name,
    /// a tab, its value; an ingredient a line; a blank line between recipes. Kept (through the
    /// window when it is open) unless `--dry-run`. No recipe: the helper's one sentence, thrown (exit 1).
    static func importRecipes(from source: String, mode: RecipeImportMode, paths: AppPaths) throws -> String {
        let drafts = try SyncHelper.recipes(from: source)
        guard case .keep(let duplicates) = mode else { return drafts.map(text).joined(separator: "\n") }
        return try BookCommands.run(BookRequest(.keep, drafts: drafts, duplicates: duplicates), paths: paths)
    }

    nonisolated static func text(_ d: RecipeDraft) -> String {
        var lines = [[L("title"), d.title]]
        if let servings = d.servings { lines.append([L("servings"), "\(servings)"]) }
        if let words = d.yieldText { lines.append([L("yield"), words]) }
        lines += d.ingredients.map { [L("ingredient"), $0] }
        lines.append([L("steps"), "\(MethodSteps.count(d.method))"])
        if !d.tags.isEmpty { lines.append([L("tags"), d.tags.joined(separator: ", ")]) }
        if let source = d.source { lines.append([L("source"), source]) }
        return lines.map { $0.joined(separator: "\t") + "\n" }.joined()
    }

    /// One line a recipe: title, servings (empty when unknown), then each ingredient line, all
    /// tab-separated (tabs and line breaks inside them become spaces).
    static func list(paths: AppPaths) throws -> String {
        func field(_ s: String) -> String {
            s.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
        }
        return try Store(path: paths.storeFile, access: .readOnly).recipeTables.recipes().map { r in
            ([r.title, r.servings.map(String.init) ?? ""] + r.ingredients).map(field).joined(separator: "\t") + "\n"
        }.joined()
    }

    /// schema.org JSON of the recipe called `title`, or of every recipe.
    static func export(title: String?, paths: AppPaths) throws -> String {
        let store = try Store(path: paths.storeFile, access: .readOnly)
        let recipes =
            try title.map { [try recipe($0, in: store.recipeTables.recipes())] } ?? store.recipeTables.recipes()
        return String(decoding: SchemaOrgRecipe.json(recipes.map(\.draft)), as: UTF8.self) + "\n"
    }

    static func add(title: String, servings: Int?, to list: String?, paths: AppPaths) throws -> String {
        let request = RecipeAddService.Request(title: title, servings: servings, list: list)
        switch DBusMethod.call(
            appID: AppInfo.id, interface: RecipeAddService.interface, method: RecipeAddService.method,
                               request.encoded, timeoutMS: RecipeAddService.timeoutMS) {
        case .reply(let message): return message
        case .failed(let message): throw AddLineService.Failed(message: message)
        case .noAnswer(let why):
            throw AddLineService.Failed(
                message: L(
                    "the running Shopper did not confirm adding “{recipe}” ({reason}); check the list before trying again",
                                                   ["recipe": title, "reason": why]))
        case .noInstance: break
        }
        let store = try Store(path: paths.storeFile, check: .quick)
        let model = try CommandRunner.model(of: list, in: store)
        return try added(request, to: model)
    }

    /// The add, on `model` (the window's own, or one sharing its undo history): what it did, line
    /// by line after a summary.
    static func added(_ request: RecipeAddService.Request, to model: ShoppingModel) throws -> String {
        let r = try recipe(request.title, in: model.recipes.all())
        let changes = try model.plan.addRecipeToList(r.id, servings: request.servings)
        let name = model.lists.all.first { $0.id == model.list }?.name ?? ""
        let summary = L(
            "Added “{recipe}” for {servings} to {list}:",
            ["recipe": r.title, "servings": "\(request.servings ?? r.baseServings)", "list": name])
        return ([summary] + changes.map { "  " + $0.words }).joined(separator: "\n")
    }

    /// The one recipe called `title`; none, or two that share it (each named), is one sentence.
    static func recipe(_ title: String, in recipes: [Recipe]) throws -> Recipe {
        let key = ShoppingModel.matchKey(title.trimmingCharacters(in: .whitespaces))
        let named = recipes.filter { ShoppingModel.matchKey($0.title) == key }
        guard let r = named.first else {
            throw AddLineService.Failed(
                message: L("there is no recipe named “{recipe}”; nothing was changed", ["recipe": title]))
        }
        guard named.count == 1 else {
            throw AddLineService.Failed(
                message: L(
                    "“{recipe}” names {n} recipes: {which}; rename one in Shopper first. Nothing was changed",
                    ["recipe": title, "n": "\(named.count)", "which": named.map(described).joined(separator: "; ")]))
        }
        return r
    }

    /// "“Pancakes” (serves 4, 5 ingredients, from https://example.org/p)": enough to tell apart.
    private static func described(_ r: Recipe) -> String {
        var parts = [N("{n} ingredient", "{n} ingredients", r.ingredients.count)]
        if let servings = r.servings { parts.insert(L("serves {n}", ["n": "\(servings)"]), at: 0) }
        parts.append(r.draft.source.map { L("from {source}", ["source": $0]) } ?? L("typed"))
        parts.append(L("kept {day}", ["day": DateText.day(r.keptAt)]))
        return "“\(r.title)” (" + parts.joined(separator: ", ") + ")"
    }

    /// The window's model for the list called `name` (the first list for nil, as `shopper add`):
    /// the one shown, or another sharing its undo history.
    static func windowModel(for name: String?, window: MainWindow) throws -> ShoppingModel {
        let shown = window.model
        let store = shown.store
        let lists = shown.lists.all
        let target: ShoppingList?
        if let name {
            guard let named = ShoppingList.named(name, in: lists) else {
                throw UnknownList(name: name, known: lists.map(\.name))
            }
            target = named
        } else {
            target = lists.first
        }
        guard let target, target.id != shown.list else { return shown }
        return try ShoppingModel(store: store, list: target.id, undo: shown.undo)
    }

    /// `shopper recipe add` delivered to the window: to the list named (the first list by
    /// default, as `shopper add`), in the window's undo history, said with Undo.
    static func addInWindow(_ text: String, window: MainWindow) throws -> String {
        guard let request = RecipeAddService.Request(encoded: text) else {
            throw AddLineService.Failed(message: L("cannot read the request"))
        }
        let shown = window.model
        let model = try windowModel(for: request.list, window: window)
        let message = try added(request, to: model)
        if model !== shown { shown.lists.reloadLists() }
        window.toast.show(message.components(separatedBy: "\n")[0], actionTitle: L("Undo"), action: window.undoAction())
        return message
    }
}

/// `shopper recipe add` talking to the running window.
enum RecipeAddService {
    static let interface = "io.github.shopperapp.Shopper.Recipes"
    static let method = "AddRecipe"
    static let timeoutMS: Int32 = 120_000

    struct Request: Codable, Equatable {
        var title: String
        var servings: Int?
        var list: String?

        init(title: String, servings: Int?, list: String?) {
            self.title = title
            self.servings = servings
            self.list = list
        }

        init?(encoded: String) {
            guard let r = try? JSONDecoder().decode(Request.self, from: Data(encoded.utf8)) else { return nil }
            self = r
        }

        var encoded: String { String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self) }
    }
}
