import Foundation
import Glibc
import ShopperModel

/// A recipe from a file or a web address, as the sharing helper reads it for the window and
/// `shopper recipe import`: fetched or read within limits, then read as schema.org JSON, an HTML
/// page (JSON-LD, microdata), or recipe text, whichever it is. The whole import, download and
/// reading, has one deadline (30 s) and one `ReadBudget`; the helper's process limits
/// (`shopper-sync`'s main) stand behind them.
package enum RecipeImport {
    /// The memory the helper may take while it imports, beyond what it held when it began (its
    /// address space, `RLIMIT_AS`): what a 5 MB page within the read's limits needs, with room
    /// (measured: BENCHMARKS.md, the worst recipe page). SHOPPER_SYNC_MEMORY_MB may lower it (the tests).
    static let standardMemoryMegabytes = 256
    package static var memoryMegabytes: Int {
        let asked =
            ProcessInfo.processInfo.environment["SHOPPER_SYNC_MEMORY_MB"].flatMap(Int.init) ?? standardMemoryMegabytes
        return (1...standardMemoryMegabytes).contains(asked) ? asked : standardMemoryMegabytes
    }

    /// The import's deadline in whole seconds (30, or SHOPPER_SYNC_DEADLINE when shorter).
    package static var deadlineSeconds: Int { Int(WebPage.deadline.seconds.rounded(.up)) }

    /// The recipes at `source`, a web address (http:// or https://) or a file's path; at least one.
    package static func drafts(from source: String) throws(RecipeImportError) -> [RecipeDraft] {
        try drafts(from: source, deadline: WebPage.deadline)
    }

    static func drafts(from source: String, deadline: Deadline) throws(RecipeImportError) -> [RecipeDraft] {
        let budget = ReadBudget(seconds: deadline.seconds, end: deadline.end)
        let drafts: [RecipeDraft], body: Data
        if isAddress(source) {
            let page = try WebPage.get(source, deadline: deadline)
            body = page.body
            if let kind = NotARecipe.kind(of: body) { throw .notARecipe(source, kind) }
            drafts = try read(body, source: page.url.absoluteString, budget: budget, page: true)
        } else {
            body = try file(source)
            if let kind = NotARecipe.kind(of: body) { throw .notARecipe(source, kind) }
            drafts = try read(body, source: source, budget: budget, page: false)
        }
        guard !drafts.isEmpty else { throw refusal(body, source) }
        // A recipe without ingredients is never kept silently: said, or left out beside others.
        let whole = drafts.filter { !$0.ingredients.isEmpty }
        guard !whole.isEmpty else { throw .noIngredients(source, title: drafts[0].title) }
        return whole
    }

    /// Why bytes that gave no recipe are none: JSON without a Recipe, a table, text that does not
    /// read as a recipe, or a page without one.
    private static func refusal(_ body: Data, _ source: String) -> RecipeImportError {
        switch body.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return .notARecipe(source, .json)
        case UInt8(ascii: "<"), nil: return .noRecipe(source)
        default:
            guard let text = String(validating: body, as: UTF8.self) else { return .notARecipe(source, .binary) }
            return .notARecipe(source, NotARecipe.kind(ofText: text))
        }
    }

    /// "scheme://…": an address (also one Shopper refuses, which is then said so).
    package static func isAddress(_ source: String) -> Bool {
        guard let colon = source.range(of: "://") else { return false }
        let scheme = source[..<colon.lowerBound]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// The recipes in the bytes, within `budget`; over a limit, the limit said of `source`.
    static func read(_ data: Data, source: String, budget: ReadBudget, page: Bool) throws(RecipeImportError)
        -> [RecipeDraft]
    {
        do {
            return try read(data, source: source, budget: budget)
        } catch {
            throw .limit(source, error, page: page)
        }
    }

    /// What the bytes are, by their first character: JSON, a page, else text; within each, the recipes.
    static func read(_ data: Data, source: String?, budget: ReadBudget) throws(ReadLimit) -> [RecipeDraft] {
        var body = data
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
        switch body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return try SchemaOrgRecipe.read(json: body, source: source, budget: budget)
        case UInt8(ascii: "<"): return try RecipePage.read(html: body, source: source, budget: budget)
        case nil: return []
        default:
            // A recipe typed into a file: only when it has ingredients (any text has a first line).
            // RecipeText reads 200,000 characters at most, 500 a line: bounded as it is.
            guard let text = String(validating: body, as: UTF8.self), let d = RecipeText.read(text, source: source),
                  IngredientLines.readsAsRecipe(d) else { return [] }
            try budget.checkTime()
            return [d]
        }
    }

    /// The file's bytes, up to the same cap as a page. Only a regular file is opened: a folder
    /// or a pipe is refused by what it is (a pipe would wait for a writer), and checked again on
    /// the descriptor opened (without blocking), in case the path changed in between.
    static func file(_ path: String) throws(RecipeImportError) -> Data {
        var about = stat()
        guard stat(path, &about) == 0 else { throw unreadable(path, errno) }
        try regular(about, path)
        guard about.st_size <= WebPage.maxSize else { throw .tooLarge(path, megabytes: WebPage.maxSize >> 20) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw unreadable(path, errno) }
        defer { close(fd) }
        guard fstat(fd, &about) == 0 else { throw unreadable(path, errno) }
        try regular(about, path)
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while data.count <= WebPage.maxSize {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw unreadable(path, errno) }
            if n == 0 { return data }
            data.append(contentsOf: chunk[..<n])
        }
        throw .tooLarge(path, megabytes: WebPage.maxSize >> 20)
    }

    private static func regular(_ about: stat, _ path: String) throws(RecipeImportError) {
        switch about.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw .folder(path)
        default: throw .notAFile(path)
        }
    }

    private static func unreadable(_ path: String, _ code: Int32) -> RecipeImportError {
        switch code {
        case ENOENT, ENOTDIR: .unreadable(path: path, reason: L("no such file"))
        case EACCES, EPERM: .unreadable(path: path, reason: L("permission denied"))
        default: .unreadable(path: path, reason: String(cString: strerror(code)))
        }
    }
}
