import Foundation

/// Formats exact amounts in the user's currency and numbers in the user's way. Built once;
/// formatting runs per visible row.
public struct MoneyFormat: Sendable {
    public let currencyCode: String?
    private let locale: Locale
    /// For quantities: "1,5 kg" in German.
    public let numbers: NumberConvention

    /// `currency` overrides the locale's (an ISO 4217 code such as "EUR"); `hasLocale` false is the
    /// C locale, which has no currency.
    public init(locale: Locale, currency: String? = nil, hasLocale: Bool = true, numbers: NumberConvention? = nil) {
        self.locale = locale
        let chosen = currency.flatMap { $0.isEmpty ? nil : $0.uppercased() }
        currencyCode = chosen ?? (hasLocale ? locale.currency?.identifier : nil)
        self.numbers = numbers ?? NumberConvention(locale: hasLocale ? locale.identifier : nil)
    }

    public func format(_ amount: Decimal) -> String {
        guard let code = currencyCode else {
            // No currency (the C locale): a plain amount with two decimals.
            return amount.formatted(.number.precision(.fractionLength(2)).locale(locale))
        }
        return amount.formatted(.currency(code: code).locale(locale))
    }

    /// A price per unit keeps up to four decimals: 0.0125 a gram is not 0.01.
    public func formatUnitPrice(_ amount: Decimal) -> String {
        guard let code = currencyCode else {
            return amount.formatted(.number.precision(.fractionLength(2...4)).locale(locale))
        }
        return amount.formatted(.currency(code: code).precision(.fractionLength(2...4)).locale(locale))
    }

    /// A quantity as the user writes numbers, without grouping: "1.5" or "1,5".
    public func quantity(_ value: Decimal) -> String { DecimalText.format(value, numbers) }
}
