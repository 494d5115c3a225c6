import Foundation

/// Formats exact amounts in the user's currency. Built once; formatting runs per visible row.
public struct MoneyFormat: Sendable {
    public let currencyCode: String?
    private let locale: Locale

    public init(locale: Locale = .current) {
        self.locale = locale
        currencyCode = locale.currency?.identifier
    }

    public func format(_ amount: Decimal) -> String {
        guard let code = currencyCode else {
            // A locale with no currency (C, POSIX): a plain amount with two decimals.
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
}
