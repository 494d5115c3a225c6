import Foundation
@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel
import XCTest

/// The household's kitchen on a real server (RadicaleKitchenTests, XandikosKitchenTests): two
/// desktops, A and B, on one account, sharing one list and the kitchen, and a phone's calendar.
struct KitchenScenarios {
    let server: CalDAVServers.Server
    /// This test's own collection names: tests on one account never meet.
    let names: (meals: String, recipes: String)

    init(_ name: String) throws {
        server = try CalDAVServers.server(name)
        let tag = UUID().uuidString.prefix(6)
        names = ("Meals \(tag)", "Recipes \(tag)")
    }

    static let pancakes = RecipeDraft(
        title: "Pancakes", servings: 2, ingredients: ["200 g flour", "2 eggs", "300 ml milk"],
        method: ["Whisk everything.", "Fry in butter."])
    static let chili = RecipeDraft(
        title: "Chili", servings: 4, ingredients: ["500 g beef mince", "2 onions", "1 tin tomatoes"],
        method: ["Brown the mince.", "Simmer an hour."])
    /// A Thursday and a Saturday far enough ahead to be in every plan's future.
    static let thursday = PlanDay(year: 2031, month: 1, day: 2)
    static let saturday = PlanDay(year: 2031, month: 1, day: 4)

    /// A and B sharing one list and the kitchen; A is "Ana".
    func household() throws -> (a: Device, b: Device) {
        let a = try Device(), b = try Device()
        try a.store.kitchenTables.setSharingName("Ana")
        try b.store.kitchenTables.setSharingName("Ben")
        try a.share(server, collection: .new(name: "Groceries " + UUID().uuidString.prefix(6)))
        let list = try XCTUnwrap(a.binding)
        try b.share(server, collection: .existing(RemoteCollection(url: list.collection, name: list.collectionName)))
        for d in [a, b] {
            _ = try KitchenSharing.share(store: d.store, server: server.url, user: server.user,
                                         password: server.password, names: names)
        }
        return (a, b)
    }

    /// The kitchen, then the list: as the helper runs them.
    @discardableResult
    func sync(_ d: Device) throws -> SyncReport {
        let (report, error) = KitchenSync.syncReporting(store: d.store)
        if let error { throw error }
        try d.sync()
        return report
    }

    func recipe(_ d: Device, _ title: String) throws -> Recipe? {
        try d.store.recipeTables.recipes().first { $0.title == title }
    }

    /// A recipe made on A reads the same on B; a meal planned and added on A is on B's plan,
    /// marked added, and B's Add the Week adds nothing for it; the phone sees it on its day with
    /// the ingredients; taken off on B, its share leaves the list on both.
    func mealPlannedOnOneDesktop() throws {
        let (a, b) = try household()
        let am = try a.model
        let id = try am.recipes.addRecipe(Self.pancakes)
        try sync(a)
        try sync(b)
        XCTAssertEqual(try recipe(b, "Pancakes")?.draft, try am.recipes.recipe(id)?.draft, "the recipe reads the same")

        let meal = try XCTUnwrap(try am.plan.planMeal(id, on: Self.thursday, servings: 6))
        try am.plan.addWeekToList(from: Self.thursday)
        XCTAssertEqual(try a.item("Flour")?.quantity, 600)
        try sync(a)
        let news = try sync(b)

        let onB = try XCTUnwrap(try b.store.recipeTables.meals().first { $0.day == Self.thursday })
        XCTAssertEqual(onB.servings, 6)
        XCTAssertNotNil(onB.addedElsewhere, "B sees that the meal is on a list")
        XCTAssertEqual(onB.plannedBy, "Ana")
        XCTAssertTrue(news.arrivals.contains { $0.kind == .planned && $0.by == "Ana" && $0.day == "2031-01-02" },
                      "B hears of the meal: \(news.arrivals)")
        XCTAssertEqual(try b.model.plan.mealsWaiting(from: Self.thursday), 0)
        XCTAssertEqual(try b.model.plan.addWeekToList(from: Self.thursday).count, 0, "B adds nothing twice")
        XCTAssertEqual(try b.item("Flour")?.quantity, 600, "the list came through the list's sync")

        let phone = KitchenPhone(server: server, collection: try XCTUnwrap(a.store.kitchenTables.binding()).meals.url)
        let event = try XCTUnwrap(try phone.events().first { $0.summary == "Pancakes for 6" }, "the phone's calendar")
        XCTAssertEqual(event.day, "2031-01-02")
        XCTAssertTrue(event.description.contains("600 g flour"), event.description)

        try b.model.plan.removeMeal(onB.id)
        try sync(b)
        try sync(a)
        try sync(b)
        XCTAssertNil(try a.store.recipeTables.meals().first { $0.id == meal }, "off A's plan")
        for d in [a, b] {
            XCTAssertNil(try d.item("Flour"), "the share left the list")
            XCTAssertEqual(try d.store.recipeTables.meals().filter { $0.day == Self.thursday }.count, 0)
        }
    }

