import Foundation

/// What the About window shows, read from the app's metainfo, the one place it is written
/// (libadwaita 1.2 has no `adw_about_window_new_from_appdata`; that came in 1.4). The installed
/// metainfo carries every translation (`<p xml:lang="de">` after each `<p>`): the user's language
/// is taken where there is one, else the untranslated text.
struct AboutInfo: Equatable {
    var name = AppInfo.name
    var summary = ""
    var developer = ""
    var license = ""
    var website = ""
    var issues = ""
    /// Of the newest release: its version and notes (the <p>/<ul>/<li> markup the About window takes).
    var releaseVersion = ""
    var releaseNotes = ""

    init() {}

    /// nil when the file cannot be read or parsed. `languages`: most wanted first ("de_DE", "de").
    init?(metainfo path: String, languages: [String] = MarkupElement.userLanguages()) {
        guard let root = MarkupElement.read(path: path) else { return nil }
        let top = Self.localized(root.elements, languages)
        func text(_ name: String, _ type: String? = nil) -> String {
            top.first { $0.name == name && (type == nil || $0.attributes["type"] == type) }?.text ?? ""
        }
        name = text("name")
        summary = text("summary")
        developer = text("developer_name")
        license = text("project_license")
        website = text("url", "homepage")
        issues = text("url", "bugtracker")
        // The newest release is the first (AppStream's order).
        let release = top.first { $0.name == "releases" }?.elements.first { $0.name == "release" }
        releaseVersion = release?.attributes["version"] ?? ""
        if let notes = release?.elements.first(where: { $0.name == "description" }) {
            releaseNotes = Self.localized(notes.elements, languages).map { Self.markup($0, languages) }.joined()
        }
    }

    /// Of sibling elements, one per text: an element with `xml:lang` translates the untranslated
    /// one before it; the translation in the first of `languages` that has one, else the original.
    static func localized(_ elements: [MarkupElement], _ languages: [String]) -> [MarkupElement] {
        var out: [MarkupElement] = []
        var group: [MarkupElement] = []
        func flush() {
            guard let original = group.first else { return }
            let translated = languages.lazy.compactMap { l in group.dropFirst().first { $0.attributes["xml:lang"] == l }
            }.first
            out.append(translated ?? original)
            group = []
        }
        for e in elements {
            if e.attributes["xml:lang"] == nil { flush() }
            group.append(e)
        }
        flush()
        return out
    }

    /// The element as the About window's markup, its text escaped, its children localized.
    private static func markup(_ e: MarkupElement, _ languages: [String]) -> String {
        let inner =
            e.elements.isEmpty
            ? Markup.escape(e.text) : localized(e.elements, languages).map { markup($0, languages) }.joined()
        return "<\(e.name)>\(inner)</\(e.name)>"
    }
}
