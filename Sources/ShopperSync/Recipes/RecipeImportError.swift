import Foundation
import ShopperModel

/// Why no recipe came from a file or a web address, each in one sentence the person can act on.
package enum RecipeImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The page could not be fetched (`HTTPTransport` with a page's rules, `WebPage`).
    case network(NetworkError)
    /// The file went past the cap (in MB).
    case tooLarge(String, megabytes: Int)
    case unreadable(path: String, reason: String)
    /// A folder given where a file was asked for.
    case folder(String)
    /// A pipe, a socket or a device: refused before it is opened (a pipe would wait for a writer).
    case notAFile(String)
    /// A bound of the read (`ReadLimit`) passed, by a web page or by a file.
    case limit(String, ReadLimit, page: Bool)
    case noRecipe(String)
    /// Plainly something else: a PDF, an image, an archive, a table of values (`NotARecipe`).
    case notARecipe(String, NotARecipe)
    /// A recipe was found, but no ingredient in it, neither in its data nor in the page's card.
    case noIngredients(String, title: String)

    package var description: String {
        switch self {
        case .network(let e): e.sentence(.recipePage)
        case .tooLarge(let what, let megabytes):
            L(
                "{source} is larger than {size} MB, more than any recipe needs; it was not read",
                ["source": what, "size": "\(megabytes)"])
        case .unreadable(let path, let reason):
            L("cannot read “{file}” ({reason})", ["file": path, "reason": reason])
        case .folder(let path):
            L("“{file}” is a folder; choose a recipe file in it", ["file": path])
        case .notAFile(let path):
            L("“{file}” is not a file but a pipe, a socket or a device; it was not read", ["file": path])
        case .limit(let source, let limit, let page): Self.words(limit, source: source, page: page)
        case .noRecipe(let source):
            L("no recipe was found in {source} (it has no schema.org Recipe, nor recipe text)", ["source": source])
        case .notARecipe(let source, let kind): kind.sentence(source)
        case .noIngredients(let source, let title):
            L("the recipe “{title}” in {source} lists no ingredients, in its data or on the page; nothing was imported",
              ["title": title, "source": source])
        }
    }

    /// A limit passed, said as what the page or file is (not as what the reader ran out of).
    private static func words(_ limit: ReadLimit, source: String, page: Bool) -> String {
        switch limit {
        case .time(let seconds):
            page
                ? L(
                    "the page took too long to read (more than {seconds} s); nothing was imported from {source}",
                    ["seconds": "\(seconds)", "source": source])
                : L(
                    "the file took too long to read (more than {seconds} s); nothing was imported from {source}",
                    ["seconds": "\(seconds)", "source": source])
        case .nodes(let n):
            L(
                "{source} is made of more than {n} parts (elements, attributes, texts), more than any recipe page; nothing was imported",
                ["source": source, "n": "\(n)"])
        case .depth(let n):
            L(
                "{source} nests its elements more than {n} deep, deeper than any recipe page; nothing was imported",
                ["source": source, "n": "\(n)"])
        case .attributes(let n):
            L(
                "{source} has a tag with more than {n} attributes, more than any recipe page; nothing was imported",
                ["source": source, "n": "\(n)"])
        case .jsonValues(let n):
            L(
                "{source} holds more than {n} JSON values, more than any recipe; nothing was imported",
                ["source": source, "n": "\(n)"])
        case .jsonDepth(let n):
            L(
                "{source} nests its JSON more than {n} deep, deeper than any recipe; nothing was imported",
                ["source": source, "n": "\(n)"])
        case .script(let megabytes):
            L(
                "{source} has a JSON-LD block of more than {size} MB, more than any recipe; nothing was imported",
                ["source": source, "size": "\(megabytes)"])
        case .memory:
            L("reading {source} needed more than the {size} MB of memory a recipe may take; nothing was imported",
              ["source": source, "size": "\(RecipeImport.memoryMegabytes)"])
        }
    }
}
