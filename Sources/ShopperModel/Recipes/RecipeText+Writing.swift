/// A recipe as text that `RecipeText.read` reads back to the same recipe: what the window puts in
/// the recipe's text to edit it, and what an imported page becomes before it is kept (so it can be
/// corrected first). Its headings are the reader's own words (English), not the window's: they
/// are how the text is read, whatever the language around it.
extension RecipeText {
    package static func text(of d: RecipeDraft) -> String {
        var lines = [d.title, ""]
        lines.append(d.servings.map { "Ingredients (serves \($0))" } ?? "Ingredients")
        lines += d.ingredients
        if !d.method.isEmpty {
            // Every step numbered: an unnumbered line would continue the step before it. A step
            // that begins with a number ("2 eggs, beaten…") is written "Step 3: …", which the
            // reader takes whole ("3. 2 eggs" would read as no step). A section's heading stands
            // unnumbered: a line ending in ":" never continues a step.
            lines += ["", "Method"] + MethodSteps.numbered(d.method).map { n, step in
                guard let n else { return step }
                return step.first?.isNumber == true ? "Step \(n): \(step)" : "\(n). \(step)"
            }
        }
        if !d.notes.isEmpty { lines += ["", "Notes", d.notes] }
        return lines.joined(separator: "\n")
    }

    /// `text` read, with what the text does not carry taken from `base` (the recipe edited, or the
    /// page imported): its source, its tags, and its yield's own words where the servings stayed.
    package static func read(_ text: String, keeping base: RecipeDraft) -> RecipeDraft {
        var d = read(text, source: base.source) ?? RecipeDraft(title: "", source: base.source)
        d.tags = base.tags
        if d.servings == base.servings { d.yieldText = base.yieldText }
        return d.capped
    }
}
