import Foundation
import ShopperModel

extension SyncHelper {
    /// The recipes at `source`, a web address or a file's path (relative to this process's
    /// folder), read by `shopper-sync`: libsoup fetches the page and libxml2 parses it there, so the
    /// window maps neither and a hostile page's worst ends that process. At least one recipe, or
    /// the reason there is none in one sentence ("no recipe was found in …", "… was too slow").
    /// Blocking (up to the import's deadline, 30 s, download and reading): call it off the main
    /// loop. `handle`: the window's Cancel. `helper`: another program, for the tests.
    package static func recipes(from source: String, helper: String? = nil,
                                handle: HelperRunHandle? = nil) throws(HelperProcess.Failure) -> [RecipeDraft] {
        var drafts: [RecipeDraft]?
        var failure: String?
        try HelperProcess.run(
            .recipes(source: absolute(source)), input: nil, helper: helper, silence: recipeSilence, handle: handle
        ) { reply in
            if let error = reply.error { failure = error } else if let r = reply.recipes { drafts = r }
        }
        if let failure { throw HelperProcess.Failure(description: failure) }
        guard let drafts else { throw HelperProcess.Failure(description: L("the sharing helper gave no answer")) }
        // Capped again here: the window trusts no size it did not check itself.
        return drafts.prefix(SchemaOrgRecipe.maxRecipes).map(\.capped)
    }

    /// The helper ends its import by 30 s, its process limits by 33 s (an alarm): silent longer,
    /// something outside it holds it, and waiting on for sharing's 150 s helps no one.
    static let recipeSilence: Int32 = 45

    /// A path as the helper must see it; an address as it is.
    static func absolute(_ source: String) -> String {
        guard !source.contains("://"), !source.hasPrefix("/") else { return source }
        return URL(
            fileURLWithPath: source,
            relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        ).path
    }
}
