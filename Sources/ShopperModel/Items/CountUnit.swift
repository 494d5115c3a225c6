/// Units that are words, shown in the number the quantity asks for and in the user's language:
/// "3 bunches", "1 can", "3 Bund". Typed or stored in either form (an item keeps what was typed, so
/// files read back the same); symbols such as kg, l, pk stay as they are.
package enum CountUnit: CaseIterable, Sendable {
    case pack, box, bottle, can, jar, bag, bunch, piece, loaf, tin, roll

    /// The unit a typed word names, singular or plural, whatever its case; nil for any other.
    package init?(_ typed: String) {
        guard let unit = Self.byForm[typed.lowercased()] else { return nil }
        self = unit
    }

    /// English singular and plural: the names the unit table (`UnitTable`) gives the unit of the
    /// same id, so the add bar, the screen and recipes spell a unit one way.
    var forms: [String] {
        guard let unit = MeasureUnit.all.first(where: { $0.id == "\(self)" }) else { return [] }
        return [unit.one, unit.many]
    }

    /// Every form, once: a row's unit is looked up each time the row is shown.
    private static let byForm: [String: CountUnit] = {
        var out: [String: CountUnit] = [:]
        for unit in allCases { for form in unit.forms { out[form.lowercased()] = unit } }
        return out
    }()

    /// The name for `count` of it, through gettext's plural forms (each language has its own).
    package func name(_ count: Int) -> String {
        switch self {
        case .pack: N("pack", "packs", count)
        case .box: N("box", "boxes", count)
        case .bottle: N("bottle", "bottles", count)
        case .can: N("can", "cans", count)
        case .jar: N("jar", "jars", count)
        case .bag: N("bag", "bags", count)
        case .bunch: N("bunch", "bunches", count)
        case .piece: N("piece", "pieces", count)
        case .loaf: N("loaf", "loaves", count)
        case .tin: N("tin", "tins", count)
        case .roll: N("roll", "rolls", count)
        }
    }

    /// How a unit reads beside a quantity: a word unit in the quantity's number (a whole number
    /// counts; a fraction, as in "1.5 loaves", is plural), anything else as stored.
    static func display(_ unit: String, quantity: Amount) -> String {
        guard let known = CountUnit(unit) else { return unit }
        let whole = quantity.units % Amount.scale == 0 ? Int(quantity.units / Amount.scale) : 2
        return known.name(whole)
    }
}