    /// An event the phone makes ("Chili for 4" on Saturday) is a meal on both desktops; one that
    /// names no recipe is a note on its day.
    func phoneMakesAMeal() throws {
        let (a, b) = try household()
        _ = try a.model.recipes.addRecipe(Self.chili)
        try sync(a)
        try sync(b)
        let phone = KitchenPhone(server: server, collection: try XCTUnwrap(a.store.kitchenTables.binding()).meals.url)
        try phone.addEvent(day: "2031-01-04", summary: "Chili for 4")
        try phone.addEvent(day: "2031-01-04", summary: "Dinner at Grandma's")
        for d in [a, b] {
            try sync(d)
            let chili = try XCTUnwrap(try recipe(d, "Chili"))
            let meal = try XCTUnwrap(try d.store.recipeTables.meals().first { $0.day == Self.saturday })
            XCTAssertEqual(meal.recipe, chili.id)
            XCTAssertEqual(meal.servings, 4)
            XCTAssertEqual(try d.store.kitchenTables.planNotes().map(\.summary), ["Dinner at Grandma's"])
        }
    }

    /// A recipe edited on both desktops offline merges per field; a deletion on one side and an
    /// edit on the other keeps the edit.
    func recipeEditedOnBoth() throws {
        let (a, b) = try household()
        let id = try a.model.recipes.addRecipe(Self.pancakes)
        let other = try a.model.recipes.addRecipe(Self.chili)
        try sync(a)
        try sync(b)
        var onA = Self.pancakes
        onA.method = ["Whisk everything.", "Rest 10 minutes.", "Fry in butter."]
        try a.model.recipes.updateRecipe(id, onA)
        let bID = try XCTUnwrap(try recipe(b, "Pancakes")).id
        var onB = Self.pancakes
        onB.ingredients = ["250 g flour", "2 eggs", "300 ml milk"]
        try b.model.recipes.updateRecipe(bID, onB)
        try a.model.recipes.deleteRecipe(other)
        var chiliB = Self.chili
        chiliB.notes = "Better the next day."
        try b.model.recipes.updateRecipe(try XCTUnwrap(try recipe(b, "Chili")).id, chiliB)
        try sync(a)
        try sync(b)
        try sync(a)
        for d in [a, b] {
            let p = try XCTUnwrap(try recipe(d, "Pancakes"))
            XCTAssertEqual(p.method, onA.method)
            XCTAssertEqual(p.ingredients, onB.ingredients)
            XCTAssertEqual(try recipe(d, "Chili")?.notes, "Better the next day.", "the edit outlives the deletion")
            XCTAssertEqual(try d.store.recipeTables.recipes().count, 2)
        }
    }
}

extension KitchenScenarios {
    /// A recipe the other app wrote as text only is read as a paste; one that cannot be read at
    /// all is skipped and named in the status while everything else goes on.
    func badEntryIsSkippedAndNamed() throws {
        let (a, _) = try household()
        let recipes = try XCTUnwrap(a.store.kitchenTables.binding()).recipes.url
        let phone = Phone(server: server, collection: recipes)
        let folder = NSTemporaryDirectory() + "kitchen-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let soup = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//jtx//EN\r\nBEGIN:VJOURNAL\r\nUID:soup-1\r\n\
            DTSTAMP:20260101T000000Z\r\nSUMMARY:Leek Soup\r\nDESCRIPTION:Leek Soup\\n\\nIngredients\\n2 leeks\\n\
            1 l stock\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n
            """
        // A task among the recipes (the servers take it): not a recipe, left alone and named.
        let broken = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nBEGIN:VTODO\r\nUID:stray-1\r\n\
            DTSTAMP:20260101T000000Z\r\nSUMMARY:Stray task\r\nEND:VTODO\r\nEND:VCALENDAR\r\n
            """
        for (name, text) in [("soup.ics", soup), ("broken.ics", broken)] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
            let put = try phone.run(["raw-put", name, folder + "/" + name])
            XCTAssertTrue([200, 201, 204].contains(put["status"] as? Int ?? 0), "\(name): \(put)")
        }
        let report = try sync(a)
        let leek = try XCTUnwrap(try recipe(a, "Leek Soup"), "the readable one came in")
        XCTAssertEqual(leek.ingredients, ["2 leeks", "1 l stock"])
        XCTAssertTrue(report.skipped.contains { $0.name == "Stray task" }, "named: \(report.skipped)")
        XCTAssertTrue(try XCTUnwrap(a.store.kitchenTables.binding()?.notice).contains("Stray task"))
    }

    /// The servings of a meal added on A, changed on B: A's list changes by the difference, and
    /// B's with it once synced.
    func servingsChangedElsewhere() throws {
        let (a, b) = try household()
        let am = try a.model
        let id = try am.recipes.addRecipe(Self.pancakes)
        _ = try am.plan.planMeal(id, on: Self.thursday, servings: 6)
        try am.plan.addWeekToList(from: Self.thursday)
        try sync(a)
        try sync(b)
        let onB = try XCTUnwrap(try b.store.recipeTables.meals().first { $0.day == Self.thursday })
        try b.model.plan.setMealServings(onB.id, 4)
        try sync(b)
        try sync(a)
        try sync(b)
        for d in [a, b] {
            XCTAssertEqual(try d.item("Flour")?.quantity, 400, "the list follows the servings")
            XCTAssertEqual(try d.store.recipeTables.meals().first { $0.day == Self.thursday }?.servings, 4)
        }
    }

    /// The same recipe typed on both desktops before they shared the kitchen is one recipe after.
    func firstSyncAdoptsTheSameRecipe() throws {
        let a = try Device(), b = try Device()
        _ = try a.model.recipes.addRecipe(Self.pancakes)
        var mine = Self.pancakes
        mine.notes = "Grandma's"
        _ = try b.model.recipes.addRecipe(mine)
        for d in [a, b] {
            _ = try KitchenSharing.share(store: d.store, server: server.url, user: server.user,
                                         password: server.password, names: names)
        }
        _ = KitchenSync.syncReporting(store: a.store)
        for d in [a, b] {
            XCTAssertEqual(try d.store.recipeTables.recipes().map(\.title), ["Pancakes"])
            XCTAssertEqual(try recipe(d, "Pancakes")?.notes, "Grandma's", "B's field A did not have")
        }
        let recipes = try XCTUnwrap(a.store.kitchenTables.binding()).recipes.url
        let journals = try Phone(server: server, collection: recipes).run(["journals"])["journals"] as? [Any]
        XCTAssertEqual(journals?.count, 1, "one entry on the server")
    }
}

