import Foundation

/// A meal as a calendar shows it: "Pancakes for 6" and, in its description, what a person cooks
/// from (the ingredients scaled to its servings, then the method). And back: the recipe an event
/// made in a calendar app names ("Chili for 4", "Chili für 4", "Chili").
package enum MealText {
    /// "Pancakes for 6", in this desktop's language.
    package static func summary(title: String, servings: Int) -> String {
        N("{recipe} for {n}", "{recipe} for {n}", servings, ["recipe": title])
    }

    /// The scaled ingredients, a blank line, the numbered method.
    package static func description(_ recipe: Recipe, servings: Int,
                                    numbers: NumberConvention = UserLocale.current.numbers) -> String {
        let lines = ScaledIngredients.lines(recipe.ingredients, from: recipe.baseServings, to: servings,
                                            numbers: numbers).map { l in
            l.amount.map { $0 + " " + l.text } ?? l.text
        }
        let method = MethodSteps.numbered(recipe.method).map { n, step in n.map { "\($0). \(step)" } ?? step }
        return ([lines.joined(separator: "\n")] + (method.isEmpty ? [] : [method.joined(separator: "\n")]))
            .joined(separator: "\n\n")
    }

    /// The words around a count that a summary may end in: English and German, and this
    /// desktop's own ("for", "für").
    static let countWords = ["for", "für", "x"]

    /// The title and servings a summary names: "Chili for 4" is Chili for 4, "Chili (4)" too;
    /// "Chili" is Chili for as many as the recipe says (nil).
    package static func named(_ text: String) -> (title: String, servings: Int?) {
        var words = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").map(String.init)
        guard words.count >= 2 else { return (words.joined(), nil) }
        let last = words.last!.trimmingCharacters(in: CharacterSet(charactersIn: "()"))
        guard let n = Int(last), (1...RecipeDraft.maxServings).contains(n) else {
            return (words.joined(separator: " "), nil)
        }
        words.removeLast()
        let local = SearchQuery.fold(summary(title: "", servings: n)).split(separator: " ").first.map(String.init)
        let counting = countWords.map(SearchQuery.fold) + [local].compactMap { $0 }
        if let w = words.last, counting.contains(SearchQuery.fold(w)) {
            words.removeLast()
        }
        return (words.joined(separator: " "), n)
    }
}
