import Foundation
import XCTest
import ShopperModel

/// What the three test modules share (a target of its own, not a copy in each).
///
/// A real SQLite store in a fresh folder under the system temp dir, for a test that needs a model:
/// the model has no store-less mode, and tests use its real parts rather than mocks. The folder
/// goes when the test that made it ends (`TemporaryFolders`), so a static helper can make one too.
package func temporaryStore() throws -> Store {
    try Store(path: TemporaryFolders.shared.make() + "/" + Store.fileName)
}

/// The folders `temporaryStore` made during the running test, removed when it finishes.
package final class TemporaryFolders: NSObject, XCTestObservation, @unchecked Sendable {
    package static let shared: TemporaryFolders = {
        let folders = TemporaryFolders()
        XCTestObservationCenter.shared.addTestObserver(folders)
        return folders
    }()

    private let lock = NSLock()
    private var made: [String] = []

    package func make() -> String {
        let dir = NSTemporaryDirectory() + "shopper-store-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        lock.withLock { made.append(dir) }
        return dir
    }

    package func testCaseDidFinish(_ testCase: XCTestCase) {
        for dir in lock.withLock({ () -> [String] in defer { made = [] }; return made }) {
            try? FileManager.default.removeItem(atPath: dir)
        }
    }
}

/// `model` held while `body` uses its owners: an owner reaches the rest of its model through an
/// unowned reference, so a model made for one call (`try kept(ShoppingModel(store: s)) { try
/// $0.items.add(…) }`) must outlive that call.
package func kept<T>(_ model: ShoppingModel, _ body: (ShoppingModel) throws -> T) rethrows -> T {
    try withExtendedLifetime(model) { try body(model) }
}
