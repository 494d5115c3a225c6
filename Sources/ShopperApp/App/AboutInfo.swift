import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What the About window shows, read from the app's metainfo, the one place it is written
/// (libadwaita 1.2 has no `adw_about_window_new_from_appdata`; that came in 1.4).
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

    /// nil when the file cannot be read or parsed.
    init?(metainfo path: String) {
        guard let data = FileManager.default.contents(atPath: path),
              let doc = try? XMLDocument(data: data, options: []), let root = doc.rootElement() else { return nil }
        func text(_ xpath: String) -> String {
            ((try? root.nodes(forXPath: xpath))?.first?.stringValue ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        name = text("name")
        summary = text("summary")
        developer = text("developer_name")
        license = text("project_license")
        website = text("url[@type='homepage']")
        issues = text("url[@type='bugtracker']")
        releaseVersion = text("releases/release[1]/@version")
        if let notes = (try? root.nodes(forXPath: "releases/release[1]/description"))?.first as? XMLElement {
            releaseNotes = (notes.children ?? []).map { $0.xmlString }.joined()
        }
    }
}
