import XCTest
import ShopperTestSupport
@testable import ShopperModel

final class SearchQueryTests: XCTestCase {
    let milk = Item(id: ItemID(1), description: "Semi-skimmed Milk", quantity: 2, price: Decimal(string: "0.99"), aisle: "Dairy", notes: "organic", needed: true)
    let cafe = Item(id: ItemID(2), description: "Café Crème", price: 6, aisle: "Hot drinks", needed: false)
    let salt = Item(id: ItemID(3), description: "Salt", aisle: nil, needed: true, inCart: true)

    private func matching(_ q: String) -> [String] {
        let query = SearchQuery(q)
        return [milk, cafe, salt].filter(query.matches).map(\.description)
    }

    func testWordsMatchDescriptionAisleAndNotesIgnoringCaseAndAccents() {
        XCTAssertEqual(matching("milk"), ["Semi-skimmed Milk"])
        XCTAssertEqual(matching("CAFE creme"), ["Café Crème"])
        XCTAssertEqual(matching("dairy"), ["Semi-skimmed Milk"])
        XCTAssertEqual(matching("ORGANIC milk"), ["Semi-skimmed Milk"])
        XCTAssertEqual(matching("milk salt"), [])
        XCTAssertEqual(matching("\"hot drinks\""), ["Café Crème"])
        XCTAssertEqual(matching(""), ["Semi-skimmed Milk", "Café Crème", "Salt"])
    }

    func testFilters() {
        XCTAssertEqual(matching("aisle:dai"), ["Semi-skimmed Milk"])
        XCTAssertEqual(matching("aisle:hot"), ["Café Crème"])
        XCTAssertEqual(matching("cost>5"), ["Café Crème"])
        XCTAssertEqual(matching("cost<2"), ["Semi-skimmed Milk"])
        XCTAssertEqual(matching("cost>=1.98"), ["Semi-skimmed Milk", "Café Crème"])
        XCTAssertEqual(matching("cost=6"), ["Café Crème"])
        XCTAssertEqual(matching("needed"), ["Semi-skimmed Milk", "Salt"])
        XCTAssertEqual(matching("-needed"), ["Café Crème"])
        XCTAssertEqual(matching("incart"), ["Salt"])
        XCTAssertEqual(matching("needed milk"), ["Semi-skimmed Milk"])
        // Not a valid filter: searched as a word.
        XCTAssertEqual(SearchQuery("cost>abc").words, ["cost>abc"])
    }

    func testHighlightsFindEveryOccurrence() {
        let q = SearchQuery("an")
        let text = "Banana"
        XCTAssertEqual(q.highlights(in: text).map { String(text[$0]) }, ["an", "an"])
        XCTAssertEqual(SearchQuery("creme").highlights(in: "Café Crème").map { String("Café Crème"[$0]) }, ["Crème"])
    }
}

final class SearchCacheTests: XCTestCase {
    /// The folded text is cached per item; an edit must show through at once.
    func testSearchFollowsEditsOfCachedText() throws {
        let m = try ShoppingModel(store: temporaryStore())
        let id = try m.items.add(fields("Green tea", aisle: "Drinks"))
        let p = ListProjection(model: m, kind: .all, query: SearchQuery("tea"))
        XCTAssertEqual(p.descriptions, ["Green tea"])
        try m.items.update(id, fields("Coffee", aisle: "Drinks"))
        XCTAssertEqual(p.descriptions, [])
        p.setQuery(SearchQuery("coffee"))
        XCTAssertEqual(p.descriptions, ["Coffee"])
        try m.items.update(id, fields("Coffee", aisle: "Drinks", notes: "decaf"))
        p.setQuery(SearchQuery("decaf"))
        XCTAssertEqual(p.descriptions, ["Coffee"])
    }
}

final class DecimalTextTests: XCTestCase {
    func testFastPathAgreesWithFoundation() {
        for text in ["0", "1", "1.29", "1,5", "0.001", "12345678901234567", "123456789012345678901.5", "007", "10.10"] {
            let expected = Decimal(string: text.replacingOccurrences(of: ",", with: "."), locale: Locale(identifier: "en_US_POSIX"))
            XCTAssertEqual(DecimalText.parse(text), expected, text)
        }
        for bad in ["", ".", "1.", ".5x", "1.2.3", "-1", "1e3", " "] { XCTAssertNil(DecimalText.parse(bad), bad) }
    }

    func testTypingOnNarrowsAndDeletingDoesNot() {
        XCTAssertTrue(SearchQuery("item 4").narrows(SearchQuery("item")))
        XCTAssertTrue(SearchQuery("apples").narrows(SearchQuery("app")))
        XCTAssertTrue(SearchQuery("app aisle:dairy").narrows(SearchQuery("ap aisle:dairy")))
        XCTAssertFalse(SearchQuery("app").narrows(SearchQuery("apples")), "a deleted letter widens")
        XCTAssertFalse(SearchQuery("app aisle:dairy").narrows(SearchQuery("app")), "a new filter is not a narrower word")
        XCTAssertFalse(SearchQuery("pear").narrows(SearchQuery("app")))
    }
}

/// The ASCII fast path of folding agrees with Foundation's folding everywhere it applies.
final class FoldingTests: XCTestCase {
    func testASCIIFoldsAsFoundationDoes() {
        let ascii = String((0x01...0x7F).map { Character(Unicode.Scalar(UInt8($0))) })
        XCTAssertEqual(SearchQuery.fold(ascii), ascii.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil))
        XCTAssertEqual(SearchQuery.fold("Crème FRAÎCHE"), "creme fraiche", "anything else goes the general way")
    }
}
