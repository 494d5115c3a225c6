import Foundation
import ShopperModel
import ShopperSyncModel

/// The kitchen's two collections on an account: the "Meals" calendar (events) and the "Recipes"
/// collection (journal entries), found as the other desktop of the household made them, else
/// made here.
extension Discovery {
    struct Calendar {
        let url: URL
        let name: String
        /// The components it takes; nil: every kind (no set given).
        let components: Set<String>?
        /// On another server than the account's: never used (its host is named instead).
        var elsewhere = false
    }

    struct KitchenPlaces {
        var meals: RemoteCollection
        var recipes: RemoteCollection
        /// What the server could not do as asked, for the person.
        var notice: String?
    }

    /// Every calendar the home lists; one on another server is marked (`elsewhere`), never asked.
    func calendars(in home: URL) throws(SyncError) -> [Calendar] {
        try propfind(home, depth: 1, props: "<d:resourcetype/><d:displayname/><c:supported-calendar-component-set/>")
            .compactMap { r in
                guard r.prop(DAV.ns, "resourcetype")?.child(DAV.caldav, "calendar") != nil,
                      let url = URL(string: r.href, relativeTo: home)?.absoluteURL else { return nil }
                let set = r.prop(DAV.caldav, "supported-calendar-component-set").map { s in
                    Set(s.all(DAV.caldav, "comp").compactMap { $0.attributes["name"]?.uppercased() })
                }
                let name = r.prop(DAV.ns, "displayname")?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                return Calendar(url: url, name: String(name.prefix(200)), components: set,
                                elsewhere: !HTTPTransport.sameServer(url, http.origin))
            }
    }

    /// The household's "Meals" and "Recipes": a calendar of that name (in English or in this
    /// desktop's language) that takes the entries, or a new one.
    func kitchenPlaces(names: (meals: String, recipes: String)) throws(SyncError) -> KitchenPlaces {
        let home = try home()
        let all = try calendars(in: home)
        var notices: [String] = []
        func place(_ english: String, _ local: String, _ component: String, slug: String) throws(SyncError)
            -> RemoteCollection {
            let names = Set([english, local].map(SearchQuery.fold))
            let named = all.filter {
                names.contains(SearchQuery.fold($0.name)) && ($0.components?.contains(component) ?? true)
            }
            if let found = named.first(where: { !$0.elsewhere }) {
                return RemoteCollection(url: found.url.absoluteString, name: found.name)
            }
            // The household's collection on another server: its host is named; none is made here,
            // which the other desktop would never find.
            if let away = named.first {
                throw .network(.redirectedElsewhere(to: HTTPTransport.hostPort(away.url)))
            }
            let made = try makeCollection(in: home, name: local, components: [component], slug: slug)
            // A server may take the set and keep another (Xandikos keeps every kind): said once.
            if let url = URL(string: made.url), let set = try? calendarSet(url), set != [component] {
                notices.append(
                    L("the server made “{name}” for every kind of entry, not only for {kind}",
                      ["name": local, "kind": component == "VEVENT" ? L("events") : L("journal entries")]))
            }
            return made
        }
        // Made in this desktop's language; found in it or in English (the other desktop's may differ).
        let meals = try place(names.meals, names.meals == "Meals" ? L("Meals") : names.meals, "VEVENT", slug: "meals")
        let recipes = try place(
            names.recipes, names.recipes == "Recipes" ? L("Recipes") : names.recipes, "VJOURNAL", slug: "recipes")
        return KitchenPlaces(meals: meals, recipes: recipes,
                             notice: notices.isEmpty ? nil : notices.joined(separator: "; "))
    }

    private func calendarSet(_ url: URL) throws(SyncError) -> Set<String>? {
        try propfind(url, depth: 0, props: "<c:supported-calendar-component-set/>").first?
            .prop(DAV.caldav, "supported-calendar-component-set").map { s in
                Set(s.all(DAV.caldav, "comp").compactMap { $0.attributes["name"]?.uppercased() })
            }
    }
}
