import Foundation
import ShopperModel

/// A value that lost to the other side's value of the same field, for the window to say so (and to
/// offer it back).
package struct LostValue: Equatable, Sendable, Codable {
    enum Side: Sendable, Codable { case thisDevice, otherDevice }
    package let field: SharedField
    package let kept: String
    package let lost: String
    /// Whose value lost.
    let loser: Side
    /// The losing side's item, to put its value back.
    package let losing: SharedItem
    /// The stores the losing side had chosen (a loss of `.stores`): put back by name, as a sync
    /// brings them, since they are no field of the item.
    package var lostStores: [String] { losing.stores }

    /// `item` with the lost value put back (the window's Undo of a merge).
    package func restored(in item: Item, at now: Date) -> Item {
        var shared = SharedItem(item)
        field.take(from: losing, into: &shared)
        return shared.applied(to: item, at: now)
    }
}

/// The three-way merge of one item, field by field, against the version both sides last agreed on
/// (the base). A field changed on one side only takes that change; changed on both to different
/// values, the later edit wins and the other is reported. Without a base (a first sync that
/// found the same description on both sides), every difference is decided by time and reported.
package enum FieldMerge {
    package static func merge(base: SharedItem?, local: SharedItem, remote: SharedItem,
                             localNewer: Bool) -> (merged: SharedItem, lost: [LostValue]) {
        let (merged, conflicts) = ThreeWayMerge.merge(
            SharedField.self, base: base, local: local, remote: remote, localNewer: localNewer)
        let (winner, loser) = localNewer ? (local, remote) : (remote, local)
        // A new place in the order is no value a person misses.
        let lost = conflicts.filter { $0 != .position }.map { field in
            LostValue(field: field, kept: field.text(of: winner), lost: field.text(of: loser),
                      loser: localNewer ? .otherDevice : .thisDevice, losing: loser)
        }
        return (merged, lost)
    }
}
