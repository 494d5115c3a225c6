import Foundation
import ShopperModel
import ShopperSyncModel

/// One sync of the household's kitchen: recipes (journal entries) first, then meals (events),
/// each taken in from the server and merged, then sent. Synchronous, on a worker (the helper's
/// main thread). Written as a list's sync is: a UID is known before its first upload, what was
/// sent is kept before it is sent, and each merge is one transaction with its records.
package enum KitchenSync {
    /// The lock file's name: no list has id 0.
    static let lockID = ListID(0)

    package static func syncReporting(store: Store, notice: String? = nil, now: @escaping () -> Date = Date.init)
        -> (SyncReport, SyncError?) {
        let binding: KitchenBinding
        do {
            guard let b = try SyncEngine.storeCall({ () throws(StoreError) in try store.kitchenTables.binding() })
            else { return (SyncReport(), .store(L("the recipes and plan are not shared"))) }
            binding = b
        } catch { return (SyncReport(), error) }
        let lock: SyncLock
        do { lock = try SyncLock(store.path, lockID) } catch { return (SyncReport(), error) }
        defer { lock.release() }
        var engine: KitchenEngine?
        do {
            let password = try Keyring.password(server: binding.server, user: binding.user)
            engine = try KitchenEngine(store: store, binding: binding, password: password, now: now)
            return (try engine!.run(notice: notice), nil)
        } catch {
            var b = (try? store.kitchenTables.binding()) ?? binding
            b.problem = error.kitchenDescription
            b.problemLine = error.statusLine
            b.offline = error.isOffline
            try? store.kitchenTables.saveBinding(b)
            return (engine?.report ?? SyncReport(), error)
        }
    }
}

/// The state of one kitchen sync.
final class KitchenEngine {
    let store: Store
    var binding: KitchenBinding
    let recipes: CalDAVCollection
    let meals: CalDAVCollection
    var report = SyncReport()
    let now: () -> Date
    /// The name this desktop's changes travel with.
    let me: String
    /// Nothing was synced before: what arrives is everything, not news for a notification.
    let first: Bool
    /// Entries the server refused (412) in this sync, "kind-id": refused twice, one is not sent.
    var refused: Set<String> = []

    /// A recipe's journal entry at most: its text and its JSON each within their own caps
    /// (`KitchenLimits`), with room for what a server adds.
    static let maxRecipe = 768 << 10
    /// The entries' text a batch holds before it is merged (200 recipes of 768 KB were 150 MB).
    static let mergeBytes = 16 << 20

    init(store: Store, binding: KitchenBinding, password: String, now: @escaping () -> Date) throws(SyncError) {
        guard let server = URL(string: binding.server), let r = URL(string: binding.recipes.url),
              let m = URL(string: binding.meals.url) else { throw .network(.badAddress(binding.server)) }
        let http = try HTTPTransport(server: server, user: binding.user, password: password)
        for url in [r, m] where !HTTPTransport.sameServer(url, server) {
            throw .network(.redirectedElsewhere(to: url.host ?? url.absoluteString))
        }
        self.store = store
        self.binding = binding
        self.now = now
        recipes = CalDAVCollection(http: http, url: r, maxEntry: Self.maxRecipe, component: "VJOURNAL")
        meals = CalDAVCollection(http: http, url: m, component: "VEVENT")
        me = (try? store.kitchenTables.sharingName()) ?? binding.user
        first = binding.lastSync == nil
    }

    func run(notice: String?) throws(SyncError) -> SyncReport {
        // After uploads, the changes are read once more (as a list's sync does), so the token
        // saved covers them: Xandikos's token is a hash of the collection's contents, and a meal
        // sent and then deleted elsewhere leaves the token read before the upload, which then
        // reports no change at all.
        try exchange(pullRecipes, pushRecipes)
        try exchange(pullMeals, pushMeals)
        binding.lastSync = now()
        binding.problem = nil
        binding.problemLine = nil
        binding.offline = false
        let skipped = report.skipped.prefix(3).map { L("{task} ({why})", ["task": $0.name, "why": $0.why]) }
        let parts = [notice].compactMap { $0 } + (skipped.isEmpty ? [] : [
            L("{count} entries on the server were left alone: {names}",
              ["count": "\(report.skipped.count)", "names": skipped.joined(separator: ", ")]),
        ])
        binding.notice = parts.isEmpty ? nil : parts.joined(separator: "; ")
        try SyncEngine.storeCall { () throws(StoreError) in try store.kitchenTables.saveBinding(binding) }
        report.requests = recipes.http.requests
        if report.notSent > 0 { throw .changesRefused(count: report.notSent) }
        return report
    }

