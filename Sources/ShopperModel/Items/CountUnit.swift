/// Units that are words, shown in the number the quantity asks for and in the user's language:
/// "3 bunches", "1 can", "3 Bund". Typed or stored in either form (an item keeps what was typed, so
/// files read back the same); symbols such as kg, l, pk stay as they are.
public enum CountUnit: CaseIterable, Sendable {
    case pack, box, bottle, can, jar, bag, bunch, piece, loaf, tin, roll

    /// The unit a typed word names, singular or plural, whatever its case; nil for any other.
    public init?(_ typed: String) {
        let word = typed.lowercased()
        guard let unit = Self.allCases.first(where: { $0.forms.contains(word) }) else { return nil }
        self = unit
    }

    /// English singular and plural, as the parser knows them.
    var forms: [String] {
        switch self {
        case .pack: ["pack", "packs"]
        case .box: ["box", "boxes"]
        case .bottle: ["bottle", "bottles"]
        case .can: ["can", "cans"]
        case .jar: ["jar", "jars"]
        case .bag: ["bag", "bags"]
        case .bunch: ["bunch", "bunches"]
        case .piece: ["piece", "pieces"]
        case .loaf: ["loaf", "loaves"]
        case .tin: ["tin", "tins"]
        case .roll: ["roll", "rolls"]
        }
    }

    /// The name for `count` of it, through gettext's plural forms (each language has its own).
    public func name(_ count: Int) -> String {
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
    public static func display(_ unit: String, quantity: Amount) -> String {
        guard let known = CountUnit(unit) else { return unit }
        let whole = quantity.units % Amount.scale == 0 ? Int(quantity.units / Amount.scale) : 2
        return known.name(whole)
    }
}
