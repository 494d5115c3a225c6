import Foundation

/// Where Shopper's message catalogues ("shopper.mo") are: PREFIX/share/locale beside PREFIX/bin
/// when installed (or PREFIX/libexec/shopper, the sharing helper's place); .build/locale (made by
/// `make`) from a build tree; SHOPPER_LOCALE_DIR first. The window and the sharing helper look
/// alike, so both speak the same language.
package enum MessageCatalogueFolder {
    package static let domain = "shopper"

    package static func find(environment env: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        var candidates: [String] = []
        if let d = env["SHOPPER_LOCALE_DIR"], !d.isEmpty { candidates.append(d) }
        // .build/debug is a link to .build/<triple>/debug: look a level or two up.
        var dir = exe
        for _ in 0..<3 {
            dir = dir.deletingLastPathComponent()
            candidates.append(dir.appendingPathComponent("locale").path)
            candidates.append(dir.appendingPathComponent("share/locale").path)
        }
        let installed = exe.deletingLastPathComponent().appendingPathComponent("share/locale").path
        return candidates.first { has(catalogueIn: $0) } ?? installed
    }

    private static func has(catalogueIn folder: String) -> Bool {
        let languages = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return languages.contains { FileManager.default.fileExists(atPath: "\(folder)/\($0)/LC_MESSAGES/\(domain).mo") }
    }
}
