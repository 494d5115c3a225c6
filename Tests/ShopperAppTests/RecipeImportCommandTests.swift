import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// `shopper recipe import FILE|URL`: what it read, a field a line; no recipe is exit 1 and one line.
final class RecipeImportCommandTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func testTheCommandIsParsed() throws {
        XCTAssertEqual(try Command.parse(["shopper", "recipe", "import", "https://ex.org/r"]), .recipeImport("https://ex.org/r", .keep(.refuse)))
        XCTAssertEqual(try Command.parse(["shopper", "recipe", "import", "my recipe.json", "--dry-run"]), .recipeImport("my recipe.json", .dryRun))
        XCTAssertEqual(try Command.parse(["shopper", "recipe", "import", "--replace", "a.json"]), .recipeImport("a.json", .keep(.replace)))
        XCTAssertEqual(try Command.parse(["shopper", "recipe", "import", "--keep-both", "a.json"]), .recipeImport("a.json", .keep(.keepBoth)))
        XCTAssertEqual(try Command.parse(["shopper", "recipe", "delete", "Apple", "pie"]), .recipeDelete(title: "Apple pie"))
        XCTAssertEqual(try Command.parse(["shopper", "recipe", "delete", "--", "-ish"]), .recipeDelete(title: "-ish"))
        for bad in [["recipe"], ["recipe", "import"], ["recipe", "import", "a", "b"], ["recipe", "eat", "x"],
                    ["recipe", "import", "--dry-run", "--replace", "a"], ["recipe", "import", "--merge", "a"], ["recipe", "delete"],
                    ["recipe", "delete", "--all"]] {
            XCTAssertThrowsError(try Command.parse(["shopper"] + bad), "\(bad)") { XCTAssertTrue($0 is Command.UsageError, "\($0)") }
        }
        XCTAssertTrue(Command.usage.contains("shopper recipe import [--dry-run|--replace|--keep-both] FILE|URL"))
    }

    func testWhatWasReadIsPrintedAFieldALine() {
        let text = RecipeCommands.text(RecipeDraft(title: "Pancakes", servings: 4, yieldText: "12 pancakes", ingredients: ["250 ml milk", "2 eggs"],
                                                   method: ["Whisk.", "Fry."], source: "https://ex.org/p", tags: ["sweet"]))
        XCTAssertEqual(text, "title\tPancakes\nservings\t4\nyield\t12 pancakes\ningredient\t250 ml milk\ningredient\t2 eggs\nsteps\t2\ntags\tsweet\nsource\thttps://ex.org/p\n")
    }

    /// The real binaries: `shopper` runs `shopper-sync` beside it.
    func testTheBinaryPrintsTheRecipesOrOneLine() throws {
        let binary = Self.repository.appendingPathComponent(".build/debug/shopper").path
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: binary), "build shopper first")
        let fixtures = Self.repository.appendingPathComponent("Tests/Fixtures/recipes")
        let two = try run(binary, fixtures.appendingPathComponent("two-recipes.html").path)
        XCTAssertEqual(two.status, 0, two.error)
        XCTAssertEqual(two.output.components(separatedBy: "\n").filter { $0.hasPrefix("title\t") }, ["title\tPancakes", "title\tBlueberry Sauce"])
        XCTAssertTrue(two.output.contains("ingredient\t200 g blueberries\n"), two.output)
        let none = try run(binary, fixtures.appendingPathComponent("none.html").path)
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.output, "")
        XCTAssertEqual(none.error.split(separator: "\n").count, 1, none.error)
        XCTAssertTrue(none.error.hasPrefix("shopper: no recipe was found in "), none.error)
        let plain = try run(binary, "http://recipes.example.com/pancakes")
        XCTAssertEqual(plain.status, 1)
        XCTAssertTrue(plain.error.contains("https://"), plain.error)
    }

    private func run(_ binary: String, _ source: String) throws -> (status: Int32, output: String, error: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        // Printed only: nothing is kept (the data folder is not the test's to write).
        p.arguments = ["recipe", "import", "--dry-run", source]
        var env = ProcessInfo.processInfo.environment
        env["LANGUAGE"] = "en"
        env["LC_ALL"] = "C.UTF-8"
        env["SHOPPER_DATA_DIR"] = temporaryFolder(self, "recipe-import")
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }
}
