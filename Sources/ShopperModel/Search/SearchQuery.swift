import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A parsed search: free words (all must match description, aisle or notes, ignoring case and
/// accents) and simple filters: `aisle:dairy`, `cost>5`, `cost<=2.5`, `needed`, `-needed`, `incart`.
/// Quoted words ("olive oil") match as one phrase.
package struct SearchQuery: Equatable, Sendable {
    package enum Comparison: String, Sendable, CaseIterable {
        // Two-character operators first so ">=" is not read as ">".
        case atLeast = ">=", atMost = "<=", above = ">", below = "<", equal = "="

        func holds<T: Comparable>(_ a: T, _ b: T) -> Bool {
            switch self {
            case .atLeast: a >= b
            case .atMost: a <= b
            case .above: a > b
            case .below: a < b
            case .equal: a == b
            }
        }
    }

    package enum Filter: Equatable, Sendable {
        case aisle(String)
        /// The bound in fixed point, as line costs are kept.
        case cost(Comparison, CostSum)
        case needed(Bool)
        case inCart(Bool)
    }

    let text: String
    package private(set) var words: [String] = []
    package private(set) var filters: [Filter] = []

    package var isEmpty: Bool { words.isEmpty && filters.isEmpty }

    /// Whether everything this query matches is matched by `other` too, as when typing on: the same
    /// filters, and each of `other`'s words inside one of these (words match as substrings).
    func narrows(_ other: SearchQuery) -> Bool {
        filters == other.filters && other.words.allSatisfy { w in words.contains { $0.contains(w) } }
    }

    package init(_ text: String) {
        self.text = text
        for token in Self.tokens(text) { parse(token) }
    }

    private mutating func parse(_ token: (text: String, quoted: Bool)) {
        let t = token.text
        guard !token.quoted else { words.append(Self.fold(t)); return }
        let lower = t.lowercased()
        switch lower {
        case "needed": filters.append(.needed(true)); return
        case "-needed", "!needed": filters.append(.needed(false)); return
        case "incart", "in:cart": filters.append(.inCart(true)); return
        case "-incart", "!incart": filters.append(.inCart(false)); return
        default: break
        }
        if lower.hasPrefix("aisle:"), lower.count > 6 {
            filters.append(.aisle(Self.fold(String(t.dropFirst(6)))))
            return
        }
        if lower.hasPrefix("cost") {
            let rest = lower.dropFirst(4)
            for op in Comparison.allCases where rest.hasPrefix(op.rawValue) {
                if let v = DecimalText.parse(String(rest.dropFirst(op.rawValue.count))) {
                    filters.append(.cost(op, CostSum(v)))
                    return
                }
            }
        }
        words.append(Self.fold(t))
    }

    /// Lower-cased, accents removed: "Crème" matches "creme".
    package static func fold(_ s: String) -> String {
        // Plain ASCII (most of what people type) folds to its lower case; Foundation's folding,
        // twenty times slower, was most of the first search over a long list.
        var ascii: [UInt8] = []
        if appendFoldedASCII(s.utf8, to: &ascii) { return String(decoding: ascii, as: UTF8.self) }
        return s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Appends text (as UTF-8) lower-cased to `column` when it is plain ASCII, which is then its
    /// folding; false, with nothing appended, for anything else.
    static func appendFoldedASCII(_ utf8: some Collection<UInt8>, to column: inout [UInt8]) -> Bool {
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        column.append(contentsOf: utf8.lazy.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 })
        return true
    }

    /// What an item is searched by, folded once and cached by the caller.
    static func searchText(of item: Item) -> String {
        fold([item.description, item.aisle ?? "", item.notes].joined(separator: "\n"))
    }

    /// `searchText` is `SearchQuery.searchText(of: item)`, passed in so it is folded once per item.
    func matches(_ item: Item, searchText: String) -> Bool {
        matchesFilters(item) && matches(words: searchText)
    }

    /// Whether the item passes every filter (the words aside).
    func matchesFilters(_ item: Item) -> Bool {
        matchesFilters(
            needed: item.needed, inCart: item.inCart, lineCost: item.priceAmount == nil ? nil : item.lineCost
        ) { a in
            item.aisle.map { Self.fold($0).hasPrefix(a) } ?? false
        }
    }

    /// The filters, given what they look at: a list tests the rows it shows from what it keeps of
    /// each (flags, line cost, the folded aisle in its text column) with no item looked up.
    /// `lineCost` nil: no price. `aisleStarts` says whether the folded aisle starts with a word.
    func matchesFilters(needed: Bool, inCart: Bool, lineCost: CostSum?, aisleStarts: (String) -> Bool) -> Bool {
        for f in filters {
            switch f {
            case .aisle(let a): if !aisleStarts(a) { return false }
            // "cost" is what the row shows: quantity x price, or the price for all.
            case .cost(let op, let v): guard let lineCost, op.holds(lineCost, v) else { return false }
            case .needed(let n): if needed != n { return false }
            case .inCart(let c): if inCart != c { return false }
            }
        }
        return true
    }

    /// Whether a filter reads the aisle (a list then keeps rows' text for it).
    var readsAisle: Bool { filters.contains { if case .aisle = $0 { true } else { false } } }

    /// Whether every word is in `searchText` (the filters aside).
    func matches(words searchText: String) -> Bool {
        var text = searchText
        return text.withUTF8 { haystack in words.allSatisfy { Self.contains(haystack, $0) } }
    }

    /// Whether every needle (a folded word's UTF-8) is in `haystack` (folded text).
    static func contains(all needles: [[UInt8]], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        needles.allSatisfy { needle in needle.withUnsafeBufferPointer { contains(haystack, $0) } }
    }

    /// Byte search: both sides are folded the same way, so equal text is equal bytes, and this avoids
    /// Foundation's Unicode-aware `contains`, which dominated a keystroke over many items.
    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ word: String) -> Bool {
        var needle = word
        return needle.withUTF8 { contains(haystack, $0) }
    }

    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ n: UnsafeBufferPointer<UInt8>) -> Bool {
        guard n.count <= haystack.count else { return false }
        guard n.count > 0 else { return true }
        let h = haystack.baseAddress!, first = n[0]
        for i in 0...(haystack.count - n.count) where h[i] == first {
            if memcmp(h + i, n.baseAddress!, n.count) == 0 { return true }
        }
        return false
    }

    func matches(_ item: Item) -> Bool { matches(item, searchText: Self.searchText(of: item)) }

    /// Where the free words occur in `text`, for highlighting. Ranges are of `text` itself.
    package func highlights(in text: String) -> [Range<String.Index>] {
        words.flatMap { w in
            var found: [Range<String.Index>] = []
            var from = text.startIndex
            while from < text.endIndex,
                let r = text.range(
                    of: w, options: [.caseInsensitive, .diacriticInsensitive], range: from..<text.endIndex)
            {
                found.append(r)
                from = r.upperBound
            }
            return found
        }
    }

    static func tokens(_ s: String) -> [(text: String, quoted: Bool)] {
        var out: [(String, Bool)] = []
        var current = "", inQuotes = false
        func flush(_ quoted: Bool) {
            if !current.isEmpty { out.append((current, quoted)) }
            current = ""
        }
        for ch in s {
            if ch == "\"" { flush(inQuotes); inQuotes.toggle() }
            else if ch.isWhitespace && !inQuotes { flush(false) }
            else { current.append(ch) }
        }
        flush(inQuotes)
        return out
    }
}
