import Foundation

/// How a list is divided into sections.
package enum Sectioning: Equatable, Sendable {
    case none
    /// By aisle, in the user's aisle order; items without an aisle last.
    case aisle
    /// Items whose total is at or above the threshold, then the rest.
    case priceBand(threshold: Decimal)

    package static let defaultThreshold: Decimal = 50

    var hasHeaders: Bool { self != .none }
}

/// A section's identity within a list; sorts in display order.
typealias SectionKey = Int32

extension SectionKey {
    static let noAisle = SectionKey.max - 1
    static let end = SectionKey.max
}

/// Ranks aisles in the user's order; names compare case-insensitively.
package struct AisleOrder: Equatable, Sendable {
    package private(set) var names: [String] = []
    private var rank: [String: Int] = [:]

    package init(_ names: [String] = []) {
        for n in names { append(n) }
    }

    func index(of name: String) -> Int? { rank[name.lowercased()] }

    /// The spelling already in use for this name, so "dairy" and "Dairy" are one aisle.
    func canonical(_ name: String) -> String? { index(of: name).map { names[$0] } }

    mutating func append(_ name: String) {
        guard index(of: name) == nil else { return }
        rank[name.lowercased()] = names.count
        names.append(name)
    }
}

extension Sectioning {
    func title(of key: SectionKey, aisles: AisleOrder) -> String {
        switch self {
        case .none: return ""
        // A list held back from a store switch (`ListProjection.holdRebuilds`) keeps sections of the
        // order before, perhaps longer: it is rebuilt before it is seen, and must not trap meanwhile.
        case .aisle:
            return key == .noAisle
                ? L("No Aisle") : aisles.names.indices.contains(Int(key)) ? aisles.names[Int(key)] : ""
        case .priceBand(let threshold):
            let t = DecimalText.format(threshold)
            return key == 0 ? L("{amount} and Over", ["amount": t]) : L("Under {amount}", ["amount": t])
        }
    }
}

/// `Sectioning.key` for many items: each aisle number's place in the aisle order and the price
/// band's threshold (in fixed point, not compared as a Decimal per item) worked out once.
struct SectionKeys {
    private let sectioning: Sectioning
    private let aisles: AisleOrder
    private let threshold: CostSum
    /// By aisle number (`AisleNames`): the section.
    private let ranks: [SectionKey]

    init(_ sectioning: Sectioning, aisles: AisleOrder, names: AisleNames) {
        self.sectioning = sectioning
        self.aisles = aisles
        // Above any line's cost (10,000 × 1,000,000) every item is under the band: a threshold
        // too large for CostSum must not wrap round to zero, where every item is over it.
        if case .priceBand(let t) = sectioning {
            threshold = t > Self.aboveEveryLine ? CostSum(units: .max) : CostSum(t)
        } else {
            threshold = .zero
        }
        ranks = sectioning == .aisle ? names.names.map { aisles.index(of: $0).map(SectionKey.init) ?? .noAisle } : []
    }

    private static let aboveEveryLine: Decimal = 100_000_000_000

    /// Whether these keys were made for `sectioning`, `aisles` and every aisle number in `names`.
    func fit(_ sectioning: Sectioning, _ aisles: AisleOrder, _ names: AisleNames) -> Bool {
        self.sectioning == sectioning && self.aisles.names == aisles.names
            && (sectioning != .aisle || ranks.count == names.names.count)
    }

    func key(for entry: ItemEntry) -> SectionKey {
        switch sectioning {
        case .none: return 0
        case .aisle: return entry.aisle >= 0 && Int(entry.aisle) < ranks.count ? ranks[Int(entry.aisle)] : .noAisle
        case .priceBand: return CostSum(units: Int128(entry.lineCost)) >= threshold ? 0 : 1
        }
    }
}
