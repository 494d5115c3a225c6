import CGtk
import Foundation
import XCTest
@testable import ShopperApp
@testable import ShopperModel

/// What the Trips page says and where its files go, as a household found them: a price per kg is
/// not "each", two trips of one day are told apart, a new trip is not hidden behind the one open,
/// and exporting trips offers trips and starts in a folder of the user's.
final class TripWordsTests: GtkTestCase {
    func testAUnitPriceSaysWhatItIsFor() {
        MainActor.assumeIsolated {
            XCTAssertEqual(TripDetail.unitPrice("1.39", unit: "kg"), "1.39 per kg")
            XCTAssertEqual(TripDetail.unitPrice("1.15", unit: "l"), "1.15 per l")
            XCTAssertEqual(TripDetail.unitPrice("0.89", unit: "cans"), "0.89 per can")
            XCTAssertEqual(TripDetail.unitPrice("1.25", unit: nil), "1.25 each")
        }
    }

    func testADeletedTripIsNamedByItsStoreAndTime() {
        MainActor.assumeIsolated {
            let date = Date(timeIntervalSince1970: 1_795_000_000)
            let aldi = Trip(id: TripID(1), list: .first, shop: ShopID(1), shopName: "Aldi", date: date, lines: [])
            let anywhere = Trip(id: TripID(2), list: .first, shop: .any, shopName: "", date: date, lines: [])
            let time = SharingCommands.timeText(date)
            XCTAssertEqual(TripsController.deletedTrip(aldi), "Deleted the trip to Aldi of \(DateText.day(date)), \(time)")
            XCTAssertEqual(TripsController.deletedTrip(anywhere), "Deleted the trip of \(DateText.day(date)), \(time)")
        }
    }

    func testANewTripShowsTheTripsNotTheOneOpenBefore() throws {
        try MainActor.assumeIsolated {
            let folder = temporaryFolder("trip-words")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let model = try ShoppingModel(store: Store(path: folder + "/shopper.sqlite"))
            @MainActor func shop(_ name: String) throws {
                try model.items.tick(try model.items.add(ItemFields(description: name, price: 2)))
                try model.items.finishShopping()
            }
            try shop("Milk")
            let harness = try WindowHarness(model: model, size: (600, 800))
            defer { harness.close() }
            let window = harness.window
            ActionMap(window.window).activate(AppAction.showList.rawValue, AppAction.tripsPage)
            waitForFrame(window.window.widget)
            let page = try XCTUnwrap(window.pageStack.trips)
            page.open(0)
            waitForFrame(window.window.widget)
            XCTAssertTrue(page.isShowingTrip)
            ActionMap(window.window).activate(AppAction.showList.rawValue, ListKind.cart.rawValue)
            try shop("Tea")
            ActionMap(window.window).activate(AppAction.showList.rawValue, AppAction.tripsPage)
            waitForFrame(window.window.widget)
            XCTAssertFalse(page.isShowingTrip, "the trips, the new one at the top")
            XCTAssertEqual(page.trips.count, 2)
            XCTAssertEqual(window.strip.totalsText, "2 trips · 4.00 spent")
        }
    }

    func testExportingTripsOffersTripsInAFolderOfTheUsers() throws {
        MainActor.assumeIsolated {
            XCTAssertEqual(FilesController.tripFilters.map(\.name), ["Trips (CSV)"])
            let home = temporaryFolder("home")
            let documents = home + "/Documents"
            try? FileManager.default.createDirectory(atPath: documents, withIntermediateDirectories: true)
            XCTAssertEqual(FileChooser.startFolder(last: nil, documents: documents, home: home), documents)
            XCTAssertEqual(FileChooser.startFolder(last: home, documents: documents, home: home), home, "the folder last used")
            XCTAssertEqual(FileChooser.startFolder(last: home + "/gone", documents: nil, home: home), home)
        }
    }
}
