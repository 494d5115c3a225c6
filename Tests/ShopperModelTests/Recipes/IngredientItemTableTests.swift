import XCTest
@testable import ShopperModel

/// A hundred ingredient lines as recipe sites write them, English and German, and the list item
/// each must give: its name, the amount the list takes (the top of a range), the unit and the
/// note ("400 g each", "to taste", "for frying", "optional"), as "3 clove | Garlic | -".
final class IngredientItemTableTests: XCTestCase {
    static let english: [(String, String)] = [
        ("juice of 1 lime", "1 - | Lime | -"),
        ("Juice of 2 limes", "2 - | Limes | -"),
        ("zest of 2 lemons", "2 - | Lemons | -"),
        ("the juice and zest of 1 orange", "1 - | Orange | -"),
        ("finely grated zest of 1 lemon", "1 - | Lemon | -"),
        ("juice of half a lemon", "1/2 - | Lemon | -"),
        ("juice of ½ lime", "1/2 - | Lime | -"),
        ("zest and juice of 1 unwaxed lemon", "1 - | Unwaxed lemon | -"),
        ("2 x 400 g tins chopped tomatoes", "2 tin | Chopped tomatoes | 400 g each"),
        ("2 × 400 g cans chickpeas, drained", "2 can | Chickpeas | 400 g each"),
        ("1 (400 g) can coconut milk", "1 can | Coconut milk | 400 g each"),
        ("1 can (400 g) kidney beans, rinsed", "1 can | Kidney beans | 400 g each"),
        ("2 x 400g tins black beans", "2 tin | Black beans | 400 g each"),
        ("1 x 400g tin lentils", "1 tin | Lentils | 400 g each"),
        ("2x400g cans tomatoes", "2 can | Tomatoes | 400 g each"),
        ("1 28-ounce can crushed tomatoes", "1 can | Crushed tomatoes | 28 oz each"),
        ("2 (14.5 oz) cans diced tomatoes", "2 can | Diced tomatoes | 14.5 oz each"),
        ("3x Eggs", "3 - | Eggs | -"),
        ("1 (15-ounce) can pinto beans", "1 can | Pinto beans | 15 oz each"),
        ("3 x 125 g balls mozzarella", "3 - | Balls mozzarella | 125 g each"),
        ("1 (8 oz) package cream cheese, softened", "1 pack | Cream cheese | 8 oz each"),
        ("2-3 cloves garlic, minced", "3 clove | Garlic | -"),
        ("2–3 tbsp olive oil", "3 tbsp | Olive oil | -"),
        ("1 to 2 jalapeños, seeded", "2 - | Jalapeños | -"),
        ("3-4 cups chicken stock", "4 cup | Chicken stock | -"),
        ("4 or 5 sprigs thyme", "5 sprig | Thyme | -"),
        ("salt to taste", "- - | Salt | to taste"),
        ("Salt and pepper, to taste", "- - | Salt and pepper | to taste"),
        ("freshly ground black pepper, to taste", "- - | Freshly ground black pepper | to taste"),
        ("vegetable oil, for frying", "- - | Vegetable oil | for frying"),
        ("oil for deep-frying", "- - | Oil | for deep-frying"),
        ("butter for greasing", "- - | Butter | for greasing"),
        ("flour, for dusting", "- - | Flour | for dusting"),
        ("fresh cilantro, to serve", "- - | Fresh cilantro | to serve"),
        ("1 tsp chili flakes (optional)", "1 tsp | Chili flakes | optional"),
        ("½ cup chopped walnuts, optional", "1/2 cup | Chopped walnuts | optional"),
        ("sour cream, for serving (optional)", "- - | Sour cream | for serving; optional"),
        ("2 cups all-purpose flour", "2 cup | All-purpose flour | -"),
        ("1 1/2 cups whole milk", "3/2 cup | Whole milk | -"),
        ("¾ cup sugar", "3/4 cup | Sugar | -"),
        ("2 cups heavy cream", "2 cup | Heavy cream | -"),
        ("3 tablespoons unsalted butter, melted", "3 tbsp | Unsalted butter | -"),
        ("1 tsp baking soda", "1 tsp | Baking soda | -"),
        ("a pinch of salt", "1 pinch | Salt | -"),
        ("1 lb ground beef", "1 lb | Ground beef | -"),
        ("2 large onions, diced", "2 - | Large onions | -"),
        ("1 bunch fresh parsley", "1 bunch | Fresh parsley | -"),
        ("1 cup (240 ml) buttermilk", "1 cup | Buttermilk | 240 ml"),
        ("1 jar (500 g) passata", "1 jar | Passata | 500 g each"),
        ("For the noodles:", "heading | For the noodles"),
    ]

