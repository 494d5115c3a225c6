import XCTest
@testable import ShopperModel

/// The user's locale comes from the environment (not Foundation's `Locale.current`), and amounts
/// are shown and read the way that locale writes them.
final class LocaleTests: XCTestCase {
    func testTheLocaleOfEachCategoryFollowsLCAllThenItsOwnVariableThenLANG() {
        let table: [([String: String], monetary: String?, numeric: String?)] = [
            (["LANG": "de_DE.UTF-8"], "de_DE", "de_DE"),
            (["LANG": "de_DE.UTF-8", "LC_MONETARY": "en_GB.UTF-8"], "en_GB", "de_DE"),
            (["LANG": "en_US.UTF-8", "LC_NUMERIC": "fr_FR.UTF-8"], "en_US", "fr_FR"),
            (["LC_ALL": "ja_JP.UTF-8", "LC_MONETARY": "en_GB.UTF-8", "LANG": "de_DE.UTF-8"], "ja_JP", "ja_JP"),
            (["LANG": "C.UTF-8"], nil, nil),
            (["LANG": "POSIX"], nil, nil),
            ([:], nil, nil),
            (["LC_ALL": "", "LANG": "sr_RS.UTF-8@latin"], "sr_RS", "sr_RS"),
            (["LANG": "de_AT@euro"], "de_AT", "de_AT"),
        ]
        for (env, monetary, numeric) in table {
            let l = UserLocale(environment: env)
            XCTAssertEqual(l.monetary, monetary, "\(env)")
            XCTAssertEqual(l.numeric, numeric, "\(env)")
        }
    }

    /// For each locale: how an amount is shown, and that what is shown reads back as the amount it
    /// was (currency sign, grouping and decimal mark and all), in the editor's price field.
    func testAmountsAreShownInTheLocalesWayAndReadBack() throws {
        let cases: [(env: String, amount: String, shown: String)] = [
            ("de_DE.UTF-8", "1234.5", "1.234,50\u{a0}€"),
            ("fr_FR.UTF-8", "1234.5", "1\u{202f}234,50\u{a0}€"),
            ("en_US.UTF-8", "1234.5", "$1,234.50"),
            ("en_GB.UTF-8", "1234.5", "£1,234.50"),
            ("ja_JP.UTF-8", "1234", "¥1,234"),
            ("C", "1234.5", "1234.50"),
        ]
        for c in cases {
            let locale = UserLocale(environment: ["LANG": c.env])
            let money = locale.money()
            let amount = try XCTUnwrap(Decimal(string: c.amount, locale: Locale(identifier: "en_US_POSIX")))
            XCTAssertEqual(money.format(amount), c.shown, c.env)
            let draft = ItemDraft(description: "x", price: money.format(amount), numbers: locale.numbers)
            XCTAssertEqual(try draft.validate().price, amount, "\(c.env): “\(money.format(amount))” reads back")
        }
    }

    func testInputFollowsTheLocale() throws {
        let de = UserLocale(environment: ["LANG": "de_DE.UTF-8"]).numbers
        let en = UserLocale(environment: ["LANG": "en_US.UTF-8"]).numbers
        func price(_ s: String, _ n: NumberConvention) -> Decimal? { try? ItemDraft(description: "x", price: s, numbers: n).validate().price }
        for s in ["1,29", "1,29 €", "€1,29", "1,29€"] { XCTAssertEqual(price(s, de), Decimal(string: "1.29"), s) }
        XCTAssertEqual(price("1.234,50", de), Decimal(string: "1234.5"))
        XCTAssertEqual(price("1.234", de), 1234, "a point before three digits groups, in German")
        for s in ["1.29", "$1.29", "€1.29"] { XCTAssertEqual(price(s, en), Decimal(string: "1.29"), s) }
        XCTAssertEqual(price("1,234.50", en), Decimal(string: "1234.5"))
        XCTAssertEqual(price("1.234", en), Decimal(string: "1.234"))
        // What only the locale could decide, the editor notes ("Read as 1234.").
        XCTAssertEqual(DecimalText.readByConvention("1.234", de), 1234)
        XCTAssertEqual(DecimalText.readByConvention("1,234", en), 1234)
        XCTAssertNil(DecimalText.readByConvention("1,5", de))
        XCTAssertNil(DecimalText.readByConvention("1.5", en))
        XCTAssertNil(DecimalText.readByConvention("1.234", .neutral))
        // A typed line: "2 x Kaffee @ 4,99" costs 9,98 € in German.
        let line = try PlainTextFormat.read("2 x Kaffee @ 4,99", numbers: de).get()
        XCTAssertEqual(line.fields.lineTotal, Decimal(string: "9.98"))
        XCTAssertEqual(UserLocale(environment: ["LANG": "de_DE.UTF-8"]).money().format(line.fields.lineTotal), "9,98\u{a0}€")
    }

