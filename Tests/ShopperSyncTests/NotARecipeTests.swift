import Foundation
import XCTest
@testable import ShopperModel
@testable import ShopperSync

/// Files that are no recipe, made by the test: each is refused in one sentence saying what it is,
/// instead of a recipe titled "Date,Amount" or "%PDF-1.4".
final class NotARecipeTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("shopper-not-recipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func refusal(_ name: String, _ bytes: Data) throws -> RecipeImportError? {
        let path = folder.appendingPathComponent(name).path
        try bytes.write(to: URL(fileURLWithPath: path))
        do {
            let drafts = try RecipeImport.drafts(from: path)
            XCTFail("\(name) was read as \(drafts.map(\.title))")
            return nil
        } catch {
            return error
        }
    }

    func testACSVFileIsATableNotARecipe() throws {
        let csv = Data("Date,Amount\n2024-01-01,5\n2024-01-02,7\n2024-01-03,12\n".utf8)
        let e = try refusal("money.csv", csv)
        XCTAssertEqual(e, .notARecipe(folder.appendingPathComponent("money.csv").path, .table))
        XCTAssertTrue("\(e!)".contains("is a table of values (CSV), not a recipe"), "\(e!)")
    }

    func testATinyPDFIsRefused() throws {
        let pdf = Data("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".utf8)
        XCTAssertEqual(try refusal("r.pdf", pdf), .notARecipe(folder.appendingPathComponent("r.pdf").path, .pdf))
    }

    func testAPNGIsAnImage() throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])
        XCTAssertEqual(try refusal("photo.png", png), .notARecipe(folder.appendingPathComponent("photo.png").path, .image))
    }

    func testJSONThatIsNoRecipe() throws {
        let json = Data(#"{"@context":"https://schema.org","@type":"Person","name":"Anna","knows":[{"@type":"Person","name":"Ben"}]}"#.utf8)
        let e = try refusal("person.json", json)
        XCTAssertEqual(e, .notARecipe(folder.appendingPathComponent("person.json").path, .json))
        XCTAssertTrue("\(e!)".contains("JSON without a schema.org Recipe"), "\(e!)")
    }

    func testAZipIsAnArchive() throws {
        // A zip of one stored file, "r.txt" holding "2 eggs" (local header, data, central directory, end).
        var zip = Data([0x50, 0x4B, 0x03, 0x04, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 6, 0, 0, 0, 5, 0, 0, 0])
        zip += Data("r.txt2 eggs".utf8)
        zip += Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))
        XCTAssertEqual(try refusal("recipes.zip", zip), .notARecipe(folder.appendingPathComponent("recipes.zip").path, .archive))
    }

    func testBinaryAndTextWithoutIngredients() throws {
        XCTAssertEqual(try refusal("data.bin", Data([0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0, 0, 0, 0, 0])),
                       .notARecipe(folder.appendingPathComponent("data.bin").path, .binary))
        let letter = Data("Dear Anna,\nthank you for the lovely evening.\nSee you soon\nBen\n".utf8)
        XCTAssertEqual(try refusal("letter.txt", letter), .notARecipe(folder.appendingPathComponent("letter.txt").path, .text))
    }

    /// A recipe typed into a text file is still one.
    func testRecipeTextIsStillARecipe() throws {
        let path = folder.appendingPathComponent("soup.txt").path
        try Data("Tomato Soup\n\n1 onion, chopped\n2 x 400 g tins tomatoes\nsalt to taste\n\nCook everything for 20 minutes.\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try RecipeImport.drafts(from: path).map(\.title), ["Tomato Soup"])
    }
}
