import Foundation
import ShopperModel

/// A change to the recipe book or the week's plan asked on the command line (`shopper recipe
/// import`, `recipe delete`, `plan add`, `plan remove`, `plan add-to-list`): sent to the running
/// window when there is one (its pages show it at once, and Undo takes it back), else done
/// straight on the store. Either way the same model operations as the window's buttons.
struct BookRequest: Codable, Equatable {
    enum Action: String, Codable { case keep, delete, planAdd, planRemove, addWeek }
    /// What an import does when the book has the recipe already.
    enum Duplicates: String, Codable { case refuse, replace, keepBoth }

    var action: Action
    var title = ""
    var drafts: [RecipeDraft] = []
    var duplicates = Duplicates.refuse
    /// The day (planAdd, planRemove) or the first day (addWeek), as "2026-11-28".
    var day: String?
    /// The last day addWeek takes meals from.
    var through: String?
    var servings: Int?
    var list: String?

    init(_ action: Action, title: String = "", drafts: [RecipeDraft] = [], duplicates: Duplicates = .refuse,
         day: PlanDay? = nil, through: PlanDay? = nil, servings: Int? = nil, list: String? = nil) {
        self.action = action
        self.title = title
        self.drafts = drafts
        self.duplicates = duplicates
        self.day = day?.description
        self.through = through?.description
        self.servings = servings
        self.list = list
    }

    init?(encoded: String) {
        guard let r = try? JSONDecoder().decode(BookRequest.self, from: Data(encoded.utf8)) else { return nil }
        self = r
    }

    var encoded: String { String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self) }
}

/// The running window's method for `BookRequest`s.
enum BookService {
    static let interface = "io.github.shopperapp.Shopper.Book"
    static let method = "Change"
    static let timeoutMS: Int32 = 120_000
}

@MainActor
enum BookCommands {
    /// Through the running window when there is one, else on the store, once.
    static func run(_ request: BookRequest, paths: AppPaths) throws -> String {
        switch DBusMethod.call(appID: AppInfo.id, interface: BookService.interface, method: BookService.method,
                               request.encoded, timeoutMS: BookService.timeoutMS) {
        case .reply(let message): return message
        case .failed(let message): throw AddLineService.Failed(message: message)
        case .noAnswer(let why):
            throw AddLineService.Failed(
                message: L(
                    "the running Shopper did not answer ({reason}); check the recipes and the plan before trying again",
                                                   ["reason": why]))
        case .noInstance: break
        }
        let store = try Store(path: paths.storeFile, check: .quick)
        return try perform(
            request, on: CommandRunner.model(of: request.action == .addWeek ? request.list : nil, in: store))
    }

    /// The request done on `model` (the window's own, or one sharing its undo history): what it
    /// did, in words; a request that cannot be done throws one sentence and changes nothing.
    static func perform(_ r: BookRequest, on model: ShoppingModel) throws -> String {
        switch r.action {
        case .keep: return try keep(r.drafts, duplicates: r.duplicates, in: model)
        case .delete:
            let recipe = try RecipeCommands.recipe(r.title, in: model.recipes.all())
            try model.recipes.deleteRecipe(recipe.id)
            return L("Deleted “{recipe}”.", ["recipe": recipe.title])
        case .planAdd:
            let recipe = try RecipeCommands.recipe(r.title, in: model.recipes.all())
            let day = try Self.day(r.day)
            let servings = min(max(r.servings ?? recipe.baseServings, 1), RecipeDraft.maxServings)
            try model.plan.planMeal(recipe.id, on: day, servings: servings)
            return N(
                "“{recipe}” is planned for {day}, for {n} serving.",
                "“{recipe}” is planned for {day}, for {n} servings.", servings,
                     ["recipe": recipe.title, "day": DateText.day(day.date())])
        case .planRemove: return try removeMeal(r.title, on: Self.day(r.day), in: model)
        case .addWeek: return try addWeek(from: Self.day(r.day), through: Self.day(r.through), to: model)
        }
    }

    private static func day(_ text: String?) throws -> PlanDay {
        guard let text, let day = PlanDay.named(text, today: PlanDay(Date())) else {
            throw AddLineService.Failed(message: L("cannot read the request"))
        }
        return day
    }

