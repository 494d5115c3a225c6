import Foundation
import XCTest
@testable import ShopperModel

/// The search texts a worker thread reads (`SearchTextReader`) must be the texts the model makes
/// itself, whatever changed between the worker's read and the model taking it.
final class SearchTextSliceTests: XCTestCase {
    private func store(_ items: Int) throws -> (ShoppingModel, String) {
        let path = temporaryFolder(self) + "/shopper.sqlite"
        let model = try ShoppingModel(store: Store(path: path))
        let notes = ["", "Bio, from the market", "Zwei Stück"]
        try model.items.add(batch: (0..<items).map { i in
            ImportedItem(fields: fields(i % 7 == 0 ? "Crème fraîche \(i)" : "Item \(i)", cost: 1,
                                        aisle: i % 3 == 0 ? nil : "Aisle \(i % 5)", notes: notes[i % 3]),
                         needed: true, inCart: false)
        })
        return (try ShoppingModel(store: Store(path: path)), path)
    }

    /// Reads every slice on a thread of its own, as the app does, and returns them in order.
    private func readOnAThread(_ reader: SearchTextReader, sliceSize: Int) throws -> [SearchTextSlice] {
        final class Box: @unchecked Sendable { var slices: [SearchTextSlice] = []; var error: StoreError? }
        let box = Box(), done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do throws(StoreError) { try reader.run(sliceSize: sliceSize) { box.slices.append($0) } } catch { box.error = error }
            done.signal()
        }
        done.wait()
        if let error = box.error { throw error }
        return box.slices
    }

    func testTheWorkerMakesTheTextsTheModelWould() throws {
        let (model, path) = try store(2_500)
        let reader = try XCTUnwrap(model.searches.searchTextReader())
        XCTAssertNil(model.searches.searchTextReader(), "one reader at a time")
        let slices = try readOnAThread(reader, sliceSize: 1_000)
        XCTAssertEqual(slices.map(\.items.count), [1_000, 1_000, 500])
        for (i, slice) in slices.enumerated() { XCTAssertEqual(model.searches.take(slice), i < 2, "slice \(i)") }
        XCTAssertTrue(model.searches.texts.complete)
        XCTAssertNil(model.searches.searchTextReader(), "nothing left to read")

        let itself = try ShoppingModel(store: Store(path: path))
        itself.searches.prepareAllSearchTexts()
        for id in (1...2_500).map({ ItemID(Int64($0)) }) {
            XCTAssertEqual(model.searches.searchText(of: id), itself.searches.searchText(of: id), "item \(id.raw)")
        }
        XCTAssertEqual(model.searches.searchText(of: ItemID(8)), "creme fraiche 7\naisle 2\nbio, from the market")
    }

    func testAnItemChangedAfterTheWorkerReadItHasItsNewText() throws {
        let (model, _) = try store(300)
        let slices = try readOnAThread(try XCTUnwrap(model.searches.searchTextReader()), sliceSize: 100)
        try model.items.update(ItemID(150), fields("Oat milk", aisle: "Dairy"))
        try model.items.delete([ItemID(250)])
        for slice in slices { model.searches.take(slice) }
        XCTAssertEqual(model.searches.searchText(of: ItemID(150)), "oat milk\ndairy\n")
        XCTAssertFalse(model.searches.texts.has(ItemID(250)), "a deleted item keeps no text")
        let search = ListProjection(model: model, kind: .all, query: SearchQuery("oat"))
        XCTAssertEqual((0..<search.count).compactMap(search.itemID), [ItemID(150)])
        let gone = ListProjection(model: model, kind: .all, query: SearchQuery("item 249"))
        XCTAssertEqual((0..<gone.count).compactMap(gone.itemID), [])
    }

    func testAnItemAnotherProcessAddedGetsItsTextWithItsNews() throws {
        let (model, path) = try store(50)
        let other = try ShoppingModel(store: Store(path: path))
        let added = try other.items.add(fields("Saffron"))
        let slices = try readOnAThread(try XCTUnwrap(model.searches.searchTextReader()), sliceSize: 40)
        XCTAssertTrue(slices.contains { $0.items.contains { $0.id == added } }, "the worker's read sees it")
        for slice in slices { model.searches.take(slice) }
        XCTAssertFalse(model.searches.texts.has(added), "not in memory yet: left for its news")
        XCTAssertTrue(try model.core.refreshIfChangedElsewhere())
        let search = ListProjection(model: model, kind: .all, query: SearchQuery("saffron"))
        XCTAssertEqual((0..<search.count).compactMap(search.itemID), [added])
    }

    func testASearchTypedBeforeTheWorkerFinishedStopsIt() throws {
        let (model, _) = try store(1_000)
        let reader = try XCTUnwrap(model.searches.searchTextReader())
        let first = try reader.slice(after: reader.after, limit: 300)
        XCTAssertTrue(model.searches.take(first))
        // The search needs every text now, and makes the rest itself.
        let search = ListProjection(model: model, kind: .all, query: SearchQuery("item 999"))
        XCTAssertEqual((0..<search.count).compactMap(search.itemID), [ItemID(1_000)])
        XCTAssertTrue(model.searches.texts.complete)
        let second = try reader.slice(after: first.last!, limit: 300)
        XCTAssertFalse(model.searches.take(second), "the worker is told to stop")
        var more = 0
        try reader.run(sliceSize: 300) { _ in more += 1 }
        XCTAssertEqual(more, 0, "a stopped reader reads nothing")
        XCTAssertEqual(model.searches.searchText(of: ItemID(401)), "item 400\naisle 0\nbio, from the market")
    }

    func testAModelLetGoStopsItsWorker() throws {
        let (model, _) = try store(1_000)
        let reader = try XCTUnwrap(model.searches.searchTextReader())
        let first = try reader.slice(after: reader.after, limit: 300)
        XCTAssertTrue(model.searches.take(first))
        // Another list shown: the worker stops after the slice it holds, which is not taken.
        model.searches.stopSearchTexts()
        XCTAssertFalse(model.searches.take(try reader.slice(after: first.last!, limit: 300)), "the worker is told to stop")
        var more = 0
        try reader.run(sliceSize: 300) { _ in more += 1 }
        XCTAssertEqual(more, 0, "a stopped reader reads nothing")
        XCTAssertFalse(model.searches.texts.complete)
        // Should the model still be asked (a search on it), it makes the rest itself.
        let search = ListProjection(model: model, kind: .all, query: SearchQuery("item 999"))
        XCTAssertEqual((0..<search.count).compactMap(search.itemID), [ItemID(1_000)])
    }

    func testAFailedReadLeavesTheTextsToTheNextSearch() throws {
        let (model, _) = try store(100)
        XCTAssertNotNil(model.searches.searchTextReader())
        model.searches.searchTextReaderFailed()
        XCTAssertFalse(model.searches.texts.complete)
        let search = ListProjection(model: model, kind: .all, query: SearchQuery("item 43"))
        XCTAssertEqual((0..<search.count).compactMap(search.itemID), [ItemID(44)])
        XCTAssertNil(model.searches.searchTextReader(), "all made by the search")
    }
}
