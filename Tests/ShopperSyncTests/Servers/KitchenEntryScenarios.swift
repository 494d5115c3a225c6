import Foundation
@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel
import XCTest

/// A recipe's journal entry and a meal's event on a real server: PUT as Shopper writes them, read
/// back as the server gives them, and seen by the phone (Tests/sync/phone.py).
struct KitchenEntryScenarios {
    let server: CalDAVServers.Server
    let http: HTTPTransport

    init(_ name: String) throws {
        server = try CalDAVServers.server(name)
        http = try HTTPTransport(server: XCTUnwrap(URL(string: server.url)), user: server.user,
                                 password: server.password)
    }

    /// A new collection in the calendar home for `component` ("VJOURNAL", "VEVENT"). Xandikos
    /// ignores the set (its calendars take every component): made all the same.
    func collection(_ component: String) throws -> (CalDAVCollection, Phone) {
        let home = try Discovery(http: http).collections().home
        let url = try XCTUnwrap(URL(string: "kitchen-\(UUID().uuidString.prefix(8).lowercased())/", relativeTo: home))
            .absoluteURL
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>\
            <d:displayname>\(component)</d:displayname><c:supported-calendar-component-set>\
            <c:comp name="\(component)"/></c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>
            """
        let r = try http.request("MKCALENDAR", url, body: Data(body.utf8))
        XCTAssertEqual(r.status, 201, "MKCALENDAR \(component) on \(server.name): \(r.text)")
        return (CalDAVCollection(http: http, url: url), Phone(server: server, collection: url.absoluteString))
    }

    /// PUT as new, then GET: the server's text.
    func roundTrip(_ c: CalDAVCollection, uid: String, _ text: String) throws -> (href: String, etag: String?, text: String) {
        let href = c.href(forUID: uid)
        let put = try c.put(href, text, etag: nil)
        guard case .done = put else { throw NSError(domain: "Kitchen", code: 1, userInfo: [NSLocalizedDescriptionKey: "PUT \(put)"]) }
        let got = try XCTUnwrap(c.get(href))
        return (href, got.etag, got.text)
    }

    func recipeRoundTrip() throws {
        let (c, phone) = try collection("VJOURNAL")
        // Xandikos splits a category at an escaped comma (its CATEGORIES lose the backslash):
        // "Sweet, quick" is whole again through X-SHOPPER-TAGS.
        let recipe = JournalMappingTests.pancakes
        let stored = try roundTrip(c, uid: recipe.uid, JournalMapping.text(for: recipe, patching: nil))
        XCTAssertEqual(try JournalMapping.recipe(from: stored.text), recipe, "as \(server.name) gave it:\n\(stored.text)")
        // Edited and written over the server's own text: still exact.
        var edited = recipe
        edited.ingredients.append("1 tsp vanilla, \"Bourbon\"; or \\ 1 pod")
        edited.tags = ["Breakfast"]
        let patched = JournalMapping.text(for: edited, patching: stored.text)
        XCTAssertEqual(try c.put(stored.href, patched, etag: stored.etag).sameKind, .done(etag: nil))
        let again = try XCTUnwrap(c.get(stored.href))
        XCTAssertEqual(try JournalMapping.recipe(from: again.text), edited, "as \(server.name) gave it:\n\(again.text)")
        // jtx Board's view: a note with the title and the recipe's text.
        let journals = try XCTUnwrap(phone.run(["journals"])["journals"] as? [[String: Any]])
        let seen = try XCTUnwrap(journals.first { $0["uid"] as? String == recipe.uid })
        XCTAssertEqual(seen["summary"] as? String, "Pancakes")
        XCTAssertEqual(seen["description"] as? String, RecipeText.text(of: edited.draft))
        XCTAssertEqual(seen["categories"] as? [String], ["Breakfast"])
    }

    func mealRoundTrip() throws {
        let (c, phone) = try collection("VEVENT")
        let meal = EventMappingTests.meal
        let stored = try roundTrip(c, uid: meal.uid, EventMapping.text(for: meal, patching: nil))
        XCTAssertEqual(try EventMapping.meal(from: stored.text), meal, "as \(server.name) gave it:\n\(stored.text)")
        // The phone's calendar: on its day, all day, the ingredients in its description.
        let events = try XCTUnwrap(phone.run(["events"])["events"] as? [[String: Any]])
        let seen = try XCTUnwrap(events.first { $0["uid"] as? String == meal.uid })
        XCTAssertEqual(seen["day"] as? String, "2026-11-26")
        XCTAssertEqual(seen["all_day"] as? Bool, true)
        XCTAssertEqual(seen["summary"] as? String, "Pancakes for 6")
        XCTAssertEqual(seen["description"] as? String, meal.text)
        XCTAssert((seen["description"] as? String ?? "").contains("300 g flour\n3 eggs, beaten"))
    }

    /// "Chili for 4" made in the phone's calendar on Saturday: read as a meal on that day.
    func phonesEventIsAMeal() throws {
        let (c, phone) = try collection("VEVENT")
        let added = try phone.run(["add-event", "2026-11-28", "Chili for 4", "--description", "Beans, beef; lime\nand rice"])
        let uid = try XCTUnwrap(added["uid"] as? String)
        let got = try XCTUnwrap(c.get(c.href(forUID: uid)))
        let meal = try EventMapping.meal(from: got.text)
        XCTAssertEqual(meal.day, PlanDay(year: 2026, month: 11, day: 28))
        XCTAssertEqual(meal.summary, "Chili for 4")
        XCTAssertEqual(meal.text, "Beans, beef; lime\nand rice")
        XCTAssertNil(meal.recipeUID)
        // Made a meal here (servings, planned by), written back over the phone's event.
        var planned = meal
        planned.servings = 4
        planned.plannedBy = "Ana"
        let written = EventMapping.text(for: planned, patching: got.text)
        XCTAssertEqual(try c.put(c.href(forUID: uid), written, etag: got.etag).sameKind, .done(etag: nil))
        let events = try XCTUnwrap(phone.run(["events"])["events"] as? [[String: Any]])
        let seen = try XCTUnwrap(events.first { $0["uid"] as? String == uid })
        XCTAssertEqual(seen["day"] as? String, "2026-11-28")
        XCTAssertEqual((seen["x"] as? [String: Any])?["X-SHOPPER-PLANNED-BY"] as? String, "Ana")
        XCTAssertEqual(try EventMapping.meal(from: XCTUnwrap(c.get(c.href(forUID: uid))).text), planned)

        // At 23:30 in Berlin: on the day that is where this desktop is.
        let late = try phone.run(["add-event", "2026-11-28", "Late chili", "--time", "23:30", "--tz", "Europe/Berlin"])
        let lateText = try XCTUnwrap(c.get(c.href(forUID: XCTUnwrap(late["uid"] as? String)))).text
        var berlin = Calendar(identifier: .gregorian)
        berlin.timeZone = try XCTUnwrap(TimeZone(identifier: "Europe/Berlin"))
        let instant = try XCTUnwrap(berlin.date(from: DateComponents(year: 2026, month: 11, day: 28, hour: 23, minute: 30)))
        XCTAssertEqual(try EventMapping.meal(from: lateText).day, PlanDay(instant), lateText)
    }
}

extension CalDAVCollection.WriteOutcome {
    /// Done or not, whatever the ETag.
    var sameKind: CalDAVCollection.WriteOutcome { if case .done = self { .done(etag: nil) } else { self } }
}
