import Foundation
import Glibc
import XCTest
@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel

/// What a recipe source is, checked before it is read, through the real helper: a pipe is refused
/// before it is opened (it waited 150 s for a writer), a folder is said to be one (it said
/// "NSCocoaErrorDomain error 256"), a device too; and bidirectional controls never reach a
/// recipe's texts.
final class RecipeSourceTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "shopper-recipe-sources-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    func testAPipeAFolderAndADeviceAreRefusedBeforeReading() throws {
        let fifo = folder + "/recipe.json"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let cases: [(String, String)] = [
            (fifo, "“\(fifo)” is not a file but a pipe, a socket or a device; it was not read"),
            (folder, "“\(folder)” is a folder; choose a recipe file in it"),
            ("/dev/zero", "“/dev/zero” is not a file but a pipe, a socket or a device; it was not read"),
            (folder + "/missing.json", "cannot read “\(folder)/missing.json” (no such file)"),
        ]
        for (source, sentence) in cases {
            let run = try MeasuredHelper.run(source, killAfter: 10)
            // A read of the pipe or the device would wait or go on for ever: killed at 10 s, no answer.
            XCTAssertFalse(run.killed, "\(source) held the helper")
            XCTAssertEqual(run.replies.map(\.error), [sentence])
        }
    }

    func testBidirectionalControlsAreTakenOutOfEveryText() throws {
        let controls = ["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
                        "\u{200E}", "\u{200F}", "\u{061C}"]
        let spoof = controls.joined()
        let recipe: [String: Any] = [
            "@type": "Recipe", "name": "Pan\u{202E}cakes" + spoof, "recipeYield": "12 pan\u{202E}cakes",
            "recipeIngredient": ["250 ml \u{202E}klim", spoof + "2 eggs"], "recipeInstructions": ["Whisk\u{2067}."],
            "description": "Thin\u{200F}.", "keywords": "sweet\u{202E}, quick", "url": "https://ex.org/\u{202E}p",
        ]
        let file = folder + "/recipe.json"
        try JSONSerialization.data(withJSONObject: recipe).write(to: URL(fileURLWithPath: file))
        let run = try MeasuredHelper.run(file)
        let d = try XCTUnwrap(run.replies.first?.recipes?.first, run.said)
        let texts = [d.title, d.yieldText ?? "", d.notes, d.source ?? ""] + d.ingredients + d.method + d.tags
        for text in texts {
            XCTAssertFalse(text.unicodeScalars.contains { RecipeDraft.bidiControls.contains($0) }, text.debugDescription)
        }
        XCTAssertEqual(d.title, "Pancakes")
        XCTAssertEqual(d.ingredients, ["250 ml klim", "2 eggs"])
        XCTAssertEqual(d.tags, ["sweet", "quick"])
        XCTAssertEqual(RecipeText.read("Pan\u{202E}cakes\n2 \u{2066}eggs")?.title, "Pancakes", "pasted text too")
    }
}
