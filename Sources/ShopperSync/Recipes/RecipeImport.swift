import Foundation
import ShopperModel

/// A recipe from a file or a web address, as the sharing helper reads it for the window and
/// `shopper recipe import`: fetched or read within limits, then read as schema.org JSON, an HTML
/// page (JSON-LD, microdata), or recipe text, whichever it is.
package enum RecipeImport {
    /// The recipes at `source`, a web address (http:// or https://) or a file's path; at least one.
    package static func drafts(from source: String) throws(RecipeImportError) -> [RecipeDraft] {
        let drafts: [RecipeDraft]
        if isAddress(source) {
            let page = try WebPage.get(source)
            drafts = read(page.body, source: page.url.absoluteString)
        } else {
            drafts = read(try file(source), source: source)
        }
        guard !drafts.isEmpty else { throw .noRecipe(source) }
        return drafts
    }

    /// "scheme://…": an address (also one Shopper refuses, which is then said so).
    package static func isAddress(_ source: String) -> Bool {
        guard let colon = source.range(of: "://") else { return false }
        let scheme = source[..<colon.lowerBound]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// What the bytes are, by their first character: JSON, a page, else text; within each, the recipes.
    static func read(_ data: Data, source: String?) -> [RecipeDraft] {
        var body = data
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
        switch body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return SchemaOrgRecipe.drafts(json: body, source: source)
        case UInt8(ascii: "<"): return RecipePage.drafts(html: body, source: source)
        case nil: return []
        default:
            // A recipe typed into a file: only when it has ingredients (any text has a first line).
            guard let text = String(validating: body, as: UTF8.self), let d = RecipeText.read(text, source: source), !d.ingredients.isEmpty else { return [] }
            return [d]
        }
    }

    /// The file's bytes, up to the same cap as a page.
    static func file(_ path: String) throws(RecipeImportError) -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? L("permission denied") : L("no such file")
            throw .unreadable(path: path, reason: reason)
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: WebPage.maxSize + 1) ?? Data()
            guard data.count <= WebPage.maxSize else { throw RecipeImportError.tooLarge(path, megabytes: WebPage.maxSize >> 20) }
            return data
        } catch let e as RecipeImportError {
            throw e
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
    }
}
