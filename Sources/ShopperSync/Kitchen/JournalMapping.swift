import Foundation
import ShopperModel
import ShopperSyncModel

/// A recipe to a journal entry (VJOURNAL) and back: the README's recipe mapping as code.
///
/// SUMMARY is the title; DESCRIPTION the recipe as the text Paste a Recipe reads (what jtx Board
/// shows and lets a person edit); the schema.org JSON in a base64 ATTACH (exact: both servers keep
/// base64 as it is, where Xandikos rewrites backslashes and Radicale cuts X- values at commas);
/// URL the source page; CATEGORIES the tags, one a property (and X-SHOPPER-TAGS, see `tags(of:)`);
/// X-SHOPPER-SERVINGS the servings.
/// X-SHOPPER-DESCRIPTION-SUM is a checksum of the DESCRIPTION Shopper wrote: when the
/// DESCRIPTION no longer matches it, another app edited the text, and the recipe is read from
/// the text (the JSON is stale); otherwise from the JSON.
enum JournalMapping {
    static let jsonType = "application/ld+json"

    /// The calendar object for `recipe`; `old` (the server's last text) is patched when given.
    static func text(for recipe: SharedRecipe, patching old: String?) -> String {
        // Another UID's text is no earlier version of this one: a new entry then.
        let entry = old.flatMap { try? ICalEntry(text: $0, kind: .journal) }.flatMap { $0.uid == recipe.uid ? $0 : nil }
            ?? ICalEntry(newUID: recipe.uid, kind: .journal)
        let draft = recipe.draft
        let description = RecipeText.text(of: draft)
        entry.set(.summary, recipe.title)
        entry.set(.description, description)
        entry.set(.url, recipe.source)
        entry.setCategories(recipe.tags)
        entry.setX("X-SHOPPER-TAGS", recipe.tags)
        entry.setX("X-SHOPPER-SERVINGS", recipe.servings.map(String.init))
        entry.setX("X-SHOPPER-DESCRIPTION-SUM", checksum(description))
        entry.setAttachment(type: jsonType, base64: SchemaOrgRecipe.json([draft]).base64EncodedString())
        return entry.text()
    }

    static func recipe(from text: String) throws(KitchenReadError) -> SharedRecipe {
        let entry: ICalEntry
        do { entry = try ICalEntry(text: text, kind: .journal) } catch { throw KitchenReadError(error) }
        let summary = entry.value(.summary, limit: KitchenLimits.maxSummary)?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let description = entry.value(.description, limit: KitchenLimits.maxText) ?? ""
        let source = entry.value(.url, limit: 2_000)
        let tags = tags(of: entry)
        var draft: RecipeDraft
        if let json = json(in: entry, source: source),
           entry.xValue("X-SHOPPER-DESCRIPTION-SUM") == checksum(description) {
            draft = json
        } else {
            let base = json(in: entry, source: source) ?? RecipeDraft(title: summary, source: source)
            draft = RecipeText.read(withTitle(summary, description), keeping: base)
        }
        if !summary.isEmpty { draft.title = summary }
        // Shopper writes both as properties every time: another app's edit of them is there.
        draft.tags = tags
        draft.source = source
        draft = draft.capped
        guard !draft.title.isEmpty else { throw .noSummary }
        return SharedRecipe(uid: String(entry.uid.prefix(KitchenLimits.maxName)), draft: draft)
    }

    /// The tags: CATEGORIES, one a property. Xandikos splits a category at its escaped comma
    /// ("Sweet, quick" comes back as two); X-SHOPPER-TAGS keeps each whole, and is taken while it
    /// names the same words as the categories (no other app changed them).
    static func tags(of entry: ICalEntry) -> [String] {
        let categories = entry.categories(max: KitchenLimits.maxCategories)
        let exact = entry.xValues("X-SHOPPER-TAGS", max: KitchenLimits.maxCategories, limit: 1_000)
        let words = { (tags: [String]) in
            tags.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
        return words(exact) == words(categories) ? exact : categories
    }

    /// The recipe in the entry's schema.org attachment; nil when there is none, it is too long, it
    /// is not base64, or its JSON is no recipe or goes past a bound of `ReadBudget`.
    static func json(in entry: ICalEntry, source: String?) -> RecipeDraft? {
        guard let base64 = entry.attachment(type: jsonType, maxBytes: KitchenLimits.maxAttachment),
              let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else { return nil }
        // Bounded by `ReadBudget`'s count of JSON values and its deadline.
        return SchemaOrgRecipe.drafts(json: data, source: source).first
    }

    /// The text `RecipeText` reads: it takes the first line for the title. Shopper's text begins
    /// with it; a note another app made may begin with its first ingredient instead.
    static func withTitle(_ summary: String, _ description: String) -> String {
        let first = description.split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) }
        guard !summary.isEmpty, first.map({ $0.trimmingCharacters(in: .whitespaces) }) != summary else {
            return description
        }
        return summary + "\n\n" + description
    }

    /// FNV-1a (64 bits) of the text as servers give it back: line breaks as "\n", trimmed. Not for
    /// security: it tells an edit from none.
    static func checksum(_ text: String) -> String {
        let plain = text.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in plain.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return String(h, radix: 16)
    }
}
