import Foundation

/// A bound a recipe source went past: no recipe page comes near any of them (a large recipe site's
/// page has a few thousand elements, ten levels of JSON, a few hundred JSON values), so a source
/// over one is hostile or broken, and nothing is read from it rather than a part.
package enum ReadLimit: Error, Equatable, Sendable {
    /// The read's deadline passed (seconds it had).
    case time(seconds: Int)
    /// More HTML nodes (elements, attributes, texts, comments) than `ReadBudget.maxNodes`.
    case nodes(Int)
    /// Elements nested deeper than `ReadBudget.maxDepth`.
    case depth(Int)
    /// One tag with more attributes than `ReadBudget.maxAttributes`.
    case attributes(Int)
    /// More JSON values than `ReadBudget.maxJSONValues`, or nested deeper than `maxJSONDepth`.
    case jsonValues(Int)
    case jsonDepth(Int)
    /// A JSON-LD block longer than a text node keeps (`maxNodeText`): cut, it would read as no recipe.
    case script(megabytes: Int)
    /// The memory the reader may take ran out.
    case memory
}

/// What one read of a recipe source (a page, a file, a paste) may cost, shared by every stage of
/// it: libxml2's callbacks, the JSON reader and the walks over what they built count against one
/// budget and one deadline, checked as they go (a clock read every 256 steps), so no stage can
/// spend the time or the memory the others were promised.
package final class ReadBudget {
    /// Nodes of a page's tree (an attribute counts two: it and its text): 200,000 is about 40 MB
    /// in libxml2, and twenty times a large recipe page.
    package static let maxNodes = 200_000
    package static let maxDepth = 256
    /// Attributes of one tag: libxml2 compares each with all before it (600,000 took minutes).
    package static let maxAttributes = 1_000
    static let maxJSONValues = 100_000, maxJSONDepth = 64
    /// Text kept of one text node of a page (a script's, a framework's data: 2 MB) or one JSON
    /// string (more than any field keeps: `RecipeDraft`'s notes are 20,000 characters); the rest
    /// is never copied.
    package static let maxNodeText = 2 << 20, maxString = 64 << 10
    /// Text microdata's values may copy out of a page in all (a value is its element's text, and
    /// nested values are copied again for each level): twenty times a recipe's whole text.
    package static let maxText = 1 << 20
    /// Text ingredient lines may copy out, apart from `maxText`: a page whose other microdata
    /// (a long description, comments marked up as items) spent the text still has its ingredient
    /// lines whole, never one cut short where the budget ran out.
    package static let maxLineText = 1 << 20

    let end: ContinuousClock.Instant
    let seconds: Int
    private(set) var nodes = 0, jsonValues = 0
    package private(set) var text = 0, lineText = 0
    private var steps = 0

    /// `seconds` from now; `end` instead when the read began earlier (the download's deadline).
    package init(seconds: Double = 30, end: ContinuousClock.Instant? = nil) {
        self.seconds = Int(seconds.rounded(.up))
        self.end = end ?? .now + .milliseconds(Int64(seconds * 1000))
    }

    var passed: Bool { ContinuousClock.now >= end }

    package func checkTime() throws(ReadLimit) {
        if passed { throw .time(seconds: seconds) }
    }

    /// One step of any walk: the clock is read every 256.
    package func step() throws(ReadLimit) {
        steps &+= 1
        if steps & 0xFF == 0 { try checkTime() }
    }

    func node() throws(ReadLimit) {
        nodes += 1
        guard nodes <= Self.maxNodes else { throw .nodes(Self.maxNodes) }
        try step()
    }

    func jsonValue() throws(ReadLimit) {
        jsonValues += 1
        guard jsonValues <= Self.maxJSONValues else { throw .jsonValues(Self.maxJSONValues) }
        try step()
    }

    /// How many of `wanted` bytes of text may still be copied out (0 once the budget is spent).
    package func room(for wanted: Int) -> Int { max(0, min(wanted, Self.maxText - text)) }

    package func spend(text n: Int) { text += n }

    /// As `room(for:)`, from the ingredient lines' own text (`maxLineText`).
    package func room(forLine wanted: Int) -> Int { max(0, min(wanted, Self.maxLineText - lineText)) }

    package func spend(lineText n: Int) { lineText += n }
}
