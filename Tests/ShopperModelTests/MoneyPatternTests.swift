import Foundation
import XCTest
@testable import ShopperModel

/// Costs and unit prices written without ICU read exactly as ICU writes them, in every locale and
/// currency tried; where a pattern cannot be learned, ICU writes them still.
final class MoneyPatternTests: XCTestCase {
    static let locales = ["en_US", "en_GB", "de_DE", "de_CH", "fr_FR", "fr_CH", "es_ES", "it_IT", "nl_NL", "pl_PL",
                          "pt_BR", "sv_SE", "nb_NO", "ja_JP", "zh_CN", "ko_KR", "en_IN", "hi_IN", "ar_EG", "fa_IR",
                          "he_IL", "ru_RU", "tr_TR", "de_AT", "en_US_POSIX"]
    static let currencies: [String?] = [nil, "EUR", "USD", "JPY", "CHF", "GBP", "INR", "KWD", "SEK", "BRL"]

    func testEveryLocaleAndCurrencyWritesAsICUDoes() {
        var random = SeededRandom.fromEnvironment()
        var learned = 0, kept = 0
        for id in Self.locales {
            for currency in Self.currencies {
                let money = MoneyFormat(locale: Locale(identifier: id), currency: currency, hasLocale: id != "en_US_POSIX")
                for _ in 0..<60 {
                    // Costs in hundred-millionths (a quantity's four decimals times a price's four),
                    // from a cent's fraction to millions; unit prices in ten-thousandths.
                    let digits = Int(random.next() % 16) + 1
                    let cost = CostSum(units: Int128(random.next() % UInt64(pow(10, Double(digits)))))
                    XCTAssertEqual(money.format(cost), money.format(cost.decimal), "\(id) \(currency ?? "-") \(cost.units), seed \(random.seed)")
                    let price = Amount(units: Int64(random.next() % 100_000_000))
                    XCTAssertEqual(money.formatUnitPrice(price), money.formatUnitPrice(price.decimal),
                                   "\(id) \(currency ?? "-") \(price.units), seed \(random.seed)")
                }
                for units: Int128 in [0, 5_000_000, 15_000_000, 100_000_000_000, 99_999_999_999] {
                    XCTAssertEqual(money.format(CostSum(units: units)), money.format(CostSum(units: units).decimal), "\(id) \(currency ?? "-") \(units)")
                }
                let negative = CostSum(units: -123_456_789)
                // ICU's own words, not the same call twice (format(Decimal) is ICU already).
                let icu = MoneyFormat.icuFormat(negative.decimal, locale: Locale(identifier: id), currency: money.currencyCode)
                XCTAssertEqual(money.format(negative), icu, "a negative amount as ICU writes it, \(id)")
                if MoneyLearning.shared.money(locale: Locale(identifier: id), chosen: currency, hasLocale: id != "en_US_POSIX").cost != nil { learned += 1 } else { kept += 1 }
            }
        }
        // The common case takes the fast path: this is not a test that passes by never using it.
        XCTAssertGreaterThan(learned, kept, "learned \(learned), left to ICU \(kept)")
        XCTAssertNotNil(MoneyLearning.shared.money(locale: Locale(identifier: "de_DE"), chosen: "EUR", hasLocale: true).cost)
        XCTAssertNotNil(MoneyLearning.shared.money(locale: Locale(identifier: "en_US"), chosen: "USD", hasLocale: true).unitPrice)
    }

    func testWhatTheLearnedPatternsWrite() {
        let de = MoneyFormat(locale: Locale(identifier: "de_DE"), currency: "EUR")
        XCTAssertEqual(de.format(CostSum(units: 123_456_789_000)), "1.234,57\u{00A0}€")
        XCTAssertEqual(de.format(CostSum(units: 12_500_000)), "0,12\u{00A0}€", "half to even, as ICU")
        XCTAssertEqual(de.formatUnitPrice(Amount(units: 125)), "0,0125\u{00A0}€")
        XCTAssertEqual(de.formatUnitPrice(Amount(units: 12_900)), "1,29\u{00A0}€")
        let jp = MoneyFormat(locale: Locale(identifier: "ja_JP"), currency: "JPY")
        XCTAssertEqual(jp.format(CostSum(units: 123_456_789_000)), jp.format(Decimal(string: "1234.56789")!))
    }
}
