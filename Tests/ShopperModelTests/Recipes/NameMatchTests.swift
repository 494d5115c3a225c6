import XCTest
@testable import ShopperModel

final class NameMatchTests: XCTestCase {
    /// (ingredient name, a list's descriptions, the one it means or nil).
    static let table: [(String, [String], String?)] = [
        ("eggs", ["Egg"], "Egg"),
        ("eggs", ["Eggs"], "Eggs"),
        ("eggs", ["Egg", "Eggs"], "Eggs"),
        ("egg", ["Eggs"], "Eggs"),
        ("tomatoes", ["Tomato"], "Tomato"),
        ("tomato", ["Tomatoes"], "Tomatoes"),
        ("potatoes", ["Potato"], "Potato"),
        ("berries", ["Berry"], "Berry"),
        ("strawberries", ["Strawberry"], "Strawberry"),
        ("leaves", ["Leaf"], "Leaf"),
        ("loaves", ["Loaf"], "Loaf"),
        ("olives", ["Olive"], "Olive"),
        ("peaches", ["Peach"], "Peach"),
        ("boxes", ["Box"], "Box"),
        ("CRÈME FRAÎCHE", ["Crème fraîche"], "Crème fraîche"),
        ("creme fraiche", ["Crème Fraîche"], "Crème Fraîche"),
        ("Zwiebeln", ["Zwiebel"], "Zwiebel"),
        ("Zwiebel", ["Zwiebeln"], "Zwiebeln"),
        ("Äpfel", ["Apfel"], "Apfel"),
        ("apfel", ["Äpfel"], "Äpfel"),
        ("Tomaten", ["Tomate"], "Tomate"),
        ("Kartoffeln", ["Kartoffel"], "Kartoffel"),
        ("Möhren", ["Möhre"], "Möhre"),
        ("Zitronen", ["Zitrone"], "Zitrone"),
        ("Nüsse", ["Nuss"], "Nuss"),
        ("Pilze", ["Pilz"], "Pilz"),
        ("Eier", ["Ei"], "Ei"),
        ("Ei", ["Eier"], "Eier"),
        ("Kräuter", ["Kraut"], "Kraut"),
        ("Champignons", ["Champignon"], "Champignon"),
        ("rote Zwiebeln", ["Zwiebel"], "Zwiebel"),
        ("frische Petersilie", ["Petersilie", "Basilikum"], "Petersilie"),
        ("large red onions", ["Onion", "Red onion"], "Red onion"),
        ("large onions", ["Onion", "Red onion"], "Onion"),
        ("cherry tomatoes", ["Tomato", "Cherry tomato"], "Cherry tomato"),
        ("butter or margarine", ["Margarine", "Butter"], "Butter"),
        ("vegan butter or margarine", ["Margarine"], "Margarine"),
        // Only words that describe are dropped: a word that names a thing keeps it apart.
        ("coconut milk", ["Milk"], nil),
        ("whole milk", ["Milk"], "Milk"),
        ("frozen peas", ["Peas"], "Peas"),
        ("sweet potatoes", ["Potato"], nil),
        ("spring onions", ["Onion"], nil),
        ("soy sauce", ["Tomato sauce"], nil),
        ("große rote Zwiebeln", ["Zwiebel"], "Zwiebel"),
        ("Kokos Milch", ["Milch"], nil),
        ("gemahlener Zimt", ["Zimt"], "Zimt"),
        ("geriebenen Parmesan", ["Parmesan"], "Parmesan"),
        ("shredded mozzarella", ["Mozzarella"], "Mozzarella"),
        ("extra virgin olive oil", ["Olive oil"], "Olive oil"),
        ("eggplant", ["Egg"], nil),
        ("salt", ["Salted butter"], nil),
        ("milk", ["Whole milk"], nil),
        ("rice", ["Rice noodles"], nil),
        ("Mais", ["Mai"], nil),
        ("", ["Egg"], nil),
        ("eggs", [], nil),
    ]

    func testMatching() {
        for (name, candidates, expected) in Self.table {
            XCTAssertEqual(NameMatcher(candidates).best(for: name), expected, "\(name) among \(candidates)")
        }
    }

    /// The list's own key: a description the list already knows is found as the add bar finds it.
    func testFoldsAsTheListDoes() {
        let descriptions = ["Crème fraîche", "Äpfel"]
        for d in descriptions {
            XCTAssertEqual(NameMatcher.words(d).joined(separator: " "), ShoppingModel.matchKey(d))
        }
    }

    func testManyCandidatesStayCheap() {
        let many = (0..<20_000).map { "Item \($0)" } + ["Tomato"]
        let matcher = NameMatcher(many)
        XCTAssertEqual(matcher.best(for: "ripe tomatoes"), "Tomato")
        XCTAssertEqual(matcher.best(for: "Item 1234"), "Item 1234")
    }
}
