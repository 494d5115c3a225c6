import Foundation

/// What a typed amount reads as.
package enum DecimalReading: Equatable, Sendable {
    case value(Decimal)
    case notANumber
    /// "1,000" is a thousand written the English way, or one with three decimals written the
    /// German way: neither is assumed.
    case ambiguous(thousands: Decimal, decimal: Decimal)
    /// More digits than any amount the app keeps.
    case tooLong
}

/// Which mark a person writes decimals with, from their locale: it settles "1,000" and "1.000",
/// which are a thousand in one convention and one in the other. Files use `.neutral`: they
/// travel between people, so a reading that depends on who opens them is refused instead.
package enum NumberConvention: Equatable, Sendable {
    /// "1.5": a comma groups thousands ("1,000" is a thousand).
    case decimalPoint
    /// "1,5": a point groups thousands ("1.000" is a thousand).
    case decimalComma
    /// Either: "1,000" is ambiguous and refused; "1.000" is one, as every program writes it.
    case neutral

    /// The convention of a locale such as "de_DE", "en_GB.UTF-8" or "de_DE@euro" (nil or "C": neutral).
    package init(locale identifier: String?) {
        guard let identifier,
            let name = identifier.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init),
              !name.isEmpty, name != "C", name != "POSIX" else { self = .neutral; return }
        switch Locale(identifier: name).decimalSeparator {
        case ",": self = .decimalComma
        case ".": self = .decimalPoint
        default: self = .neutral
        }
    }

    /// The locale that formats numbers for this environment: LC_ALL, then LC_NUMERIC, then LANG
    /// (Foundation's `Locale.current` ignores them on Linux).
    static func numericLocale(in environment: [String: String]) -> String? {
        for key in ["LC_ALL", "LC_NUMERIC", "LANG"] {
            if let v = environment[key], !v.isEmpty { return v }
        }
        return nil
    }
}

