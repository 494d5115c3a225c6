import Foundation
import ShopperModel

/// What one sync did, for the status, the window's toasts and the tests.
public struct SyncReport: Sendable {
    /// An item's field whose value lost to the other side's, with the item as it was named.
    public struct Loss: Sendable {
        public let item: ItemID
        public let description: String
        public let value: LostValue
    }

    public var received = 0
    public var sent = 0
    public var deletedHere = 0
    public var deletedThere = 0
    public var lost: [Loss] = []
    /// Tasks on the server that could not be read, by summary or address: they are left alone.
    public var skipped: [String] = []
    /// Items the server no longer had, all at once, kept here and sent back.
    public var keptFromBulkDeletion = 0
    /// HTTP requests made.
    public var requests = 0

    public init() {}
}