    /// Reads, sends, and reads again after a send. An entry changed there meanwhile (412) is
    /// merged and sent once more; refused again, it waits and the sync says so (`notSent`): a
    /// server that refuses every upload is never reported as synced.
    private func exchange(_ pull: () throws(SyncError) -> Void, _ push: () throws(SyncError) -> Bool)
        throws(SyncError) {
        try pull()
        for _ in 1...2 {
            let wrote = report.sent + report.deletedThere
            let changedThere = try push()
            guard changedThere || report.sent + report.deletedThere > wrote else { return }
            try pull()
            guard changedThere else { return }
        }
    }

    /// What changed in `c` since `token`: sync-collection, or the listing compared with `known`.
    func serverChanges(_ c: CalDAVCollection, token: String?, known: [String: String?]) throws(SyncError)
        -> (changed: [String], removed: [String], token: String?) {
        var outside: [String] = []
        defer { for href in outside { report.skip(href, why: L("an address outside the calendar")) } }
        switch try c.changes(since: token) {
        case .success(let ch):
            outside = ch.outside
            let removed = token == nil ? known.keys.filter { ch.changed[$0] == nil } : ch.removed
            let changed = ch.changed.filter { href, etag in etag == nil || known[href] != etag }.keys
            return (changed.sorted(), removed.filter { c.member($0) != nil }, ch.token)
        case .failure:
            let all = try c.listing(outside: &outside)
            let changed = all.filter { href, etag in etag == nil || known[href] != etag }.keys
            return (changed.sorted(), known.keys.filter { all[$0] == nil && c.member($0) != nil }, nil)
        }
    }

    /// `f`, with an ETag to send back: one the listing gave that cannot be sent (a line break in
    /// it) is none, and an entry without one could never be replaced (If-None-Match, refused
    /// every time); its GET's ETag header then, with the text of that same answer.
    func withETag(_ f: CalDAVCollection.Fetched, from c: CalDAVCollection) throws(SyncError)
        -> CalDAVCollection.Fetched {
        guard f.etag == nil, let current = try c.get(f.href), current.etag != nil else { return f }
        return CalDAVCollection.Fetched(href: f.href, etag: current.etag, text: current.text)
    }

    /// The records of `kind`, with their texts (`base`, `sent`) only for those a batch meets, by
    /// address or UID: a book of large recipes is never all in memory at once.
    func records(_ kind: KitchenKind, meeting hrefs: Set<String>, uids: Set<String>) throws(StoreError)
        -> [KitchenRecord] {
        let light = try store.kitchenTables.records(kind, texts: false)
        let met = light.filter { hrefs.contains($0.href) || uids.contains($0.uid) }.map(\.id)
        let full = Dictionary(try store.kitchenTables.records(kind, ids: met).map { ($0.id, $0) },
                              uniquingKeysWith: { a, _ in a })
        return light.map { full[$0.id] ?? $0 }
    }

    /// One record with its texts, for an upload (which patches its base and keeps what it sends).
    func withTexts(_ kind: KitchenKind, _ id: Int64) throws(SyncError) -> KitchenRecord? {
        try SyncEngine.storeCall { () throws(StoreError) in try store.kitchenTables.records(kind, ids: [id]).first }
    }

    /// The UID this desktop gives a new entry: known before its first upload.
    func newUID(_ kind: KitchenKind, _ id: Int64) -> String { "\(binding.uidPrefix)-\(kind.rawValue)-\(id)" }

    func write(_ build: (inout IDSource) throws(StoreError) -> KitchenWrite) throws(SyncError) {
        try SyncEngine.storeCall { () throws(StoreError) in try store.kitchenTables.apply(build) }
    }
}
