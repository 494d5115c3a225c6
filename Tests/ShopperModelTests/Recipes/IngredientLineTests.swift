import XCTest
@testable import ShopperModel

/// English ingredient lines as recipe sites write them, read with the English decimal point.
final class IngredientLineTests: XCTestCase {
    static let table: [(String, String)] = [
        ("2 cups all-purpose flour", "2 cup | all-purpose flour"),
        ("1/2 cup sugar", "1/2 cup | sugar"),
        ("½ cup milk", "1/2 cup | milk"),
        ("1 ½ cups water", "3/2 cup | water"),
        ("1½ cups water", "3/2 cup | water"),
        ("1 1/2 tsp baking powder", "3/2 tsp | baking powder"),
        ("2 1/4 cups flour", "9/4 cup | flour"),
        ("1 ⅛ tsp yeast", "9/8 tsp | yeast"),
        ("1⁄2 cup cream", "1/2 cup | cream"),
        ("⅓ cup oil", "1/3 cup | oil"),
        ("¾ cup brown sugar, packed", "3/4 cup | brown sugar | prep: packed"),
        ("2–3 apples", "2..3 | apples"),
        ("2-3 apples", "2..3 | apples"),
        ("3 - 4 cups broth", "3..4 cup | broth"),
        ("2 to 3 tablespoons olive oil", "2..3 tbsp | olive oil"),
        ("2 or 3 potatoes", "2..3 | potatoes"),
        ("½–1 tsp chili flakes", "1/2..1 tsp | chili flakes"),
        ("1 onion, finely chopped", "1 | onion | prep: finely chopped"),
        ("2 large eggs, beaten", "2 | large eggs | prep: beaten"),
        ("3 eggs", "3 | eggs"),
        ("1 bay leaf", "1 | bay leaf"),
        ("salt to taste", "- | salt | to taste"),
        ("Salt and pepper, to taste", "- | Salt and pepper | to taste"),
        ("black pepper, as needed", "- | black pepper | to taste"),
        ("1 can (400 g) tomatoes", "1 can | tomatoes | each: 400 g"),
        ("1 (14.5 oz) can diced tomatoes, drained", "1 can | diced tomatoes | prep: drained | each: 14.5 oz"),
        ("1 cup (240 ml) milk", "1 cup | milk | note: 240 ml"),
        ("1 kg (2.2 lb) chicken thighs", "1 kg | chicken thighs | note: 2.2 lb"),
        ("200g butter", "200 g | butter"),
        ("1.5 kg potatoes", "3/2 kg | potatoes"),
        ("0.5 l stock", "1/2 l | stock"),
        ("500 ml milk", "500 ml | milk"),
        ("1,000 g flour", "1000 g | flour"),
        ("3 cloves garlic, minced", "3 clove | garlic | prep: minced"),
        ("3 cloves", "3 | cloves"),
        ("1 pinch of salt", "1 pinch | salt"),
        ("a pinch of nutmeg", "1 pinch | nutmeg"),
        ("1 bunch parsley (optional)", "1 bunch | parsley | optional"),
        ("1/4 tsp cayenne pepper (optional)", "1/4 tsp | cayenne pepper | optional"),
        ("1 tsp cinnamon, optional", "1 tsp | cinnamon | optional"),
        ("parmesan, optional", "- | parmesan | optional"),
        ("1 (optional) lemon", "1 | lemon | optional"),
        ("2 tbsp. soy sauce", "2 tbsp | soy sauce"),
        ("1 Tbsp honey", "1 tbsp | honey"),
        ("2 tablespoons butter, melted", "2 tbsp | butter | prep: melted"),
        ("1 T butter", "1 tbsp | butter"),
        ("1 t vanilla extract", "1 tsp | vanilla extract"),
        ("1 teaspoon salt", "1 tsp | salt"),
        ("8 fl oz cream", "8 floz | cream"),
        ("4 fl. oz. lime juice", "4 floz | lime juice"),
        ("2 fluid ounces rum", "2 floz | rum"),
        ("1 lb ground beef", "1 lb | ground beef"),
        ("12 oz pasta", "12 oz | pasta"),
        ("2 pints strawberries", "2 pint | strawberries"),
        ("1 quart chicken broth", "1 quart | chicken broth"),
        ("1 gallon water", "1 gallon | water"),
        ("1 cup of flour", "1 cup | flour"),
        ("2 pieces ginger", "2 piece | ginger"),
        ("1 dozen eggs", "1 dozen | eggs"),
        ("1 stick butter", "1 stick | butter"),
        ("2 cans chickpeas, drained and rinsed", "2 can | chickpeas | prep: drained and rinsed"),
        ("1 tin coconut milk", "1 tin | coconut milk"),
        ("1 head garlic", "1 head | garlic"),
        ("fresh basil leaves, for garnish", "- | fresh basil leaves | use: for garnish"),
        ("some parsley", "- | parsley"),
        ("For the sauce:", "- | For the sauce | heading"),
        ("• 2 carrots, peeled and sliced", "2 | carrots | prep: peeled and sliced"),
        ("▢ 1 cup rice", "1 cup | rice"),
        ("1\u{00A0}cup\u{2009}sugar", "1 cup | sugar"),
        ("  2   cups \t  flour  ", "2 cup | flour"),
        ("1 cup\u{200B} sugar", "1 cup | sugar"),
        ("7up", "- | 7up"),
        ("0 eggs", "- | 0 eggs"),
        ("100000000 g sugar", "- | 100000000 g sugar"),
        ("2 cups", "2 | cups"),
        ("1 (unclosed note apples", "1 | (unclosed note apples"),
    ]

    func testEnglishLines() {
        for (line, expected) in Self.table {
            XCTAssertEqual(summary(IngredientParser.parse(line, numbers: .decimalPoint)), expected, line)
        }
    }

    /// Without a locale, "1,5" and "1.5" are both one and a half, and "1,000" a thousand.
    func testNeutralNumbers() {
        XCTAssertEqual(summary(IngredientParser.parse("1,5 kg potatoes")), "3/2 kg | potatoes")
        XCTAssertEqual(summary(IngredientParser.parse("1.5 kg potatoes")), "3/2 kg | potatoes")
        XCTAssertEqual(summary(IngredientParser.parse("1,000 g flour")), "1000 g | flour")
    }

    func testFieldsAreBounded() {
        let long = IngredientParser.parse("2 cups " + String(repeating: "flour ", count: 500) + ", " + String(repeating: "sifted ", count: 100))
        XCTAssertEqual(long.quantity, .exact(q(2)))
        XCTAssertLessThanOrEqual(long.name.count, Ingredient.maxName)
        XCTAssertLessThanOrEqual(long.preparation?.count ?? 0, Ingredient.maxPreparation)
        let notes = IngredientParser.parse("1 egg (" + String(repeating: "x", count: 400) + ")")
        XCTAssertEqual(notes.name, "egg")
        XCTAssertLessThanOrEqual(notes.note?.count ?? 0, Ingredient.maxNote)
    }
}
