import Foundation
import ShopperModel

/// What one sync did, for the status, the window's toasts and the tests.
package struct SyncReport: Sendable, Codable {
    /// An item's field whose value lost to the other side's, with the item as it was named.
    package struct Loss: Sendable {
        package let item: ItemID
        package let description: String
        package let value: LostValue

        package init(item: ItemID, description: String, value: LostValue) {
            self.item = item
            self.description = description
            self.value = value
        }
    }

    package var received = 0
    package var sent = 0
    package var deletedHere = 0
    package var deletedThere = 0
    package var lost: [Loss] = []
    /// A task left alone, by summary or address, and why.
    package struct Skipped: Sendable, Equatable, Codable {
        package let name: String
        package let why: String
    }

    /// Tasks on the server that could not be read, or were not in the task list: left alone, each
    /// named once however often it was met.
    package private(set) var skipped: [Skipped] = []
    /// Tasks that brought more than an item keeps (thousands of stores, a megabyte of summary):
    /// the field was cut, the task named.
    package var limited: [String] = []

    package mutating func skip(_ name: String, why: String) {
        guard !skipped.contains(where: { $0.name == name }) else { return }
        skipped.append(Skipped(name: name, why: why))
    }
    /// Changes the server refused every time they were sent (412): they wait for the next sync.
    package var notSent = 0
    /// Items the server no longer had, all at once, kept here and sent back.
    package var keptFromBulkDeletion = 0
    /// HTTP requests made.
    package var requests = 0
    /// What other people's devices changed, for a word to the person (a notification); empty for a
    /// first sync, which brings everything.
    package var arrivals: [Arrival] = []
    /// Arrivals beyond the `Arrival.kept` kept (a thousand items added at once): counted only.
    package var arrivalsBeyond = 0

    package init() {}
}
