import Foundation
import ShopperModel

/// Turns on translations: the C library's locale from the environment, Shopper's message catalogue
/// ("shopper") from where it is installed or built, and GLib's lookups behind `L` and `N`. Runs
/// first, so even a command-line error speaks the user's language.
enum Translation {
    static let domain = "shopper"

    static func setUp() {
        MessageCatalogue.bind(domain: domain, folder: folder())
        Localization.translate = { MessageCatalogue.translate($0, domain: domain) }
        Localization.translatePlural = { MessageCatalogue.translate($0, $1, count: $2, domain: domain) }
    }

    /// PREFIX/share/locale beside PREFIX/bin/shopper when installed; .build/locale (made by `make`)
    /// from a build tree; SHOPPER_LOCALE_DIR first.
    static func folder(environment env: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        var candidates: [String] = []
        if let d = env["SHOPPER_LOCALE_DIR"], !d.isEmpty { candidates.append(d) }
        // .build/debug is a link to .build/<triple>/debug: look a level or two up.
        var dir = exe
        for _ in 0..<3 {
            dir = dir.deletingLastPathComponent()
            candidates.append(dir.appendingPathComponent("locale").path)
        }
        let installed = exe.deletingLastPathComponent().appendingPathComponent("share/locale").path
        return candidates.first { has(catalogueIn: $0) } ?? installed
    }

    private static func has(catalogueIn folder: String) -> Bool {
        let languages = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return languages.contains { FileManager.default.fileExists(atPath: "\(folder)/\($0)/LC_MESSAGES/\(domain).mo") }
    }
}
