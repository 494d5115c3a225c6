import Foundation

/// The note of an amount kept apart from an item it cannot be added to ("0.75 cup Sugar" beside
/// "500 g Sugar"): "for Pancakes". A second recipe's share in the same row is named too ("for
/// Pancakes, Cookies"); the note named only the first.
enum ApartNote {
    /// `note` naming `title` as well, when it is such a note and does not name it yet; nil otherwise.
    static func adding(_ title: String, to note: String) -> String? {
        let template = L("for {recipe}")
        guard let key = template.range(of: "{recipe}") else { return nil }
        let head = String(template[..<key.lowerBound]), tail = String(template[key.upperBound...])
        guard note.count > head.count + tail.count, note.hasPrefix(head), note.hasSuffix(tail) else { return nil }
        let names = String(note.dropFirst(head.count).dropLast(tail.count)).components(separatedBy: ", ")
        guard !names.contains(title) else { return nil }
        return L("for {recipe}", ["recipe": (names + [title]).joined(separator: ", ")])
    }
}
