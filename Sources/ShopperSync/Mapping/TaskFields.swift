import Foundation

/// What a VTODO says, as far as Shopper reads or writes it. Everything else in the task's text is
/// kept as the server gave it (see `ICalTask`).
struct TaskFields: Equatable, Sendable {
    enum Status: String, Sendable {
        case needsAction = "NEEDS-ACTION", inProcess = "IN-PROCESS", completed = "COMPLETED", cancelled = "CANCELLED"
    }

    var uid: String
    var summary: String
    var categories: [String] = []
    var description: String?
    var status: Status?
    /// X-APPLE-SORT-ORDER: the order tasks.org and Apple Reminders read.
    var sortOrder: Int64?
    var lastModified: Date?
    /// Shopper's own properties, by name without the X-SHOPPER- prefix ("QUANTITY", "STATE", ...).
    var shopper: [String: String] = [:]

    init(uid: String, summary: String, categories: [String] = [], description: String? = nil,
        status: Status? = nil, sortOrder: Int64? = nil, lastModified: Date? = nil, shopper: [String: String] = [:]
    ) {
        self.uid = uid
        self.summary = summary
        self.categories = categories
        self.description = description
        self.status = status
        self.sortOrder = sortOrder
        self.lastModified = lastModified
        self.shopper = shopper
    }

    /// The names of Shopper's properties, as written in the task.
    enum Key: String, CaseIterable, Sendable {
        case quantity = "QUANTITY", unit = "UNIT", unitCost = "UNIT-COST", priceForAll = "PRICE-FOR-ALL"
        case state = "STATE"
        /// The stores the item is sold only at, by name, separated by semicolons.
        case stores = "STORES"
        /// The SUMMARY as Shopper last wrote it: a SUMMARY that differs was typed in another app.
        case summary = "SUMMARY"
        /// Who made the change the task was last written for: the name the desktop goes by (its
        /// sharing name, else the account's user). No field of the item: never merged, never
        /// compared, only said ("Ana added Milk").
        case by = "BY"
        var property: String { "X-SHOPPER-" + rawValue }
    }

    subscript(_ key: Key) -> String? {
        get { shopper[key.rawValue] }
        set { shopper[key.rawValue] = newValue }
    }
}