extension KitchenScenarios {
    /// The phone moves a meal to another day while A adds it to the list: A keeps both, the day
    /// from the phone and the list from A (one field each, not the whole meal A's).
    func phoneMovesAMealAddedHere() throws {
        let (a, _) = try household()
        let am = try a.model
        let id = try am.recipes.addRecipe(Self.pancakes)
        _ = try am.plan.planMeal(id, on: Self.thursday, servings: 6)
        try sync(a)
        let phone = KitchenPhone(server: server, collection: try XCTUnwrap(a.store.kitchenTables.binding()).meals.url)
        let uid = try XCTUnwrap(try phone.uid(of: "Pancakes for 6"))
        try Phone(server: server, collection: phone.collection).run(["move-event", uid, "2031-01-04"])
        try am.plan.addWeekToList(from: Self.thursday)
        try sync(a)
        let meal = try XCTUnwrap(try a.store.recipeTables.meals().first)
        XCTAssertEqual(meal.day, Self.saturday, "the phone's move is kept")
        XCTAssertNotNil(meal.list, "and A's add")
        XCTAssertEqual(try phone.events().first { $0.summary == "Pancakes for 6" }?.day, "2031-01-04")
    }

    /// The same meal planned on both desktops before they shared the kitchen is one meal after.
    func theSameMealPlannedOnBoth() throws {
        let a = try Device(), b = try Device()
        for d in [a, b] {
            let m = try d.model
            _ = try m.plan.planMeal(try m.recipes.addRecipe(Self.pancakes), on: Self.thursday, servings: 4)
            _ = try KitchenSharing.share(store: d.store, server: server.url, user: server.user,
                                         password: server.password, names: names)
        }
        _ = KitchenSync.syncReporting(store: a.store)
        for d in [a, b] {
            XCTAssertEqual(try d.store.recipeTables.meals().filter { $0.day == Self.thursday }.count, 1)
        }
        let phone = KitchenPhone(server: server, collection: try XCTUnwrap(a.store.kitchenTables.binding()).meals.url)
        XCTAssertEqual(try phone.events().count, 1, "one event on the server")
    }
}

/// python3-caldav as a phone's calendar (Tests/sync/phone.py's event commands).
struct KitchenPhone {
    let server: CalDAVServers.Server
    let collection: String

    struct Event {
        let day: String
        let summary: String
        let description: String
    }

    func events() throws -> [Event] {
        let json = try Phone(server: server, collection: collection).run(["events"])
        guard let list = json["events"] as? [[String: Any]] else {
            throw NSError(domain: "KitchenPhone", code: 1, userInfo: [NSLocalizedDescriptionKey: "no events: \(json)"])
        }
        return list.map {
            Event(day: $0["day"] as? String ?? "", summary: $0["summary"] as? String ?? "",
                  description: $0["description"] as? String ?? "")
        }
    }

    func uid(of summary: String) throws -> String? {
        let json = try Phone(server: server, collection: collection).run(["events"])
        return (json["events"] as? [[String: Any]])?.first { $0["summary"] as? String == summary }?["uid"] as? String
    }

    func addEvent(day: String, summary: String) throws {
        try Phone(server: server, collection: collection).run(["add-event", day, summary])
    }
}