    func testAChosenCurrencyReplacesTheLocalesButKeepsItsWay() {
        let de = UserLocale(environment: ["LANG": "de_DE.UTF-8"])
        XCTAssertEqual(de.money(currency: "CHF").format(Decimal(string: "1.5")!), "1,50\u{a0}CHF")
        XCTAssertEqual(de.money(currency: "").currencyCode, "EUR", "empty: the locale's")
        XCTAssertEqual(UserLocale(environment: ["LANG": "C"]).money(currency: "USD").currencyCode, "USD")
    }

    func testQuantitiesAndEditorFieldsUseTheDecimalComma() throws {
        let de = UserLocale(environment: ["LANG": "de_DE.UTF-8"])
        let item = Item(id: ItemID(1), description: "Äpfel", quantity: Decimal(string: "1.5")!, unit: "kg",
                        price: Decimal(string: "2.49"))
        XCTAssertEqual(RowPresentation.quantityText(item, de.money()), "1,5 kg")
        let draft = ItemDraft(item.fields, numbers: de.numbers)
        XCTAssertEqual(draft.quantity, "1,5")
        XCTAssertEqual(draft.price, "2,49")
        XCTAssertEqual(try draft.validate(), item.fields, "what the editor shows reads back the same")
    }

    /// Plain text is for people: written and read with their decimal mark, it round-trips in that
    /// locale (CSV keeps dots for every locale).
    func testPlainTextRoundTripsWithADecimalComma() throws {
        let items = [
            Item(id: ItemID(1), description: "Äpfel", quantity: Decimal(string: "1.125")!, unit: "kg", price: Decimal(string: "2.49")),
            Item(id: ItemID(2), description: "Hack", quantity: 500, unit: "g", price: Decimal(string: "5.49"), priceBasis: .forAll),
            Item(id: ItemID(3), description: "1.000 Teile Puzzle", price: 1234),
        ]
        let text = ExportFormat.text.export(items, numbers: .decimalComma)
        XCTAssertTrue(text.contains("1,125 kg Äpfel @ 2,49"), text)
        XCTAssertEqual(try ExportFormat.text.parse(text, numbers: .decimalComma).map(\.fields), items.map(\.fields), text)
        let csv = ExportFormat.csv.export(items, numbers: .decimalComma)
        XCTAssertTrue(csv.contains("1.125"), "CSV keeps dot decimals")
    }
}

/// Amounts in fields the user edits keep the currency's decimals: "6.50", never "6.5".
final class EditableMoneyTests: XCTestCase {
    func testAmountsForFieldsHaveTheCurrencysDecimals() {
        let table: [(String, String?, Decimal, String)] = [
            ("en_US", nil, Decimal(string: "6.5")!, "6.50"),
            ("en_US", nil, 2, "2.00"),
            ("de_DE", nil, Decimal(string: "2.1")!, "2,10"),
            ("en_US", nil, Decimal(string: "0.0125")!, "0.0125"),  // a price per gram keeps its digits
            ("en_US", "JPY", 650, "650"),
            ("de_DE", "USD", Decimal(string: "1234.5")!, "1234,50"),  // never grouped: it reads back
        ]
        for (locale, currency, amount, expected) in table {
            let money = MoneyFormat(locale: Locale(identifier: locale), currency: currency)
            XCTAssertEqual(money.editable(amount), expected, "\(locale) \(currency ?? "") \(amount)")
        }
        XCTAssertEqual(ItemDraft(ItemFields(description: "Tea", price: Decimal(string: "2.5")), numbers: .decimalPoint, priceDigits: 2).price, "2.50")
    }
}
