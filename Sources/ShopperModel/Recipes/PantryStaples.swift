/// What is always at home ("salt, pepper, oil…"): a recipe's staples are shown when it is added to
/// a list, but not put on it. The names are the household's, kept in the store and edited in
/// Always at Home… (`StapleTables.staples()`); the defaults are English and German, as recipes come in
/// either whatever the window's language. Schema v10 wrote them into every store: a change here
/// reaches new stores only through a migration of its own.
struct PantryStaples: Sendable {
    static let defaults: [String] = [
        "salt", "pepper", "salt and pepper", "salt & pepper", "water", "ice", "ice cubes", "oil", "olive oil",
        "vegetable oil", "sunflower oil", "canola oil", "rapeseed oil", "neutral oil", "cooking spray",
        "Salz", "Pfeffer", "Salz und Pfeffer", "Wasser", "Eiswürfel", "Öl", "Olivenöl", "Speiseöl",
        "Sonnenblumenöl", "Rapsöl", "Pflanzenöl",
    ]

    /// Words that say which salt or how warm the water, not what it is: "freshly ground black
    /// pepper" is pepper, "lauwarmes Wasser" is water.
    static let qualifiers: [String] = [
        "fresh", "freshly", "ground", "cracked", "kosher", "sea", "coarse", "fine", "table", "flaky", "iodized",
        "cold", "warm", "hot", "lukewarm", "boiling", "iced", "tap", "filtered", "extra", "virgin", "light", "mild",
        "black", "white", "good", "quality", "frisch", "frisches", "frischer", "gemahlen", "gemahlener",
        "gemahlenes", "grob", "grobes", "grober", "fein", "feines", "feiner", "kalt", "kaltes", "kaltem",
        "warmes", "warmem", "heiss", "heisses", "heißes", "lauwarm", "lauwarmes", "lauwarmem", "kochendes",
        "schwarzer", "schwarz", "weisser", "weißer", "nativ", "natives",
    ]

    /// Folded as names are, so "heißes" meets whatever the folding makes of it.
    private static let foldedQualifiers = Set(qualifiers.map { ShoppingModel.matchKey($0) })

    var names: [String]
    private let matcher: NameMatcher

    init(_ names: [String] = PantryStaples.defaults) {
        self.names = names
        matcher = NameMatcher(names)
    }

    /// Whether the ingredient is one of the staples: its whole name, once the qualifiers are
    /// gone ("red bell pepper" is not pepper; "sea salt" is salt).
    func contains(_ ingredient: Ingredient) -> Bool { contains(name: ingredient.name) }

    func contains(name: String) -> Bool {
        let words = NameMatcher.words(name).filter { !Self.foldedQualifiers.contains($0) }
        guard !words.isEmpty else { return false }
        let phrase = words.joined(separator: " ")
        guard let i = matcher.bestIndex(for: phrase) else { return false }
        // Only the whole phrase counts, not its last word alone ("bell pepper" is no staple).
        let staple = NameMatcher.words(names[i])
        return NameMatcher.stemKeys(staple).contains { Set(NameMatcher.stemKeys(words)).contains($0) }
    }
}
