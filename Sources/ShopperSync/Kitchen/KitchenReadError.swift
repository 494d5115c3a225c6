import Foundation
import ShopperModel

/// Why a recipe's journal entry or a meal's event from the server was not read: the sync skips it
/// and names it with these words.
enum KitchenReadError: Error, Equatable {
    case notICalendar, wrongKind, noUID, noDay, noSummary

    var why: String {
        switch self {
        case .notICalendar: L("not iCalendar that can be read")
        case .wrongKind: L("not a journal entry or an event")
        case .noUID: L("no UID")
        case .noDay: L("no day")
        case .noSummary: L("no summary")
        }
    }

    init(_ e: ICalEntry.ParseError) {
        switch e {
        case .notICalendar: self = .notICalendar
        case .wrongKind: self = .wrongKind
        case .noUID: self = .noUID
        }
    }
}

/// What one kitchen entry may bring, whatever the server holds: no recipe or meal comes near.
enum KitchenLimits {
    /// Characters read of SUMMARY and of DESCRIPTION.
    static let maxSummary = 1_000, maxText = 64 << 10
    /// X-SHOPPER-SHARE properties read (the lines one add put on a list), and each one's length.
    static let maxShares = 400, maxShare = 2_000
    /// CATEGORIES properties looked at (a recipe keeps `RecipeDraft`'s 50 tags).
    static let maxCategories = 200
    /// Base64 text of the schema.org attachment, never decoded past this.
    static let maxAttachment = 256 << 10
    /// A UID or a name (planned by, added by, a list) kept.
    static let maxName = 500
    /// Events naming no recipe kept as notes of the plan, from this many days ago on.
    static let maxNotes = 1_000, noteDaysBack = 30
}