    /// Keeps what was read; a recipe the book has already is refused in one sentence unless the
    /// person chose to replace it or keep both.
    static func keep(_ drafts: [RecipeDraft], duplicates: BookRequest.Duplicates, in model: ShoppingModel) throws
        -> String
    {
        var kept: [(draft: RecipeDraft, replacing: RecipeID?)] = []
        var said: [String] = []
        for draft in drafts.map(\.capped) {
            let twin = try model.recipes.duplicates(of: draft).first
            let title = draft.title.isEmpty ? L("Untitled Recipe") : draft.title
            switch (twin, duplicates) {
            case (nil, _):
                kept.append((draft, nil))
                said.append(L("Kept “{recipe}” with your recipes.", ["recipe": title]))
            case (let twin?, .refuse):
                let why =
                    twin.draft.source != nil && twin.draft.source == draft.source
                    ? L("from the same address") : L("with the same title and ingredients")
                throw AddLineService.Failed(
                    message: L(
                        "“{recipe}” is with your recipes already ({why}): --replace replaces it, --keep-both keeps both; nothing was changed",
                                                       ["recipe": twin.title, "why": why]))
            case (let twin?, .replace):
                kept.append((draft, twin.id))
                said.append(
                    L(
                        "Replaced “{recipe}” with what was read (the same recipe was kept already).",
                        ["recipe": twin.title]))
            case (_?, .keepBoth):
                kept.append((draft, nil))
                said.append(L("Kept “{recipe}” beside the one kept already (both are kept).", ["recipe": title]))
            }
        }
        guard !kept.isEmpty else { throw AddLineService.Failed(message: L("no recipe was read; nothing was changed")) }
        try model.recipes.keepImported(kept)
        return zip(said, kept).map { $0 + "\n" + RecipeCommands.text($1.draft) }.joined(separator: "\n")
    }

    private static func removeMeal(_ title: String, on day: PlanDay, in model: ShoppingModel) throws -> String {
        let named = try model.recipes.all(titled: title)
        let key = Set(named.map(\.id))
        guard let meal = try model.plan.meals(from: day).last(where: { $0.day == day && key.contains($0.recipe) })
        else {
            throw AddLineService.Failed(message: L("“{recipe}” is not planned for {day}; nothing was changed",
                                                   ["recipe": title, "day": DateText.day(day.date())]))
        }
        let recipe = named.first { $0.id == meal.recipe }?.title ?? title
        let list = meal.list.flatMap { id in model.lists.all.first { $0.id == id }?.name }
        try model.plan.removeMeal(meal.id)
        let off = L("“{recipe}” is off the plan for {day}.", ["recipe": recipe, "day": DateText.day(day.date())])
        return list.map { off + " " + L("Its ingredients came off “{list}”.", ["list": $0]) } ?? off
    }

    private static func addWeek(from: PlanDay, through: PlanDay, to model: ShoppingModel) throws -> String {
        let name = model.lists.all.first { $0.id == model.list }?.name ?? ""
        let waiting = try model.plan.mealsWaiting(from: from, through: through)
        let days = ["from": DateText.day(from.date()), "through": DateText.day(through.date())]
        guard waiting > 0 else {
            return L("No meal from {from} to {through} waits to be added; nothing was changed.", days)
        }
        let changes = try model.plan.addWeekToList(from: from, through: through)
        let summary = N("Added {n} meal to “{list}”:", "Added {n} meals to “{list}”:", waiting, ["list": name])
        return ([summary] + changes.map { "  " + $0.words }).joined(separator: "\n")
    }

    /// A request delivered to the window: on the window's model (another list's, for Add the
    /// Week to another list, sharing its undo history), the pages read again, said with Undo.
    static func performInWindow(_ text: String, window: MainWindow) throws -> String {
        guard let request = BookRequest(encoded: text) else {
            throw AddLineService.Failed(message: L("cannot read the request"))
        }
        let shown = window.model
        let model = try RecipeCommands.windowModel(for: request.action == .addWeek ? request.list : nil, window: window)
        let before = shown.undo.latestID
        let message = try perform(request, on: model)
        if model !== shown { shown.lists.reloadLists() }
        window.recipes.bookChanged()
        window.updateActions()
        // The first line, without the full stop or colon a terminal's sentence ends with (a toast
        // has none).
        var first = message.components(separatedBy: "\n")[0]
        if first.hasSuffix(".") || first.hasSuffix(":") { first.removeLast() }
        if let undo = window.undoAction(ifNewSince: before) {
            window.toast.show(first, actionTitle: L("Undo"), action: undo)
        } else {
            window.toast.show(first)
        }
        return message
    }
}
