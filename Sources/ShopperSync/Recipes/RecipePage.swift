import CXML
import Foundation
import ShopperModel

/// The recipes a web page carries, read with libxml2's HTML parser (never by searching the text):
/// every `<script type="application/ld+json">` through the schema.org reader, and microdata
/// (`itemscope itemtype="…schema.org/Recipe"`). A recipe marked both ways is read once.
/// Within a `ReadBudget`: the bytes as UTF-8 (`PageEncoding`), counted before libxml2 sees
/// them (`HTMLScan`), parsed by callbacks that count (`PageParser`), walked with the same clock.
enum RecipePage {
    /// The recipes; none when the page has none. Over a limit: the limit, and nothing read.
    static func read(html data: Data, source: String?, budget: ReadBudget) throws(ReadLimit) -> [RecipeDraft] {
        let page = PageEncoding.utf8(data)
        try budget.checkTime()
        try HTMLScan.check(page, budget: budget)
        guard let doc = try PageParser.parse(page, budget: budget) else { return [] }
        defer { xmlFreeDoc(doc) }
        guard let root = xmlDocGetRootElement(doc) else { return [] }
        var scripts: [String] = []
        var items: [[String: Any]] = []
        try walk(HTMLNode(node: root), depth: 0, budget: budget, scripts: &scripts, items: &items)
        var drafts: [RecipeDraft] = []
        for script in scripts {
            drafts += try SchemaOrgRecipe.read(json: Data(script.utf8), source: source, budget: budget)
        }
        let marked = try SchemaOrgRecipe.drafts(in: items, source: source, budget: budget)
        drafts += marked
        try completed(&drafts, marked: marked, root: HTMLNode(node: root), budget: budget)
        var seen = Set<[String]>()
        return drafts.filter { seen.insert([$0.title.lowercased()] + $0.ingredients).inserted }.prefix(
            SchemaOrgRecipe.maxRecipes
        ).map { $0 }
    }

    /// JSON-LD without ingredients, or with names but no amounts ("LANDFREUDE Eier" where the page
    /// shows "4 LANDFREUDE Eier"): the page's own markup of them (microdata, its recipe card)
    /// instead, when that reads as amounts of something.
    private static func completed(_ drafts: inout [RecipeDraft], marked: [RecipeDraft], root: HTMLNode,
                                  budget: ReadBudget) throws(ReadLimit) {
        let wanting = drafts.indices.filter {
            drafts[$0].ingredients.isEmpty || !IngredientLines.readsAsRecipe(drafts[$0])
        }
        guard !wanting.isEmpty else { return }
        var lines = marked.first { !$0.ingredients.isEmpty && IngredientLines.readsAsRecipe($0) }?.ingredients ?? []
        if lines.isEmpty { lines = try RecipeCard.ingredients(root, budget: budget) }
        guard !lines.isEmpty else { return }
        let card = lines.map { $0.lowercased() }
        // Lines to replace are the card's own, without amounts: most of them stand in a card line.
        func sameList(_ names: [String]) -> Bool {
            names.filter { name in card.contains { $0.contains(name.lowercased()) } }.count * 2 >= names.count
        }
        for k in wanting where drafts[k].ingredients.isEmpty || sameList(drafts[k].ingredients) {
            drafts[k].ingredients = lines
            drafts[k] = drafts[k].capped
        }
    }

    /// The recipes, within a fresh budget (30 s); none over a limit. For the tests' pages.
    static func drafts(html data: Data, source: String?) -> [RecipeDraft] {
        (try? read(html: data, source: source, budget: ReadBudget())) ?? []
    }

    private static func walk(_ e: HTMLNode, depth: Int, budget: ReadBudget, scripts: inout [String],
                             items: inout [[String: Any]]) throws(ReadLimit) {
        guard depth < ReadBudget.maxDepth else { return }
        try budget.step()
        if e.name == "script" {
            guard e.attribute("type")?.lowercased().contains("ld+json") == true else { return }
            let json = e.rawText
            // As long as a text node is kept: it was cut, and the rest of its recipe is not here.
            guard json.utf8.count < ReadBudget.maxNodeText else {
                throw .script(megabytes: ReadBudget.maxNodeText >> 20)
            }
            scripts.append(ScriptText.unwrapped(json))
            return
        }
        if Microdata.isRecipe(e) { return items.append(try Microdata.item(e, budget: budget)) }
        for child in e.elements { try walk(child, depth: depth + 1, budget: budget, scripts: &scripts, items: &items) }
    }
}
