@testable import ShopperModel

/// An ingredient in one line, for tables: "1/2 cup | sugar | prep: sifted | note: 60 g | optional".
func summary(_ i: Ingredient) -> String {
    var quantity = "-"
    switch i.quantity {
    case .exact(let v)?: quantity = "\(v)"
    case .range(let a, let b)?: quantity = "\(a)..\(b)"
    case nil: break
    }
    var parts = [quantity + (i.unit.map { " " + $0.id } ?? ""), i.name]
    if let p = i.preparation { parts.append("prep: " + p) }
    if let n = i.note { parts.append("note: " + n) }
    if let e = i.each { parts.append("each: " + e) }
    if let u = i.purpose { parts.append("use: " + u) }
    if i.optional { parts.append("optional") }
    if i.toTaste { parts.append("to taste") }
    if i.isHeading { parts.append("heading") }
    return parts.joined(separator: " | ")
}

/// A rational for tests, from a literal that is known to be one.
func q(_ n: Int64, _ d: Int64 = 1) -> Rational { Rational(n, d)! }

/// The unit of this id in the table.
func unit(_ id: String) -> MeasureUnit { MeasureUnit.all.first { $0.id == id }! }
