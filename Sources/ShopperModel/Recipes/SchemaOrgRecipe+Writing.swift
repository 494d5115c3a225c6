import Foundation

/// A draft as schema.org `Recipe` JSON, the shape Nextcloud Cookbook and recipe sites use, so an
/// exported recipe opens elsewhere and reads back here as it was: headings among the steps become
/// `HowToSection`s, the servings a number (with the words beside it when there are any), the tags
/// `keywords`.
extension SchemaOrgRecipe {
    /// One recipe as a JSON object.
    static func object(_ draft: RecipeDraft) -> [String: Any] {
        let draft = escaped(draft)
        var r: [String: Any] = ["@context": "https://schema.org", "@type": "Recipe", "name": draft.title,
                                "recipeIngredient": draft.ingredients, "recipeInstructions": instructions(draft.method)]
        switch (draft.servings, draft.yieldText) {
        case (let n?, nil): r["recipeYield"] = n
        case (nil, let t?): r["recipeYield"] = t
        case (let n?, let t?): r["recipeYield"] = [n, t] as [Any]
        case (nil, nil): break
        }
        if !draft.notes.isEmpty { r["description"] = draft.notes }
        if !draft.tags.isEmpty { r["keywords"] = draft.tags.joined(separator: ", ") }
        if let source = draft.source, ["http://", "https://"].contains(where: { source.lowercased().hasPrefix($0) }) {
            r["url"] = source
        }
        return r
    }

    /// JSON text: one recipe as an object, several as an array; keys sorted, so an export
    /// compares with an earlier one line by line.
    package static func json(_ drafts: [RecipeDraft]) -> Data {
        let value: Any = drafts.count == 1 ? object(drafts[0]) : drafts.map(object)
        let data = try? JSONSerialization.data(
            withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return data ?? Data("[]".utf8)
    }

    /// The draft with "<" and "&" written as references in the texts that would read back
    /// otherwise ("Serve <warm>" is no tag); every other text as it is, as other apps show it.
    static func escaped(_ draft: RecipeDraft) -> RecipeDraft {
        func e(_ s: String) -> String {
            guard HTMLText.lines(s).joined(separator: "\n") != s else { return s }
            return s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        var d = draft
        d.title = e(d.title)
        d.yieldText = d.yieldText.map(e)
        d.ingredients = d.ingredients.map(e)
        d.method = d.method.map(e)
        d.notes = e(d.notes)
        d.tags = d.tags.map(e)
        return d
    }

    /// Steps as `HowToStep`s; a step ending in ":" opens a `HowToSection` holding the steps up to the next.
    static func instructions(_ method: [String]) -> [[String: Any]] {
        var out: [[String: Any]] = []
        var section: (name: String, steps: [[String: Any]])?
        func close() {
            if let s = section { out.append(["@type": "HowToSection", "name": s.name, "itemListElement": s.steps]) }
            section = nil
        }
        for step in method {
            if step.hasSuffix(":"), step.count > 1 {
                close()
                section = (String(step.dropLast()), [])
            } else if section != nil {
                section!.steps.append(["@type": "HowToStep", "text": step])
            } else {
                out.append(["@type": "HowToStep", "text": step])
            }
        }
        close()
        return out
    }
}
