import Foundation

/// User-visible text goes through `L` and `N`, so it can be translated (gettext, domain "shopper").
/// The app installs GLib's lookups at start; without them (tests of the model) text stays English.
///
/// Pass plain literals with named placeholders, filled from `values`: `L("Added “{name}”",
/// ["name": item.description])`. xgettext reads Swift as C and cannot see `\(…)` interpolation, so
/// an interpolated literal would be missing from the template (a test refuses them); and a
/// translator can move `{name}` to where their language puts it.
package enum Localization {
    /// gettext: the translation of a message, or the message.
    nonisolated(unsafe) package static var translate: @Sendable (String) -> String = { $0 }
    /// ngettext: the form of `one`/`many` for `count` in the user's language.
    nonisolated(unsafe) package static var translatePlural: @Sendable (String, String, Int) -> String = {
        one, many, n in
        n == 1 ? one : many
    }

    /// Replaces each `{key}` in `text` with its value, in one pass over the text: a value is never
    /// read again, so an item called "{aisle}" stays "{aisle}". Unknown keys stay as written.
    static func fill(_ text: String, _ values: [String: String]) -> String {
        // Bytes, not Foundation's substring search: this runs for every row bound.
        guard !values.isEmpty, text.utf8.contains(UInt8(ascii: "{")) else { return text }
        var out = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"),
                  let value = values[String(rest[rest.index(after: open)..<close])] else {
                out.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            out += value
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}

/// A translated message with one `{key}` placeholder, split once where the key sits: for text made
/// at every row bound (GTK binds a window of rows per scrolled frame), with no lookup or scan each time.
package struct MessageTemplate: Sendable {
    private let head: String, tail: String
    private let hasKey: Bool

    /// `translated`: the message as `L` gives it (so the template tools find it), placeholder unfilled.
    /// A translation that lost the placeholder is shown as it is.
    package init(_ translated: String, key: String) {
        if let r = translated.range(of: "{\(key)}") {
            (head, tail, hasKey) = (String(translated[..<r.lowerBound]), String(translated[r.upperBound...]), true)
        } else {
            (head, tail, hasKey) = (translated, "", false)
        }
    }

    package func callAsFunction(_ value: String) -> String { hasKey ? head + value + tail : head }
}

/// A translated message; `{key}` placeholders take `values`.
package func L(_ text: String, _ values: [String: String] = [:]) -> String {
    Localization.fill(Localization.translate(text), values)
}

/// A translated message whose form depends on `count` ("1 item", "2 items", and the forms of
/// languages with more than two); `{n}` is the count, other placeholders take `values`.
package func N(_ one: String, _ many: String, _ count: Int, _ values: [String: String] = [:]) -> String {
    var values = values
    values["n"] = values["n"] ?? String(count)
    return Localization.fill(Localization.translatePlural(one, many, count), values)
}
