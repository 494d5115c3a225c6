import CGtk
import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel
@testable import ShopperSyncModel

/// A word when the partner changes things: a real window given a sync's report with another
/// device's changes (as the sharing controller gets it when a sync ends) sends a desktop
/// notification to a real notification server on the test's session bus (python-dbusmock's)
/// while the window is away, none while it is in front or the preference is off; a click on it
/// shows the list or the plan, and the notification goes once the window shows it.
final class ArrivalNotificationTests: GtkTestCase {
    func testAPartnersChangesAreSaidWhileTheWindowIsAway() throws {
        let server = try NotificationServer()
        try MainActor.assumeIsolated {
            let model = try ShoppingModel(store: try Store(path: temporaryFolder("arrivals") + "/shopper.sqlite"))
            let party = try model.lists.createList(named: "Party")
            let harness = try WindowHarness(model: model, size: (600, 600))
            defer { harness.close() }
            let window = harness.window
            ArrivalNotifier.installActions(on: harness.app) { window }
            let groceries = try XCTUnwrap(window.currentList)
            let partyList = try XCTUnwrap(model.lists.all.first { $0.id == party })
            @MainActor func heard(_ list: ShoppingList, _ whats: [String], kitchen: SyncReport? = nil) {
                var report = SyncReport()
                for w in whats { report.arrive(Arrival(kind: .added, what: w, by: "Ana", list: list.id)) }
                window.features.sharing.finished([SyncController.Outcome(list: list, problem: nil, report: report)],
                                                 kitchen: kitchen)
            }
            @MainActor func shown(count: Int, _ what: String) throws -> [NotificationServer.Notice] {
                var notices: [NotificationServer.Notice] = []
                waitUntil({ notices = (try? server.calls().shown) ?? []; return notices.count >= count }, what)
                notificationRepliesHandled()
                return notices
            }

            // In front: nothing said (the person sees the rows change).
            waitUntil({ window.window.isActive }, "the window in front")
            heard(groceries, ["Tea"])

            // Away (hidden): one notification a list, one for the plan.
            window.window.widget.visible = false
            var plan = SyncReport()
            plan.arrive(Arrival(kind: .planned, what: "Pancakes for 6", by: "Ana", list: nil, day: PlanDay(Date())))
            heard(partyList, ["Milk", "Eggs", "Bread", "Butter", "Flour"], kitchen: plan)
            var notices = try shown(count: 2, "the list's and the plan's notifications")
            XCTAssertEqual(notices.count, 2, "none while the window was in front: \(notices.map(\.summary))")
            XCTAssertEqual(notices[0].summary, "Ana added Milk, Eggs and 3 more to Party")
            XCTAssertEqual(notices[0].body, "")
            XCTAssertTrue(notices[0].actions.contains("default"), "a click opens the list")
            XCTAssertTrue(notices[1].summary.hasSuffix(": Pancakes for 6 (planned by Ana)"), notices[1].summary)
            XCTAssertEqual(window.features.sharing.notices.posted, ["shopper-list-\(party.raw)", "shopper-plan"])

            // Turned off: nothing; on again, the next sync's changes replace the list's notification.
            harness.preferences.set(.notifyChanges, false)
            heard(partyList, ["Cake"])
            harness.preferences.set(.notifyChanges, true)
            heard(partyList, ["Candles", "Balloons"])
            notices = try shown(count: 3, "the list's notification again")
            XCTAssertEqual(notices.map(\.summary).last, "Ana added Candles and Balloons to Party",
                           "nothing said while turned off: \(notices.map(\.summary))")
            XCTAssertEqual(notices[2].id, notices[0].id, "one notification a list: the newer replaces the older")

            // A click shows the list, in front; seen, its notification goes.
            XCTAssertNotEqual(window.model.list, party)
            try server.click(notices[2].id)
            waitUntil({ window.model.list == party && window.window.isActive }, "the list shown, in front")
            XCTAssertNotNil(window.currentListPage)
            waitUntil({ (try? server.calls().closed.contains(notices[2].id)) == true },
                      "the list's notification withdrawn")
            XCTAssertEqual(window.features.sharing.notices.posted, ["shopper-plan"])

            // The plan's click shows the week.
            try server.click(notices[1].id)
            waitUntil({ window.recipes.place.isShowingWeek && window.lists.pane.isShowingRecipes }, "the plan shown")
            waitUntil({ (try? server.calls().closed.contains(notices[1].id)) == true },
                      "the plan's notification withdrawn")
            XCTAssertEqual(window.features.sharing.notices.posted, [])
        }
    }

    /// Preferences' Sharing group: the notifications' switch, and the name in the household, which
    /// the store keeps for the sharing helper (trimmed; empty is none: the account's user).
    func testTheNameInTheHouseholdIsKeptInTheStore() throws {
        try MainActor.assumeIsolated {
            let store = try Store(path: temporaryFolder("household-name") + "/shopper.sqlite")
            let prefs = Preferences(settings: nil)
            let parent = Window()
            let window = ShopperPreferencesWindow(preferences: prefs, parent: parent, store: store)
            defer {
                window.window.destroy()
                parent.destroy()
            }
            @MainActor func control(_ r: PreferenceRow) throws -> Widget {
                try XCTUnwrap(window.rows.first { $0.row == r }?.control)
            }
            XCTAssertEqual(PreferenceRow.notifyChanges.group, .sharing)
            let notify = Switch(widget: try control(.notifyChanges))
            XCTAssertTrue(notify.active, "on unless turned off")
            notify.active = false
            XCTAssertFalse(prefs.bool(.notifyChanges))
            let name = EntryRow(wrapping: try control(.householdName))
            XCTAssertEqual(name.text, "")
            name.text = "  Ana  "
            XCTAssertEqual(try store.kitchenTables.sharingName(), "Ana")
            name.text = ""
            XCTAssertNil(try store.kitchenTables.sharingName(), "none: the account's user")
            try store.kitchenTables.setSharingName("Ben")
            let again = ShopperPreferencesWindow(preferences: prefs, parent: parent, store: store)
            defer { again.window.destroy() }
            XCTAssertEqual(EntryRow(wrapping: try XCTUnwrap(again.rows.first { $0.row == .householdName }?.control)).text,
                           "Ben")
        }
    }
}
