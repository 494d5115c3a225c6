import Foundation

/// The user's locale, read from the environment as the C library reads it: Foundation's
/// `Locale.current` is `en_001` on Linux whatever LANG says (swift-foundation issue 717).
/// Each category follows LC_ALL, then its own variable, then LANG; "C" and "POSIX" (or nothing)
/// mean no locale: plain numbers, no currency.
package struct UserLocale: Equatable, Sendable {
    /// Money: LC_MONETARY.
    package let monetary: String?
    /// Numbers typed and shown: LC_NUMERIC.
    package let numeric: String?
    /// Dates and the week's first day: LC_TIME.
    let time: String?

    package init(environment: [String: String]) {
        monetary = Self.identifier(Self.value(for: "LC_MONETARY", in: environment))
        numeric = Self.identifier(Self.value(for: "LC_NUMERIC", in: environment))
        time = Self.identifier(Self.value(for: "LC_TIME", in: environment))
    }

    /// Dates in the user's way; without a locale, ISO 8601's (weeks from Monday).
    var dates: Locale { Locale(identifier: time ?? "en_SE") }

    /// The user's calendar for weeks and months, in this process's time zone.
    package var calendar: Calendar { .user(dates) }

    /// This process's.
    package static let current = UserLocale(environment: ProcessInfo.processInfo.environment)

    /// How the user writes numbers.
    package var numbers: NumberConvention { NumberConvention(locale: numeric) }

    /// Money in the locale's way and currency, or in `currency` (an ISO 4217 code) when the user
    /// chose one.
    package func money(currency: String? = nil) -> MoneyFormat {
        MoneyFormat(
            locale: Locale(identifier: monetary ?? "en_US_POSIX"), currency: currency, hasLocale: monetary != nil,
                    numbers: numbers)
    }

    static func value(for category: String, in env: [String: String]) -> String? {
        for key in ["LC_ALL", category, "LANG"] {
            if let v = env[key], !v.isEmpty { return v }
        }
        return nil
    }

    /// "de_DE.UTF-8" → "de_DE", "sr_RS@latin" → "sr_RS"; nil for C and POSIX.
    static func identifier(_ value: String?) -> String? {
        guard let value else { return nil }
        let name = String(value.prefix { $0 != "." && $0 != "@" })
        return name.isEmpty || name == "C" || name == "POSIX" ? nil : name
    }
}
