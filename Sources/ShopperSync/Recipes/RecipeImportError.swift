import Foundation
import ShopperModel

/// Why no recipe came from a file or a web address, each in one sentence the person can act on.
package enum RecipeImportError: Error, Equatable, Sendable, CustomStringConvertible {
    case badAddress(String)
    /// Plain http:// to another machine: the page could be changed on its way.
    case insecure(host: String)
    /// A redirect to an address that is neither https:// nor this machine.
    case redirectedInsecurely(to: String)
    case tooManyRedirects(host: String)
    case unreachable(host: String, reason: String)
    case certificate(host: String, reason: String)
    case notHTTPS(host: String)
    case tooSlow(host: String)
    /// The answer or file went past the cap (in MB).
    case tooLarge(String, megabytes: Int)
    case status(Int, reason: String, host: String)
    case unreadable(path: String, reason: String)
    /// A folder given where a file was asked for.
    case folder(String)
    /// A pipe, a socket or a device: refused before it is opened (a pipe would wait for a writer).
    case notAFile(String)
    /// A redirect further in than where the import began: from the Internet to this computer or
    /// the local network, or from the local network to this computer.
    case redirectedInward(to: String)
    /// A bound of the read (`ReadLimit`) passed, by a web page or by a file.
    case limit(String, ReadLimit, page: Bool)
    case noRecipe(String)
    /// Plainly something else: a PDF, an image, an archive, a table of values (`NotARecipe`).
    case notARecipe(String, NotARecipe)
    /// A recipe was found, but no ingredient in it, neither in its data nor in the page's card.
    case noIngredients(String, title: String)

    package var description: String {
        switch self {
        case .badAddress(let a):
            L("“{address}” is not a web address; give one such as https://example.org/recipe", ["address": a])
        case .insecure(let host):
            L("{host} must be reached over https:// (plain http:// only on this computer)", ["host": host])
        case .redirectedInsecurely(let to):
            L("the page sent Shopper on to {address}, which is not https://; it was not followed", ["address": to])
        case .tooManyRedirects(let host):
            L("{host} sent Shopper from address to address too many times", ["host": host])
        case .unreachable(let host, let reason):
            L("cannot reach {host} ({reason})", ["host": host, "reason": reason])
        case .certificate(let host, let reason):
            L("the certificate of {host} was refused ({reason})", ["host": host, "reason": reason])
        case .notHTTPS(let host):
            L("{host} does not speak HTTPS at this address", ["host": host])
        case .tooSlow(let host):
            L("{host} was too slow to send the page; try again later", ["host": host])
        case .tooLarge(let what, let megabytes):
            L("{source} is larger than {size} MB, more than any recipe needs; it was not read", ["source": what, "size": "\(megabytes)"])
        case .status(let status, let reason, let host):
            L("{host} answered {status} {reason}", ["host": host, "status": "\(status)", "reason": reason])
        case .unreadable(let path, let reason):
            L("cannot read “{file}” ({reason})", ["file": path, "reason": reason])
        case .folder(let path):
            L("“{file}” is a folder; choose a recipe file in it", ["file": path])
        case .notAFile(let path):
            L("“{file}” is not a file but a pipe, a socket or a device; it was not read", ["file": path])
        case .redirectedInward(let to):
            L("the page sent Shopper on to {address}, on this computer or its local network; it was not followed", ["address": to])
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
            page ? L("the page took too long to read (more than {seconds} s); nothing was imported from {source}", ["seconds": "\(seconds)", "source": source])
                : L("the file took too long to read (more than {seconds} s); nothing was imported from {source}", ["seconds": "\(seconds)", "source": source])
        case .nodes(let n):
            L("{source} is made of more than {n} parts (elements, attributes, texts), more than any recipe page; nothing was imported", ["source": source, "n": "\(n)"])
        case .depth(let n):
            L("{source} nests its elements more than {n} deep, deeper than any recipe page; nothing was imported", ["source": source, "n": "\(n)"])
        case .attributes(let n):
            L("{source} has a tag with more than {n} attributes, more than any recipe page; nothing was imported", ["source": source, "n": "\(n)"])
        case .jsonValues(let n):
            L("{source} holds more than {n} JSON values, more than any recipe; nothing was imported", ["source": source, "n": "\(n)"])
        case .jsonDepth(let n):
            L("{source} nests its JSON more than {n} deep, deeper than any recipe; nothing was imported", ["source": source, "n": "\(n)"])
        case .script(let megabytes):
            L("{source} has a JSON-LD block of more than {size} MB, more than any recipe; nothing was imported", ["source": source, "size": "\(megabytes)"])
        case .memory:
            L("reading {source} needed more than the {size} MB of memory a recipe may take; nothing was imported",
              ["source": source, "size": "\(RecipeImport.memoryMegabytes)"])
        }
    }
}
