import Foundation
import ShopperModel

/// What a file or an answer is when it is plainly not a recipe, told by its first bytes (a PDF,
/// an image, an archive, a binary file) or, for text that has no recipe, by its shape (a table of
/// values). Said in one sentence instead of importing "%PDF-1.4" or "Date,Amount" as a title.
package enum NotARecipe: Equatable, Sendable {
    case pdf, image, archive, binary, table, json, text

    /// What the bytes are by their signature; nil for text, JSON or a page, which are read.
    static func kind(of data: Data) -> NotARecipe? {
        let head = [UInt8](data.prefix(16))
        func starts(_ sig: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + sig.count && Array(head[offset..<offset + sig.count]) == sig
        }
        if starts(Array("%PDF".utf8)) { return .pdf }
        if starts([0x89, 0x50, 0x4E, 0x47]) || starts([0xFF, 0xD8, 0xFF]) || starts(Array("GIF8".utf8))
            || starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            return .image
        }
        if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) || starts([0x1F, 0x8B])
            || starts(Array("7z".utf8) + [0xBC, 0xAF])
            || starts(Array("Rar!".utf8)) {
            return .archive
        }
        // Text has no NUL byte; what has one in its first 8 KB is a program, a database, a document.
        if data.prefix(8192).contains(0) { return .binary }
        return nil
    }

    /// Why text that gave no recipe is not one: a table of values when its lines all have the
    /// same number of commas, semicolons or tabs (a CSV file), else text without ingredient lines.
    static func kind(ofText text: String) -> NotARecipe {
        let lines = text.prefix(20_000).split(whereSeparator: \.isNewline).prefix(20).filter {
            !$0.allSatisfy(\.isWhitespace)
        }
        guard lines.count >= 2 else { return .text }
        for separator: Character in [",", ";", "\t"] {
            let counts = Set(lines.map { line in line.reduce(0) { $1 == separator ? $0 + 1 : $0 } })
            if counts.count == 1, let n = counts.first, n > 0 { return .table }
        }
        return .text
    }

    /// The sentence: what `source` is, and what Shopper reads instead.
    func sentence(_ source: String) -> String {
        let v = ["source": source]
        switch self {
        case .pdf:
            return L(
                "{source} is a PDF document, not a recipe; import a recipe web page, a schema.org JSON file or recipe text",
                v)
        case .image:
            return L(
                "{source} is an image, not a recipe; import a recipe web page, a schema.org JSON file or recipe text", v
            )
        case .archive:
            return L(
                "{source} is an archive (such as a zip file), not a recipe; unpack it and import the recipe inside", v)
        case .binary:
            return L(
                "{source} is not text, so not a recipe; import a recipe web page, a schema.org JSON file or recipe text",
                v)
        case .table: return L("{source} is a table of values (CSV), not a recipe; nothing was imported", v)
        case .json: return L("{source} is JSON without a schema.org Recipe in it; nothing was imported", v)
        case .text:
            return L(
                "{source} does not read as a recipe: after its title it needs ingredient lines with amounts, such as “200 g flour”; nothing was imported",
                v)
        }
    }
}
