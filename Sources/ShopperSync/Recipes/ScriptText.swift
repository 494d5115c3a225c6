import Foundation

/// A JSON-LD script's text as a browser's reader takes it: without the wrappers sites put around
/// the object for old browsers (`// <![CDATA[` … `// ]]>`, `/* <![CDATA[ */`, `<!--` … `-->`)
/// and without a `;` after it. Only the ends are looked at (a few bytes each), so a script costs
/// no more than before; the JSON inside is still read by `BoundedJSON` within its limits.
enum ScriptText {
    /// Marks taken off the start, in any order, each after white space.
    private static let openers = ["//<![CDATA[", "/*<![CDATA[*/", "<![CDATA[", "<!--", "//", "/*]]>*/"]
    /// Marks taken off the end.
    private static let closers = ["//]]>", "/*]]>*/", "]]>", "-->", ";", "//"]

    static func unwrapped(_ text: String) -> String {
        var s = Substring(text)
        var changed = true
        while changed {
            changed = false
            s = s.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
            for mark in openers where startsLoosely(s, with: mark) {
                s = s.dropFirst(length(of: mark, in: s))
                // A line comment's rest is the comment ("// <![CDATA[" then a line break).
                if mark == "//" { s = s.drop { !$0.isNewline } }
                changed = true
                break
            }
        }
        changed = true
        while changed {
            changed = false
            while let last = s.last, last.isWhitespace { s = s.dropLast() }
            for mark in closers {
                if let cut = trailing(mark, in: s) { s = s[..<cut]; changed = true; break }
            }
        }
        return String(s)
    }

    /// Whether `s` starts with `mark`, spaces inside the mark ignored ("// <![CDATA[").
    private static func startsLoosely(_ s: Substring, with mark: String) -> Bool {
        length(of: mark, in: s) > 0
    }

    /// How many characters of `s` spell `mark` with spaces between its characters; 0 when not.
    private static func length(of mark: String, in s: Substring) -> Int {
        var i = s.startIndex, n = 0
        for m in mark {
            while i < s.endIndex, s[i] == " " || s[i] == "\t" { i = s.index(after: i); n += 1 }
            guard i < s.endIndex, s[i] == m else { return 0 }
            i = s.index(after: i)
            n += 1
        }
        return n
    }

    /// Where `mark` begins at the end of `s` (spaces inside ignored), or nil.
    private static func trailing(_ mark: String, in s: Substring) -> Substring.Index? {
        var i = s.endIndex
        for m in mark.reversed() {
            while i > s.startIndex, s[s.index(before: i)] == " " || s[s.index(before: i)] == "\t" {
                i = s.index(before: i)
            }
            guard i > s.startIndex, s[s.index(before: i)] == m else { return nil }
            i = s.index(before: i)
        }
        return i
    }
}
