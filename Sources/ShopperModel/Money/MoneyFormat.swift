import Foundation

/// Formats exact amounts in the user's currency and numbers in the user's way. Built once;
/// formatting runs per visible row.
package struct MoneyFormat: Sendable {
    package let currencyCode: String?
    private let locale: Locale
    /// For quantities: "1,5 kg" in German.
    let numbers: NumberConvention

    /// How ICU writes costs and unit prices here, replayed on fixed point (nil: ICU itself).
    private let costPattern: MoneyPattern?
    private let unitPricePattern: MoneyPattern?

    /// `currency` overrides the locale's (an ISO 4217 code such as "EUR"); `hasLocale` false is the
    /// C locale, which has no currency.
    init(locale: Locale, currency: String? = nil, hasLocale: Bool = true, numbers: NumberConvention? = nil) {
        self.locale = locale
        let chosen = currency.flatMap { $0.isEmpty ? nil : $0.uppercased() }
        let learned = MoneyLearning.shared.money(locale: locale, chosen: chosen, hasLocale: hasLocale)
        currencyCode = learned.currency
        self.numbers = numbers ?? NumberConvention(locale: hasLocale ? locale.identifier : nil)
        (costPattern, unitPricePattern) = (learned.cost, learned.unitPrice)
    }

    /// What ICU says about money here is kept in `file` between starts and read from it first
    /// (`MoneyLearning`). Called once at start, before the first format is made.
    package static func keepLearned(in file: MoneyPatternFile) {
        MoneyLearning.shared.keep(in: file)
    }

    package func format(_ amount: Decimal) -> String { Self.icuFormat(amount, locale: locale, currency: currencyCode) }

    /// A cost as `format` writes it; a row's cost and a list's totals take this, without ICU.
    package func format(_ cost: CostSum) -> String {
        guard let costPattern, cost.units >= 0 else { return format(cost.decimal) }
        return costPattern.format(cost)
    }

    /// A price per unit keeps up to four decimals: 0.0125 a gram is not 0.01.
    package func formatUnitPrice(_ amount: Decimal) -> String {
        Self.icuFormatUnitPrice(amount, locale: locale, currency: currencyCode)
    }

    func formatUnitPrice(_ price: Amount) -> String {
        guard let unitPricePattern, price.units >= 0 else { return formatUnitPrice(price.decimal) }
        return unitPricePattern.format(CostSum(units: Int128(price.units) * Int128(Amount.scale)))
    }

    static func icuFormat(_ amount: Decimal, locale: Locale, currency: String?) -> String {
        guard let currency else {
            // No currency (the C locale): a plain amount with two decimals.
            return amount.formatted(.number.precision(.fractionLength(2)).locale(locale))
        }
        return amount.formatted(.currency(code: currency).locale(locale))
    }

    static func icuFormatUnitPrice(_ amount: Decimal, locale: Locale, currency: String?) -> String {
        guard let currency else {
            return amount.formatted(.number.precision(.fractionLength(2...4)).locale(locale))
        }
        return amount.formatted(.currency(code: currency).precision(.fractionLength(2...4)).locale(locale))
    }

    /// An amount for a field the user edits: the user's decimal mark, no grouping, no currency
    /// sign, and the currency's decimals ("6.50", "6,50"; "650" in yen).
    package func editable(_ amount: Decimal) -> String {
        DecimalText.format(amount, numbers, minimumFractionDigits: minorDigits)
    }

    /// The currency's decimals (two without one).
    package var minorDigits: Int {
        guard let currencyCode else { return 2 }
        // As ICU writes one of it with a point: "$1.00", "¥1".
        let one = Decimal(1).formatted(.currency(code: currencyCode).locale(Locale(identifier: "en_US_POSIX")))
        return one.split(separator: ".").dropFirst().first.map { $0.prefix { $0.isNumber }.count } ?? 0
    }

    /// A quantity as the user writes numbers, without grouping: "1.5" or "1,5".
    func quantity(_ value: Decimal) -> String { DecimalText.format(value, numbers) }
}
