import Foundation

/// The household's kitchen shared: the account, the meals calendar and the recipes collection,
/// and how far the last sync got. One per store (every list of this desktop plans from one book).
/// The password is in the keyring, under the same server and user as a list's.
package struct KitchenBinding: Equatable, Sendable {
    package var server: String
    package var user: String
    package var meals: Place
    package var recipes: Place
    /// Starts every UID this desktop gives an entry: a UID is known before its first upload.
    package var uidPrefix: String
    package var lastSync: Date?
    /// Why the last sync failed, and in a few words; nil when it did not.
    package var problem: String?
    package var problemLine: String?
    package var offline: Bool
    /// What the last sync left alone and the person should know.
    package var notice: String?

    /// One collection: its address, its name, and its sync-collection token.
    package struct Place: Equatable, Sendable {
        package var url: String
        package var name: String
        package var token: String?

        package init(url: String, name: String, token: String? = nil) {
            self.url = url
            self.name = name
            self.token = token
        }
    }

    package init(server: String, user: String, meals: Place, recipes: Place,
                 uidPrefix: String = UUID().uuidString.lowercased()) {
        self.server = server
        self.user = user
        self.meals = meals
        self.recipes = recipes
        self.uidPrefix = uidPrefix
        offline = false
    }
}

/// What an entry of the kitchen stands for here.
package enum KitchenKind: String, Sendable, CaseIterable {
    case recipe, meal
}

/// What one recipe or meal is on the server, as of the last sync (as `SyncRecord` is for an item).
package struct KitchenRecord: Equatable, Sendable {
    package var kind: KitchenKind
    /// The recipe's or the meal's id.
    package var id: Int64
    package var uid: String
    package var href: String
    package var etag: String?
    /// The text both sides last agreed on.
    package var base: String?
    /// The `kitchen_change` stamp `base` matches: a recipe or meal written since has changes to send.
    package var syncedStamp: Int64
    /// An upload sent whose answer has not been recorded.
    package var sent: String?

    package init(kind: KitchenKind, id: Int64, uid: String, href: String, etag: String?, base: String?,
                 syncedStamp: Int64, sent: String? = nil) {
        self.kind = kind
        self.id = id
        self.uid = uid
        self.href = href
        self.etag = etag
        self.base = base
        self.syncedStamp = syncedStamp
        self.sent = sent
    }
}

/// An event of the meals calendar that names no recipe of the book ("Dinner at Ana's mum's"):
/// shown in the plan on its day, as a note.
package struct PlanNote: Equatable, Sendable {
    package var uid: String
    package var href: String
    package var etag: String?
    package var day: PlanDay
    package var summary: String

    package init(uid: String, href: String, etag: String?, day: PlanDay, summary: String) {
        self.uid = uid
        self.href = href
        self.etag = etag
        self.day = day
        self.summary = summary
    }
}
