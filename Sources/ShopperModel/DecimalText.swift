import Foundation

/// Strict, locale-tolerant decimal parsing: Foundation's `Decimal(string:)` accepts "12abc" as 12,
/// which would let bad input through silently.
public enum DecimalText {
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// Digits with at most one "." or "," separator; no sign, no exponent, no grouping.
    public static func parse(_ text: String) -> Decimal? {
        let s = text.trimmingCharacters(in: .whitespaces)
        var sawSeparator = false
        var digitsBefore = 0, digitsAfter = 0
        for ch in s.unicodeScalars {
            switch ch {
            case "0"..."9": if sawSeparator { digitsAfter += 1 } else { digitsBefore += 1 }
            case ".", ",":
                if sawSeparator { return nil }
                sawSeparator = true
            default: return nil
            }
        }
        guard digitsBefore + digitsAfter > 0, digitsBefore + digitsAfter <= 30,
              !sawSeparator || digitsAfter > 0 else { return nil }
        if digitsBefore + digitsAfter <= 18 {
            // Fits an Int64: build the value from digits and scale, no string scanning.
            var mantissa: Int64 = 0
            for ch in s.unicodeScalars where ch != "." && ch != "," { mantissa = mantissa * 10 + Int64(ch.value - 48) }
            return Decimal(sign: .plus, exponent: -digitsAfter, significand: Decimal(mantissa))
        }
        return Decimal(string: s.replacingOccurrences(of: ",", with: "."), locale: posix)
    }

    /// Canonical text for storage and export: "1.29", "2", never a locale's separator.
    public static func format(_ value: Decimal) -> String {
        var v = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &v, 6, .plain)
        return NSDecimalNumber(decimal: rounded).description(withLocale: posix)
    }

    /// Digits after the separator, for bounds such as "at most 4 decimals".
    static func scale(of value: Decimal) -> Int { max(0, -Int(value.exponent)) }
}
