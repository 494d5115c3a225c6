import Foundation

/// Which field of the editor an error belongs to, so the view can show it beside that field.
public enum ItemField: String, CaseIterable, Sendable {
    case description, quantity, unit, unitCost, aisle, notes
}

/// Why a field was refused. The message is written for the user.
public struct FieldError: Error, Equatable, Sendable, CustomStringConvertible {
    public let field: ItemField
    public let message: String
    public var description: String { message }
}

/// What the user typed, as text; `validate()` turns it into fields or names every bad one.
public struct ItemDraft: Equatable, Sendable {
    public static let maxDescriptionLength = 200
    public static let maxNotesLength = 2_000
    public static let maxShortFieldLength = 40
    public static let maxQuantity: Decimal = 10_000
    public static let maxUnitCost: Decimal = 1_000_000
    public static let maxDecimals = 4

    public var description: String
    public var quantity: String
    public var unit: String
    public var unitCost: String
    public var aisle: String
    public var notes: String

    public init(description: String = "", quantity: String = "1", unit: String = "",
                unitCost: String = "", aisle: String = "", notes: String = "") {
        self.description = description
        self.quantity = quantity
        self.unit = unit
        self.unitCost = unitCost
        self.aisle = aisle
        self.notes = notes
    }

    public init(_ f: ItemFields) {
        self.init(description: f.description, quantity: DecimalText.format(f.quantity),
                  unit: f.unit ?? "", unitCost: f.unitCost.map(DecimalText.format) ?? "",
                  aisle: f.aisle ?? "", notes: f.notes)
    }

    /// Every error at once, so the editor can mark all bad fields together.
    public func errors() -> [FieldError] {
        if case .failure(let e) = validated() { return e.errors }
        return []
    }

    public func validate() throws(ValidationErrors) -> ItemFields {
        try validated().get()
    }

    private func validated() -> Result<ItemFields, ValidationErrors> {
        var errors: [FieldError] = []
        func fail(_ f: ItemField, _ m: String) { errors.append(FieldError(field: f, message: m)) }

        let desc = Self.clean(description)
        if desc.isEmpty { fail(.description, "Enter a description.") }
        else if desc.count > Self.maxDescriptionLength {
            fail(.description, "Keep the description under \(Self.maxDescriptionLength) characters.")
        }

        var qty: Decimal = 1
        let qtyText = quantity.trimmingCharacters(in: .whitespaces)
        if !qtyText.isEmpty {
            if qtyText.hasPrefix("-") { fail(.quantity, "Quantity must be more than zero.") }
            else if let q = DecimalText.parse(qtyText) {
                if q <= 0 { fail(.quantity, "Quantity must be more than zero.") }
                else if q > Self.maxQuantity { fail(.quantity, "Quantity can be at most \(DecimalText.format(Self.maxQuantity)).") }
                else if DecimalText.scale(of: q) > Self.maxDecimals { fail(.quantity, "Use at most \(Self.maxDecimals) decimals.") }
                else { qty = q }
            } else { fail(.quantity, "Quantity must be a number, such as 2 or 1.5.") }
        }

        let unitText = Self.clean(unit)
        if unitText.count > Self.maxShortFieldLength { fail(.unit, "Keep the unit short.") }

        var cost: Decimal?
        let costText = unitCost.trimmingCharacters(in: .whitespaces)
        if !costText.isEmpty {
            if costText.hasPrefix("-") { fail(.unitCost, "Cost cannot be negative.") }
            else if let c = DecimalText.parse(costText) {
                if c > Self.maxUnitCost { fail(.unitCost, "Cost can be at most \(DecimalText.format(Self.maxUnitCost)).") }
                else if DecimalText.scale(of: c) > Self.maxDecimals { fail(.unitCost, "Use at most \(Self.maxDecimals) decimals.") }
                else { cost = c }
            } else { fail(.unitCost, "Cost must be a number, such as 1.29.") }
        }

        let aisleText = Self.clean(aisle)
        if aisleText.count > Self.maxShortFieldLength { fail(.aisle, "Keep the aisle name short.") }
        let notesText = notes.trimmingCharacters(in: .whitespacesAndNewlines)
        if notesText.count > Self.maxNotesLength { fail(.notes, "Notes are too long.") }

        if !errors.isEmpty { return .failure(ValidationErrors(errors: errors)) }
        return .success(ItemFields(description: desc, quantity: qty,
                                   unit: unitText.isEmpty ? nil : unitText, unitCost: cost,
                                   aisle: aisleText.isEmpty ? nil : aisleText, notes: notesText))
    }

    /// Trims and folds inner runs of white space (including newlines) to one space.
    static func clean(_ s: String) -> String {
        s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

public struct ValidationErrors: Error, Equatable, Sendable, LocalizedError {
    public let errors: [FieldError]
    public var errorDescription: String? { errors.map(\.message).joined(separator: " ") }
    public func message(for field: ItemField) -> String? { errors.first { $0.field == field }?.message }
}