    static let german: [(String, String)] = [
        ("Saft von 1 Limette", "1 - | Limette | -"),
        ("Saft einer Zitrone", "1 - | Zitrone | -"),
        ("Abrieb von 2 Bio-Zitronen", "2 - | Bio-Zitronen | -"),
        ("abgeriebene Schale von 1 Orange", "1 - | Orange | -"),
        ("Saft einer halben Zitrone", "1/2 - | Zitrone | -"),
        ("Saft und Abrieb von 1 Limette", "1 - | Limette | -"),
        ("1 Dose (400 g) gehackte Tomaten", "1 de.dose | Gehackte Tomaten | 400 g each"),
        ("2 Dosen à 400 g Kichererbsen", "2 de.dose | Kichererbsen | 400 g each"),
        ("2 Dosen Kidneybohnen à 400 g", "2 de.dose | Kidneybohnen | 400 g each"),
        ("1 Dose Kokosmilch (à 400 ml)", "1 de.dose | Kokosmilch | 400 ml each"),
        ("2 x 250 g Mascarpone", "2 - | Mascarpone | 250 g each"),
        ("1 Pck. Blätterteig (275 g)", "1 de.packung | Blätterteig | 275 g each"),
        ("1 Glas (370 ml) Rotkohl", "1 de.glas | Rotkohl | 370 ml each"),
        ("2 Becher Sahne (à 200 g)", "2 de.becher | Sahne | 200 g each"),
        ("2-3 Knoblauchzehen", "3 - | Knoblauchzehen | -"),
        ("2 bis 3 EL Olivenöl", "3 de.el | Olivenöl | -"),
        ("1–2 TL Paprikapulver", "2 de.tl | Paprikapulver | -"),
        ("3-4 Kartoffeln", "4 - | Kartoffeln | -"),
        ("2 oder 3 Zwiebeln", "3 - | Zwiebeln | -"),
        ("1-2 Zehen Knoblauch", "2 de.zehe | Knoblauch | -"),
        ("Salz nach Geschmack", "- - | Salz | to taste"),
        ("Pfeffer, nach Belieben", "- - | Pfeffer | optional"),
        ("Öl zum Braten", "- - | Öl | zum Braten"),
        ("Butter für die Form", "- - | Butter | für die Form"),
        ("Puderzucker zum Bestäuben", "- - | Puderzucker | zum Bestäuben"),
        ("Mehl für die Arbeitsfläche", "- - | Mehl | für die Arbeitsfläche"),
        ("Petersilie zum Garnieren", "- - | Petersilie | zum Garnieren"),
        ("Salz und Pfeffer zum Abschmecken", "- - | Salz und Pfeffer | to taste"),
        ("1 EL Kapern (optional)", "1 de.el | Kapern | optional"),
        ("200 g Mehl", "200 g | Mehl | -"),
        ("250 ml Milch", "250 ml | Milch | -"),
        ("1,5 kg Kartoffeln", "3/2 kg | Kartoffeln | -"),
        ("2 EL Olivenöl", "2 de.el | Olivenöl | -"),
        ("1 TL Salz", "1 de.tl | Salz | -"),
        ("1 Prise Muskat", "1 de.prise | Muskat | -"),
        ("1 Bund Petersilie, gehackt", "1 de.bund | Petersilie | -"),
        ("1 Stück Knoblauchzehe", "1 de.stueck | Knoblauchzehe | -"),
        ("4 LANDFREUDE Eier", "4 - | LANDFREUDE Eier | -"),
        ("2 Zehen Knoblauch", "2 de.zehe | Knoblauch | -"),
        ("3 Eier (Größe M)", "3 - | Eier | Größe M"),
        ("500 g Hackfleisch (gemischt)", "500 g | Hackfleisch | gemischt"),
        ("1 Zwiebel, fein gewürfelt", "1 - | Zwiebel | -"),
        ("½ Bund Schnittlauch", "1/2 de.bund | Schnittlauch | -"),
        ("100 g Butter, weich", "100 g | Butter | -"),
        ("1 Pck. Vanillezucker", "1 de.packung | Vanillezucker | -"),
        ("1 Becher Schmand", "1 de.becher | Schmand | -"),
        ("etwas Zitronensaft", "- - | Zitronensaft | -"),
        ("eine Prise Zucker", "1 de.prise | Zucker | -"),
        ("Für den Teig:", "heading | Für den Teig"),
        ("Für die Soße", "heading | Für die Soße"),
    ]

