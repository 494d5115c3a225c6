import Foundation

/// The same recipe twice: a page imported again, or two recipes that share a title. An import
/// says so and the person chooses (replace the one kept, or keep both); a title that names two
/// recipes names both and changes nothing.
extension Recipes {
    /// Every recipe called `title`, ignoring case and accents, by title then age.
    package func all(titled title: String) throws(StoreError) -> [Recipe] {
        let key = SearchQuery.fold(title.trimmingCharacters(in: .whitespaces))
        return try all().filter { SearchQuery.fold($0.title) == key }
    }

    /// The recipes the book already has that `draft` is: from the same address, or with the same
    /// title and the same ingredient lines (ignoring case, accents and spacing).
    package func duplicates(of draft: RecipeDraft) throws(StoreError) -> [Recipe] {
        let d = Recipe(id: RecipeID(0), draft, createdAt: Date(timeIntervalSince1970: 0))
        let source = d.source.map(Self.sourceKey)
        let lines = d.ingredients.map(Self.lineKey)
        return try all().filter { r in
            if let source, r.source.map(Self.sourceKey) == source { return true }
            return SearchQuery.fold(r.title) == SearchQuery.fold(d.title) && r.ingredients.map(Self.lineKey) == lines
        }
    }

    /// Keeps recipes read from a file or a page, in one undo step: each draft a new recipe, or
    /// written over the recipe given (its id, meals and creation kept). Returns the ids, in order.
    @discardableResult
    package func keepImported(_ drafts: [(draft: RecipeDraft, replacing: RecipeID?)], now: Date = Date())
        throws(StoreError) -> [RecipeID]
    {
        let now = StoreTime.rounded(now)
        var old: [RecipeID: Recipe] = [:]
        for case let (_, id?) in drafts { old[id] = try recipe(id) }
        var ids: [RecipeID] = []
        let title = drafts.first?.draft.capped.title ?? ""
        let name = drafts.count == 1 ? L("adding the recipe “{recipe}”", ["recipe": title])
            : N("adding {n} recipe", "adding {n} recipes", drafts.count)
        try core.commit(name) { b in
            for (draft, replacing) in drafts {
                if let replacing, let kept = old[replacing] {
                    b.cs.book.recipes[replacing] = Recipe(
                        id: replacing, draft, createdAt: kept.createdAt, updatedAt: now)
                    ids.append(replacing)
                } else {
                    let id = b.ids.newRecipeID()
                    b.cs.book.recipes[id] = Recipe(id: id, draft, createdAt: now)
                    ids.append(id)
                }
            }
        }
        return ids
    }
}

extension Recipe {
    /// When it was kept: what tells two recipes of one title apart when nothing else does.
    package var keptAt: Date { createdAt }
}

extension Recipes {
    /// An address as the same page: no scheme, no "www.", no trailing slash, no fragment.
    private static func sourceKey(_ s: String) -> String {
        var k = s.trimmingCharacters(in: .whitespaces).lowercased()
        if let hash = k.firstIndex(of: "#") { k = String(k[..<hash]) }
        for prefix in ["https://", "http://"] where k.hasPrefix(prefix) { k.removeFirst(prefix.count) }
        if k.hasPrefix("www.") { k.removeFirst(4) }
        while k.hasSuffix("/") { k.removeLast() }
        return k
    }

    private static func lineKey(_ s: String) -> String {
        SearchQuery.fold(s).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
