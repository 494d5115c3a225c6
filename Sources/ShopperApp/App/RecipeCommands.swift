import Foundation
import ShopperModel
import ShopperSyncModel

/// `shopper recipes`, `shopper recipe add`, `shopper recipe export` and `shopper recipe import`:
/// the household's recipes from scripts. An add goes through the running window when there is one (its list and Undo
/// follow), else straight into the store, merged the same way.
extension Command {
    static func parseRecipe(_ args: inout [String]) throws(UsageError) -> Command {
        guard let verb = args.first else {
            throw UsageError(message: L("recipe needs add, export or import, such as: shopper recipe add Pancakes"))
        }
        args.removeFirst()
        switch verb {
        case "add":
            var servings: Int?, list: String?, words: [String] = []
            while !args.isEmpty {
                let a = args.removeFirst()
                switch a {
                case "--":
                    words += args
                    args = []
                case "--servings", "--to":
                    guard let value = args.first, !value.isEmpty else { throw UsageError(message: L("{option} needs a value", ["option": a])) }
                    args.removeFirst()
                    if a == "--to" { list = value; continue }
                    guard let n = Int(value), (1...1000).contains(n) else {
                        throw UsageError(message: L("--servings takes a number from 1 to 1000, not “{value}”", ["value": value]))
                    }
                    servings = n
                default:
                    if a.hasPrefix("-"), a.count > 1 { throw UsageError(message: L("unknown option “{option}” for recipe add", ["option": a])) }
                    words.append(a)
                }
            }
            guard !words.isEmpty else { throw UsageError(message: L("recipe add needs a recipe's title, such as: shopper recipe add Pancakes")) }
            return .recipeAdd(title: words.joined(separator: " "), servings: servings, to: list)
        case "export":
            if let option = args.first(where: { $0.hasPrefix("-") && $0 != "--" }) {
                throw UsageError(message: L("unknown option “{option}” for recipe export", ["option": option]))
            }
            let words = args.filter { $0 != "--" }
            args = []
            return .recipeExport(title: words.isEmpty ? nil : words.joined(separator: " "))
        case "import":
            guard args.count == 1, let source = args.first, !source.isEmpty else {
                throw UsageError(message: L("recipe import needs one file or web address, such as: shopper recipe import https://example.org/pancakes"))
            }
            args = []
            return .recipeImport(source)
        default:
            throw UsageError(message: L("unknown recipe command “{command}”: use add, export or import", ["command": verb]))
        }
    }
}

@MainActor
enum RecipeCommands {
    /// What a file or web page holds, read by the sharing helper (it fetches and parses pages, so
    /// `shopper` links neither libsoup nor libxml2), printed one field a line: the field's name,
    /// a tab, its value; an ingredient a line; a blank line between recipes. Nothing is kept.
    /// No recipe: the helper's one sentence, thrown (exit 1).
    nonisolated static func importRecipes(from source: String) throws -> String {
        try SyncHelper.recipes(from: source).map(text).joined(separator: "\n")
    }

    nonisolated static func text(_ d: RecipeDraft) -> String {
        var lines = [[L("title"), d.title]]
        if let servings = d.servings { lines.append([L("servings"), "\(servings)"]) }
        if let words = d.yieldText { lines.append([L("yield"), words]) }
        lines += d.ingredients.map { [L("ingredient"), $0] }
        lines.append([L("steps"), "\(d.method.count)"])
        if !d.tags.isEmpty { lines.append([L("tags"), d.tags.joined(separator: ", ")]) }
        if let source = d.source { lines.append([L("source"), source]) }
        return lines.map { $0.joined(separator: "\t") + "\n" }.joined()
    }

    /// One line a recipe: title, servings (empty when unknown), then each ingredient line, all
    /// tab-separated (tabs and line breaks inside them become spaces).
    static func list(paths: AppPaths) throws -> String {
        func field(_ s: String) -> String { s.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ") }
        return try Store(path: paths.storeFile, access: .readOnly).recipes().map { r in
            ([r.title, r.servings.map(String.init) ?? ""] + r.ingredients).map(field).joined(separator: "\t") + "\n"
        }.joined()
    }

    /// schema.org JSON of the recipe called `title`, or of every recipe.
    static func export(title: String?, paths: AppPaths) throws -> String {
        let store = try Store(path: paths.storeFile, access: .readOnly)
        let recipes = try title.map { [try recipe($0, in: store.recipes())] } ?? store.recipes()
        return String(decoding: SchemaOrgRecipe.json(recipes.map(\.draft)), as: UTF8.self) + "\n"
    }

    static func add(title: String, servings: Int?, to list: String?, paths: AppPaths) throws -> String {
        let request = RecipeAddService.Request(title: title, servings: servings, list: list)
        switch DBusMethod.call(appID: AppInfo.id, interface: RecipeAddService.interface, method: RecipeAddService.method,
                               request.encoded, timeoutMS: RecipeAddService.timeoutMS) {
        case .reply(let message): return message
        case .failed(let message): throw AddLineService.Failed(message: message)
        case .noAnswer(let why):
            throw AddLineService.Failed(message: L("the running Shopper did not confirm adding “{recipe}” ({reason}); check the list before trying again",
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
        let r = try recipe(request.title, in: model.recipes())
        let changes = try model.addRecipeToList(r.id, servings: request.servings)
        let name = model.lists.first { $0.id == model.list }?.name ?? ""
        let summary = L("Added “{recipe}” for {servings} to {list}:", ["recipe": r.title, "servings": "\(request.servings ?? r.baseServings)", "list": name])
        return ([summary] + changes.map { "  " + $0.words }).joined(separator: "\n")
    }

    static func recipe(_ title: String, in recipes: [Recipe]) throws -> Recipe {
        let key = ShoppingModel.matchKey(title.trimmingCharacters(in: .whitespaces))
        guard let r = recipes.first(where: { ShoppingModel.matchKey($0.title) == key }) else {
            throw AddLineService.Failed(message: L("there is no recipe named “{recipe}”; nothing was changed", ["recipe": title]))
        }
        return r
    }

    /// `shopper recipe add` delivered to the window: to the list named (the first list by
    /// default, as `shopper add`), in the window's undo history, said with Undo.
    static func addInWindow(_ text: String, window: MainWindow) throws -> String {
        guard let request = RecipeAddService.Request(encoded: text) else { throw AddLineService.Failed(message: L("cannot read the request")) }
        let shown = window.model
        guard let store = shown.store else { throw AddLineService.Unavailable() }
        let lists = shown.lists
        let target: ShoppingList?
        if let name = request.list {
            guard let named = ShoppingList.named(name, in: lists) else { throw UnknownList(name: name, known: lists.map(\.name)) }
            target = named
        } else {
            target = lists.first
        }
        let model = target == nil || target?.id == shown.list ? shown : try ShoppingModel(store: store, list: target!.id, undo: shown.undo)
        let message = try added(request, to: model)
        if model !== shown { shown.reloadLists() }
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