    /// The list item a line gives, in one line.
    static func item(_ line: String, _ numbers: NumberConvention) -> String {
        let i = IngredientParser.parse(line, numbers: numbers)
        if i.isHeading { return "heading | " + i.name }
        let amount = (i.listQuantity.map { "\($0)" } ?? "-") + " " + (i.unit?.id ?? "-")
        return [amount, RecipeToList.itemName(i.name), i.listNote ?? "-"].joined(separator: " | ")
    }

    func testAHundredLines() {
        XCTAssertEqual(Self.english.count + Self.german.count, 100)
        for (line, expected) in Self.english { XCTAssertEqual(Self.item(line, .decimalPoint), expected, line) }
        for (line, expected) in Self.german { XCTAssertEqual(Self.item(line, .decimalComma), expected, line) }
    }

    /// The fruit is what scales: a lime per meal, two for twice the servings.
    func testTheFruitOfAPhraseScales() throws {
        let lime = try XCTUnwrap(IngredientParser.parse("juice of 1 lime").scaled(from: 4, to: 8))
        XCTAssertEqual(lime.listQuantity, q(2))
        XCTAssertEqual(lime.name, "lime")
        let tins = try XCTUnwrap(IngredientParser.parse("2 x 400 g tins chopped tomatoes").scaled(from: 4, to: 6))
        XCTAssertEqual(tins.listQuantity, q(3))
        XCTAssertEqual(tins.each, "400 g", "the size of each tin does not scale")
    }
}

/// The phrases reach the list: the fruit scaled, the tins counted with their size as the note.
final class IngredientPhrasesToListTests: XCTestCase {
    func testAWeekOfLimesAndTins() throws {
        let m = try ShoppingModel(store: Store(path: temporaryFolder(self) + "/" + Store.fileName))
        let id = try m.recipes.addRecipe(RecipeDraft(title: "Chili", servings: 4, ingredients: [
            "juice of 1 lime", "2 x 400 g tins chopped tomatoes", "vegetable oil, for frying", "For the topping:", "2-3 spring onions",
        ]))
        try m.plan.addRecipeToList(id, servings: 8, staples: PantryStaples([]), numbers: .decimalPoint)
        let items = try m.items.allItems().map { "\($0.description) \($0.quantity) \($0.unit ?? "-") | \($0.notes)" }.sorted()
        XCTAssertEqual(items, ["Chopped tomatoes 4 tins | 400 g each", "Lime 2 - | ", "Spring onions 6 - | ",
                               "Vegetable oil 1 - | for frying"])
    }
}
