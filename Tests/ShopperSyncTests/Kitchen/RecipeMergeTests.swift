import XCTest
@testable import ShopperModel
@testable import ShopperSyncModel

/// The recipe merge as a table: what each side did, and what the merge keeps and reports lost.
final class RecipeMergeTests: XCTestCase {
    static let base = SharedRecipe(uid: "r", draft: RecipeDraft(
        title: "Soup", servings: 4, ingredients: ["1 onion", "1 l stock"], method: ["Chop.", "Boil."],
        source: "https://example.org/soup", notes: "", tags: ["Dinner"]))

    static func edit(_ change: (inout SharedRecipe) -> Void) -> SharedRecipe {
        var r = base
        change(&r)
        return r
    }

    struct Row {
        let name: String
        let hasBase: Bool
        let local: SharedRecipe
        let remote: SharedRecipe
        let localNewer: Bool
        let merged: SharedRecipe
        let lost: [RecipeField]
    }

    static let rows: [Row] = {
        let b = base
        let twoOnions = edit { $0.ingredients = ["2 onions", "1 l stock"] }
        let leek = edit { $0.ingredients = ["1 leek", "1 l stock"] }
        let renamed = edit { $0.title = "Onion soup" }
        let serves6 = edit { $0.servings = 6 }
        let yield6 = edit { $0.servings = 6; $0.yieldText = "6 bowls" }
        let stirred = edit { $0.method = ["Chop.", "Stir.", "Boil."] }
        return [
            Row(name: "nothing changed", hasBase: true, local: b, remote: b, localNewer: true, merged: b, lost: []),
            Row(name: "remote only", hasBase: true, local: b, remote: renamed, localNewer: true, merged: renamed,
                lost: []),
            Row(name: "local only", hasBase: true, local: twoOnions, remote: b, localNewer: false, merged: twoOnions,
                lost: []),
            Row(name: "different fields on each side", hasBase: true, local: renamed, remote: stirred,
                localNewer: false, merged: edit { $0.title = "Onion soup"; $0.method = stirred.method }, lost: []),
            Row(name: "both the same", hasBase: true, local: twoOnions, remote: twoOnions, localNewer: false,
                merged: twoOnions, lost: []),
            Row(name: "both, local newer", hasBase: true, local: twoOnions, remote: leek, localNewer: true,
                merged: twoOnions, lost: [.ingredients]),
            Row(name: "both, remote newer", hasBase: true, local: twoOnions, remote: leek, localNewer: false,
                merged: leek, lost: [.ingredients]),
            Row(name: "servings and yield are one field", hasBase: true, local: serves6, remote: yield6,
                localNewer: true, merged: serves6, lost: [.servings]),
            Row(name: "no base: every difference by time", hasBase: false, local: renamed, remote: stirred,
                localNewer: true, merged: renamed, lost: [.title, .method]),
            Row(name: "no base, remote newer", hasBase: false, local: renamed, remote: stirred, localNewer: false,
                merged: stirred, lost: [.title, .method]),
        ]
    }()

    func testTable() {
        for row in Self.rows {
            let (merged, lost) = RecipeMerge.merge(
                base: row.hasBase ? Self.base : nil, local: row.local, remote: row.remote, localNewer: row.localNewer)
            XCTAssertEqual(merged, row.merged, row.name)
            XCTAssertEqual(lost, row.lost, row.name)
        }
    }

    func testDraftRoundTrip() {
        XCTAssertEqual(SharedRecipe(uid: "r", draft: Self.base.draft), Self.base)
        var r = Self.base
        r.draft.title = "Leek soup"
        XCTAssertEqual(r.uid, "r")
        XCTAssertEqual(r.title, "Leek soup")
    }
}