/// Strict decimal parsing: Foundation's `Decimal(string:)` accepts "12abc" as 12, which would let
/// bad input through silently.
package enum DecimalText {
    private static let posix = Locale(identifier: "en_US_POSIX")
    static let maxDigits = 30

    /// Digits with "." or "," as the decimal separator, and grouping of thousands by the other
    /// ("1,234.50", "1.234,50", "1,000,000"). No sign, no exponent. A lone "," before exactly three
    /// digits ("1,000") is ambiguous and read as neither, unless `convention` settles it.
    package static func read(_ text: String, convention: NumberConvention = .neutral) -> DecimalReading {
        let s = withoutGroupingSpaces(Array(text.trimmed().unicodeScalars))
        guard !s.isEmpty, s.allSatisfy({ ("0"..."9").contains($0) || $0 == "." || $0 == "," }) else {
            return .notANumber
        }
        let separators = s.indices.filter { s[$0] == "." || s[$0] == "," }
        let digits = s.filter { $0 != "." && $0 != "," }
        guard !digits.isEmpty else { return .notANumber }
        guard digits.count <= maxDigits else { return .tooLong }
        let digitText = String(String.UnicodeScalarView(digits))
        func groupsValid(_ upTo: Int, _ marks: [Int]) -> Bool {
            // The first group 1-3 digits, every later one exactly 3.
            var previous = -1
            for (n, m) in marks.enumerated() {
                let length = m - previous - 1
                if n == 0 ? !(1...3).contains(length) : length != 3 { return false }
                previous = m
            }
            return upTo - previous - 1 == 3
        }
        guard let last = separators.last else { return .value(make(digitText, scale: 0)) }
        let decimalMark = s[last]
        let others = separators.dropLast()
        if others.allSatisfy({ s[$0] != decimalMark }) {
            // The last separator is the decimal one; any before it group thousands.
            let after = s.count - last - 1
            if others.isEmpty {
                // "0.250" is never a thousands group: a group of thousands does not start with 0.
                if after == 3, (1...3).contains(last), s[0] != "0" {
                    switch (convention, decimalMark) {
                    case (.neutral, ","):
                        return .ambiguous(thousands: make(digitText, scale: 0), decimal: make(digitText, scale: 3))
                    case (.decimalPoint, ","), (.decimalComma, "."):
                        return .value(make(digitText, scale: 0))
                    default: break
                    }
                }
                guard after > 0 else { return .notANumber }
                return .value(make(digitText, scale: after))
            }
            guard after > 0, groupsValid(last, Array(others)) else { return .notANumber }
            return .value(make(digitText, scale: after))
        }
        // Every separator the same and more than one: grouping only ("1.000.000").
        guard separators.allSatisfy({ s[$0] == decimalMark }), groupsValid(s.count, separators) else {
            return .notANumber
        }
        return .value(make(digitText, scale: 0))
    }

    /// The marks French and Swiss amounts group thousands with ("1 234,50", "1'234.50"): (narrow)
    /// no-break, thin and plain spaces, apostrophes.
    static let groupingMarks: Set<Unicode.Scalar> = ["\u{00A0}", "\u{202F}", "\u{2009}", " ", "'", "\u{2019}"]

    /// Drops a grouping mark only where it groups: after a digit and before exactly three digits
    /// ("1 234", not "1 5" or "3 99"), so two numbers side by side never become one.
    private static func withoutGroupingSpaces(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard s.contains(where: groupingMarks.contains) else { return s }
        let digit = { (i: Int) in i < s.count && ("0"..."9").contains(s[i]) }
        return s.indices.compactMap { i in
            let groups = groupingMarks.contains(s[i]) && i > 0 && digit(i - 1)
                && digit(i + 1) && digit(i + 2) && digit(i + 3) && !digit(i + 4)
            return groups ? nil : s[i]
        }
    }

    /// The value of an amount that only the convention could read, such as "1.234" (a thousand
    /// two hundred and thirty-four in German) or "1,234" (in English), so the editor can say what
    /// it understood; nil for any other text.
    package static func readByConvention(_ text: String, _ convention: NumberConvention) -> Decimal? {
        guard convention != .neutral, case .value(let v) = read(text, convention: convention),
              read(text, convention: .neutral) != .value(v) else { return nil }
        return v
    }

    package static func parse(_ text: String, convention: NumberConvention = .neutral) -> Decimal? {
        if case .value(let d) = read(text, convention: convention) { return d }
        return nil
    }

    private static func make(_ digits: String, scale: Int) -> Decimal {
        if digits.count <= 18, let mantissa = Int64(digits) {
            // Fits an Int64: build the value from digits and scale, no string scanning.
            return Decimal(sign: .plus, exponent: -scale, significand: Decimal(mantissa))
        }
        var text = digits
        if scale > 0 { text.insert(".", at: text.index(text.endIndex, offsetBy: -scale)) }
        return Decimal(string: text, locale: posix) ?? 0
    }

    /// Canonical text for storage and export: "1.29", "2", never a locale's separator.
    package static func format(_ value: Decimal) -> String {
        var v = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &v, 6, .plain)
        return NSDecimalNumber(decimal: rounded).description(withLocale: posix)
    }

    /// As the user writes numbers: the canonical text with a decimal comma where that is the
    /// convention ("1,5"). Never grouped, so it reads back the same in that convention.
    package static func format(_ value: Decimal, _ convention: NumberConvention) -> String {
        let text = format(value)
        return convention == .decimalComma ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    /// The same with at least `digits` decimals, as money is written ("6.50", not "6.5"); more
    /// where the amount has them (a price per gram).
    static func format(_ value: Decimal, _ convention: NumberConvention, minimumFractionDigits digits: Int) -> String {
        var text = format(value)
        let have = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0
        if have < digits { text += (have == 0 ? "." : "") + String(repeating: "0", count: digits - have) }
        return convention == .decimalComma ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    /// Digits after the separator, for bounds such as "at most 4 decimals".
    package static func scale(of value: Decimal) -> Int { max(0, -Int(value.exponent)) }
}
