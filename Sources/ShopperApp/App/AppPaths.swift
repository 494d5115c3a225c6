import Foundation
import ShopperModel

enum AppInfo {
    /// Reverse-DNS id: names the .desktop file, icon, GSettings schema and data folder.
    static let id = "io.github.shopperapp.Shopper"
    static let name = "Shopper"
    static let program = "shopper"
    /// The newest release in the metainfo, the one place a version is written (`make deb` checks
    /// the package's against it); "unknown" when Shopper's files cannot be found.
    static var version: String {
        let release = (try? AppPaths.resolve())?.aboutInfo.releaseVersion ?? ""
        return release.isEmpty ? "unknown" : release
    }
}

/// Why Shopper cannot start. Each message says what to do; nothing was changed.
enum StartupError: Error, LocalizedError {
    case noDisplay
    case missingResources(searched: [String])
    case store(StoreErrorMessage)

    var errorDescription: String? {
        switch self {
        case .noDisplay:
            L(
                "Shopper needs a graphical display, and none could be opened. Run it from a desktop session (DISPLAY or WAYLAND_DISPLAY must be set)."
            )
        case .missingResources(let dirs):
            L(
                "Shopper cannot find its data files (shopper.css and friends). Looked in: {folders}. Reinstall Shopper, or set SHOPPER_RESOURCE_DIR.",
              ["folders": dirs.joined(separator: ", ")])
        case .store(let m):
            m.text
        }
    }
}

struct StoreErrorMessage: Sendable { let text: String }

/// Where Shopper keeps the user's data and finds its own files.
struct AppPaths {
    let dataFolder: String
    let resources: String

    var storeFile: String { dataFolder + "/shopper.sqlite" }
    func resource(_ name: String) -> String { resources + "/" + name }

    /// The sample list in the language the window speaks: its file is named by the message
    /// catalogue, so a language gets its own sample the day it has one, and English until then.
    var sampleList: String {
        // TRANSLATORS: the file of the sample list in your language, in the data folder. Leave it
        // as it is unless you add one, as data/sample-list.de.csv for German.
        let translated = resource(L("sample-list.csv"))
        return FileManager.default.fileExists(atPath: translated) ? translated : resource("sample-list.csv")
    }
    /// From the metainfo: data/ in a build tree, PREFIX/share/metainfo when installed.
    var aboutInfo: AboutInfo {
        let name = AppInfo.id + ".metainfo.xml"
        return AboutInfo(metainfo: resource(name)) ?? AboutInfo(metainfo: resources + "/../metainfo/" + name)
            ?? AboutInfo()
    }

    static func resolve(environment env: [String: String] = ProcessInfo.processInfo.environment) throws(StartupError)
        -> AppPaths
    {
        AppPaths(dataFolder: dataFolder(env), resources: try resourceFolder(env))
    }

    /// $SHOPPER_DATA_DIR, else the XDG data directory: ~/.local/share/io.github.shopperapp.Shopper.
    static func dataFolder(_ env: [String: String]) -> String {
        if let d = env["SHOPPER_DATA_DIR"], !d.isEmpty { return d }
        let base = env["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (NSHomeDirectory() + "/.local/share")
        return base + "/" + AppInfo.id
    }

    /// What can be made again if lost (the money patterns ICU was asked for): the XDG cache
    /// directory, ~/.cache/io.github.shopperapp.Shopper.
    static func cacheFolder(_ env: [String: String]) -> String {
        let base = env["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? (NSHomeDirectory() + "/.cache")
        return base + "/" + AppInfo.id
    }

    /// Installed: PREFIX/share/io.github.shopperapp.Shopper beside PREFIX/bin/shopper. From a build
    /// tree: the repository's data/ folder above .build/.
    static func resourceFolder(_ env: [String: String]) throws(StartupError) -> String {
        var candidates: [String] = []
        if let d = env["SHOPPER_RESOURCE_DIR"], !d.isEmpty { candidates.append(d) }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        candidates.append(exe.deletingLastPathComponent().appendingPathComponent("share/\(AppInfo.id)").path)
        var dir = exe
        for _ in 0..<5 {
            candidates.append(dir.appendingPathComponent("data").path)
            dir = dir.deletingLastPathComponent()
        }
        if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0 + "/shopper.css") }) {
            return found
        }
        throw .missingResources(searched: candidates)
    }
}
