import XCTest
@testable import ShopperModel

/// German ingredient lines, read with the German decimal comma.
final class IngredientLineGermanTests: XCTestCase {
    static let table: [(String, String)] = [
        ("200 g Mehl", "200 g | Mehl"),
        ("200g Schokolade", "200 g | Schokolade"),
        ("1,5 kg Kartoffeln", "3/2 kg | Kartoffeln"),
        ("0,5 l Gemüsebrühe", "1/2 l | Gemüsebrühe"),
        ("1.000 g Mehl", "1000 g | Mehl"),
        ("250 ml Milch", "250 ml | Milch"),
        ("2 EL Olivenöl", "2 de.el | Olivenöl"),
        ("2 el Öl", "2 de.el | Öl"),
        ("2 Esslöffel Zucker", "2 de.el | Zucker"),
        ("1 TL Salz", "1 de.tl | Salz"),
        ("1 Teelöffel Senf", "1 de.tl | Senf"),
        ("½ TL Zimt", "1/2 de.tl | Zimt"),
        ("1 ½ EL Honig", "3/2 de.el | Honig"),
        ("1 Prise Zucker", "1 de.prise | Zucker"),
        ("eine Prise Salz", "1 de.prise | Salz"),
        ("1 Bund Petersilie, gehackt", "1 de.bund | Petersilie | prep: gehackt"),
        ("1/2 Bund Schnittlauch", "1/2 de.bund | Schnittlauch"),
        ("2 Zehen Knoblauch, fein gehackt", "2 de.zehe | Knoblauch | prep: fein gehackt"),
        ("1 Zehe Knoblauch", "1 de.zehe | Knoblauch"),
        ("1 Zwiebel, gewürfelt", "1 | Zwiebel | prep: gewürfelt"),
        ("2 Zwiebeln (rot)", "2 | Zwiebeln | note: rot"),
        ("2 bis 3 Äpfel", "2..3 | Äpfel"),
        ("2–3 Tomaten", "2..3 | Tomaten"),
        ("2 oder 3 Kartoffeln", "2..3 | Kartoffeln"),
        ("1-2 TL Chiliflocken, wer mag", "1..2 de.tl | Chiliflocken | optional"),
        ("Salz", "- | Salz"),
        ("Salz und Pfeffer nach Geschmack", "- | Salz und Pfeffer | to taste"),
        ("Pfeffer, nach Geschmack", "- | Pfeffer | to taste"),
        ("Muskat (nach Geschmack)", "- | Muskat | to taste"),
        ("Zitronensaft nach Belieben", "- | Zitronensaft | optional"),
        ("etwas Salz", "- | Salz"),
        ("1 Becher Sahne (200 g)", "1 de.becher | Sahne | each: 200 g"),
        ("1 Dose Tomaten (400 g)", "1 de.dose | Tomaten | each: 400 g"),
        ("2 Dosen Kichererbsen, abgetropft", "2 de.dose | Kichererbsen | prep: abgetropft"),
        ("1 Packung Vanillezucker", "1 de.packung | Vanillezucker"),
        ("1 Pck. Backpulver", "1 de.packung | Backpulver"),
        ("1 Päckchen Hefe", "1 de.packung | Hefe"),
        ("3 Stück Ingwer", "3 de.stueck | Ingwer"),
        ("1 Stk. Zitrone", "1 de.stueck | Zitrone"),
        ("3 Eier", "3 | Eier"),
        ("1 Ei (Größe M)", "1 | Ei | note: Größe M"),
        ("100 g Butter, weich", "100 g | Butter | prep: weich"),
        ("1 kg Rinderhack (optional)", "1 kg | Rinderhack | optional"),
        ("2 Handvoll Spinat", "2 de.handvoll | Spinat"),
        ("1 Pfund Hackfleisch", "1 de.pfund | Hackfleisch"),
        ("1 Glas Kapern", "1 de.glas | Kapern"),
        ("4 Scheiben Toastbrot", "4 de.scheibe | Toastbrot"),
        ("1 Stange Lauch", "1 de.stange | Lauch"),
        ("1 Kopf Salat", "1 de.kopf | Salat"),
        ("1 Flasche Rotwein", "1 de.flasche | Rotwein"),
        ("3 EL Wasser, lauwarm", "3 de.el | Wasser | prep: lauwarm"),
        ("2 Möhren, geschält und geraspelt", "2 | Möhren | prep: geschält und geraspelt"),
        ("Für den Teig:", "- | Für den Teig | heading"),
        ("- 400 g Spaghetti", "400 g | Spaghetti"),
    ]

    func testGermanLines() {
        for (line, expected) in Self.table {
            XCTAssertEqual(summary(IngredientParser.parse(line, numbers: .decimalComma)), expected, line)
        }
    }

    func testEnoughLinesInBothLanguages() {
        XCTAssertGreaterThanOrEqual(Self.table.count + IngredientLineTests.table.count, 80)
    }
}
