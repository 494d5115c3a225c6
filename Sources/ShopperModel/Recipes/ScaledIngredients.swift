/// A recipe's ingredient lines as a cook reads them for a number of servings: each amount scaled
/// exactly (`⅓ cup` for 2 is `⅔ cup` for 4) and written in the user's number form, beside the rest
/// of the line. What the recipe page shows, and what its tests read.
package enum ScaledIngredients {
    package struct Line: Equatable, Sendable {
        /// "1½ cups", "250 ml", "2–3"; nil for a line without an amount ("salt to taste").
        package let amount: String?
        /// The rest: "milk, warmed"; the whole line where it could not be read.
        package let text: String
        /// "For the sauce:": no amount, set apart.
        package let isHeading: Bool
    }

    /// `ingredients` written for `base` servings, for `servings`. A line whose scaled amount would
    /// leave exact arithmetic's bounds is shown as written.
    package static func lines(_ ingredients: [String], from base: Int, to servings: Int, numbers: NumberConvention)
        -> [Line]
    {
        ingredients.map { raw in
            let parsed = IngredientParser.parse(raw, numbers: numbers)
            if parsed.isHeading { return Line(amount: nil, text: raw, isHeading: true) }
            guard parsed.quantity != nil, let scaled = parsed.scaled(from: max(1, base), to: max(1, servings)),
                  let amount = scaled.amountText(numbers) else {
                return Line(amount: nil, text: raw, isHeading: false)
            }
            var text = scaled.name
            if let p = scaled.preparation, !p.isEmpty { text += ", " + p }
            if let u = scaled.purpose { text += ", " + u }
            if let n = scaled.note, !n.isEmpty { text += " (" + n + ")" }
            if let e = scaled.each { text += " (" + L("{size} each", ["size": e]) + ")" }
            if scaled.optional { text += " " + L("(optional)") }
            return Line(amount: amount, text: text, isHeading: false)
        }
    }
}
