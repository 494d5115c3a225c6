import Foundation

/// Which field of the editor an error belongs to, so the view can show it beside that field.
package enum ItemField: String, CaseIterable, Sendable {
    case description, quantity, unit, price, aisle, notes

    /// What a control character in this field is refused with.
    func controlCharacterMessage(_ code: String) -> String {
        switch self {
        case .description: L("Remove the control character {code} from the description.", ["code": code])
        case .unit: L("Remove the control character {code} from the unit.", ["code": code])
        case .aisle: L("Remove the control character {code} from the aisle.", ["code": code])
        case .notes: L("Remove the control character {code} from the notes.", ["code": code])
        case .quantity, .price: L("Remove the control character {code}.", ["code": code])
        }
    }
}

/// Why a field was refused. The message is written for the user.
package struct FieldError: Error, Equatable, Sendable, CustomStringConvertible {
    package let field: ItemField
    package let message: String
    package var description: String { message }
}

/// What the user typed, as text; `validate()` turns it into fields or names every bad one.
package struct ItemDraft: Equatable, Sendable {
    package static let maxDescriptionLength = 200
    package static let maxNotesLength = 2_000
    package static let maxShortFieldLength = 40
    package static let maxQuantity: Decimal = 10_000
    package static let maxUnitCost: Decimal = 1_000_000
    /// The stores an item may be sold only at, from a file or a synced task alike: a name a row or
    /// a task brings beyond these is no store anyone shops at (10,000 names made 10,000 stores).
    package static let maxStores = 20
    static let maxDecimals = 4

    package var description: String
    package var quantity: String
    package var unit: String
    /// May carry a currency sign ("€3.99", "3,99 €").
    package var price: String
    package var priceBasis: PriceBasis
    package var aisle: String
    package var notes: String
    /// How the person typing writes numbers: settles "1,000".
    package var numbers: NumberConvention

    package init(description: String = "", quantity: String = "1", unit: String = "",
                price: String = "", priceBasis: PriceBasis = .perUnit, aisle: String = "", notes: String = "",
                numbers: NumberConvention = .neutral) {
        self.description = description
        self.quantity = quantity
        self.unit = unit
        self.price = price
        self.priceBasis = priceBasis
        self.aisle = aisle
        self.notes = notes
        self.numbers = numbers
    }

    /// `priceDigits`: the price is written with at least the currency's decimals ("2.50").
    package init(_ f: ItemFields, numbers: NumberConvention = .neutral, priceDigits: Int = 0) {
        self.init(description: f.description, quantity: DecimalText.format(f.quantity, numbers),
            unit: f.unit ?? "",
            price: f.price.map { DecimalText.format($0, numbers, minimumFractionDigits: priceDigits) } ?? "",
                  priceBasis: f.priceBasis,
                  aisle: f.aisle ?? "", notes: f.notes, numbers: numbers)
    }

    /// Every error at once, so the editor can mark all bad fields together.
    package func errors() -> [FieldError] {
        if case .failure(let e) = validated() { return e.errors }
        return []
    }

    package func validate() throws(ValidationErrors) -> ItemFields {
        try validated().get()
    }

    private func validated() -> Result<ItemFields, ValidationErrors> {
        var errors: [FieldError] = []
        func fail(_ f: ItemField, _ m: String) { errors.append(FieldError(field: f, message: m)) }

        // Control characters would be cut or garbled on the way to the store and to files.
        // (Tabs and line breaks are white space: folded to a space, kept in notes.)
        for (field, text) in [(ItemField.description, description), (.unit, unit), (.aisle, aisle), (.notes, notes)] {
            if let c = text.unicodeScalars.first(where: { Self.isControl($0) && $0 != "\t" && $0 != "\n" && $0 != "\r" }
            ) {
                fail(field, field.controlCharacterMessage(Self.codePoint(c)))
            }
        }

        let desc = Self.clean(description)
        if desc.isEmpty { fail(.description, L("Enter a description.")) }
        else if desc.count > Self.maxDescriptionLength {
            fail(
                .description, L("Keep the description under {max} characters.", ["max": "\(Self.maxDescriptionLength)"])
            )
        }

        var qty: Decimal = 1
        let qtyText = quantity.trimmed()
        if !qtyText.isEmpty {
            switch Self.amount(qtyText, max: Self.maxQuantity, what: .quantity, numbers: numbers) {
            case .success(let q) where q <= 0: fail(.quantity, L("Quantity must be more than zero."))
            case .success(let q): qty = q
            case .failure(let e): fail(.quantity, e.message)
            }
        }

        let unitText = Self.clean(unit)
        if unitText.count > Self.maxShortFieldLength { fail(.unit, L("Keep the unit short.")) }

        var cost: Decimal?
        let costText = Self.withoutCurrencySign(price)
        if !costText.isEmpty {
            switch Self.amount(costText, max: Self.maxUnitCost, what: .price, numbers: numbers) {
            case .success(let c): cost = c
            case .failure(let e): fail(.price, e.message)
            }
        }

        let aisleText = Self.clean(aisle)
        if aisleText.count > Self.maxShortFieldLength { fail(.aisle, L("Keep the aisle name short.")) }
        let notesText = notes.trimmed(newlines: true)
        if notesText.count > Self.maxNotesLength { fail(.notes, L("Notes are too long.")) }

        if !errors.isEmpty { return .failure(ValidationErrors(errors: errors)) }
        return .success(ItemFields(description: desc, quantity: qty,
                unit: unitText.isEmpty ? nil : unitText, price: cost, priceBasis: cost == nil ? .perUnit : priceBasis,
                                   aisle: aisleText.isEmpty ? nil : aisleText, notes: notesText))
    }

    /// An amount from 0 to `max` with at most `maxDecimals` decimals, or what is wrong with it, in
    /// words that say what was understood.
    /// Which amount a message is about: each has its own sentences, as translations need.
    enum Amount { case quantity, price }

    static func amount(_ text: String, max: Decimal, what: Amount,
                       numbers: NumberConvention = .neutral) -> Result<Decimal, AmountError> {
        func fail(_ m: String) -> Result<Decimal, AmountError> { .failure(AmountError(message: m)) }
        // Written only when said: formatting the bound for every amount read was most of reading one.
        var limit: [String: String] { ["max": DecimalText.format(max, numbers)] }
        if text.hasPrefix("-") || text.hasPrefix("−") {
            return fail(what == .quantity ? L("Quantity must be more than zero.") : L("Cost cannot be negative."))
        }
        switch DecimalText.read(text, convention: numbers) {
        case .value(let v):
            if v > max {
                return fail(
                    what == .quantity
                        ? L("Quantity can be at most {max}.", limit) : L("Cost can be at most {max}.", limit))
            }
            if DecimalText.scale(of: v) > maxDecimals {
                return fail(L("Use at most {n} decimals.", ["n": "\(maxDecimals)"]))
            }
            return .success(v)
        case .tooLong:
            return fail(
                what == .quantity ? L("Quantity can be at most {max}.", limit) : L("Cost can be at most {max}.", limit))
        case .ambiguous(let thousands, let decimal):
            return fail(
                L(
                    "“{text}” could mean {thousands} or {decimal}: write {thousands} or {decimal} without the comma.",
                    ["text": text, "thousands": DecimalText.format(thousands), "decimal": DecimalText.format(decimal)]))
        case .notANumber:
            if text.unicodeScalars.contains(where: { $0 == "e" || $0 == "E" }),
                text.unicodeScalars.first.map({ ("0"..."9").contains($0) }) == true
            {
                return fail(
                    what == .quantity
                        ? L("Quantity must be a plain number, such as 2 or 1.5.")
                        : L("Cost must be a plain number, such as 1.29."))
            }
            return fail(
                what == .quantity
                    ? L("Quantity must be a number, such as 2 or 1.5.") : L("Cost must be a number, such as 1.29."))
        }
    }

    struct AmountError: Error { let message: String }

    /// A price as typed from a receipt: one currency sign before or after the number, with or
    /// without a space ("€3.99", "3,99 €", "$ 2"). Which currency is not checked: there is one, the
    /// user's.
    package static func withoutCurrencySign(_ text: String) -> String {
        // A plain number (a digit at each end) has no sign to take off: most prices in a file.
        if let first = text.utf8.first, let last = text.utf8.last, (0x30...0x39).contains(first),
            (0x30...0x39).contains(last)
        {
            return text
        }
        let s = text.trimmingCharacters(in: .whitespaces)
        // Only signs of a main unit: "99¢" is not 99 of anything the app counts in.
        let subunitSigns: Set<Unicode.Scalar> = ["\u{00A2}", "\u{20B0}", "\u{20A5}"]
        func isSign(_ c: Character?) -> Bool {
            guard let c, c.unicodeScalars.count == 1, let u = c.unicodeScalars.first else { return false }
            return u.properties.generalCategory == .currencySymbol && !subunitSigns.contains(u)
        }
        var stripped = s
        if isSign(s.first) { stripped.removeFirst() } else if isSign(s.last) { stripped.removeLast() }
        stripped = stripped.trimmingCharacters(in: .whitespaces)
        // A sign alone is not a price: keep it, so it is refused as one rather than read as none.
        return stripped.isEmpty ? s : stripped
    }

    static func isControl(_ c: Unicode.Scalar) -> Bool { c.value < 0x20 || (0x7F...0x9F).contains(c.value) }
    static func codePoint(_ c: Unicode.Scalar) -> String { "U+" + String(format: "%04X", c.value) }

    /// Trims and folds inner runs of white space (including newlines) to one space.
    package static func clean(_ s: String) -> String {
        // Plain ASCII with single spaces inside is clean already: most of what files hold, and a
        // split by Character was a tenth of a large import's time.
        var previous: UInt8 = 0x20
        var plain = true
        for b in s.utf8 {
            if b >= 0x80 || (0x09...0x0D).contains(b) || (b == 0x20 && previous == 0x20) {
                plain = false
                break
            }
            previous = b
        }
        if plain, previous != 0x20 { return s }
        return s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

package struct ValidationErrors: Error, Equatable, Sendable, LocalizedError {
    package let errors: [FieldError]
    package var errorDescription: String? { errors.map(\.message).joined(separator: " ") }
    func message(for field: ItemField) -> String? { errors.first { $0.field == field }?.message }
}
