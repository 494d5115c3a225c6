import Foundation
@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel
import XCTest

/// One desktop: its own data folder and store, sharing its first list.
final class Device {
    let folder: String
    let store: Store
    var lastReport = SyncReport()

    init() throws {
        folder = NSTemporaryDirectory() + "shopper-device-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try Store(path: folder + "/" + Store.fileName)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// A model of the list as it is in the store now (a window's, after it followed the sync).
    /// Every model made is kept while the device is: a model's owners reach it through an unowned
    /// reference, so `device.model.items.tick(id)` needs the model to outlive the call.
    var model: ShoppingModel {
        get throws {
            let m = try ShoppingModel(store: store)
            made.append(m)
            return m
        }
    }
    private var made: [ShoppingModel] = []

    var items: [Item] { get throws { try model.items.allItems() } }

    func item(_ description: String) throws -> Item? { try items.first { $0.description == description } }

    @discardableResult
    func add(_ lines: String...) throws -> [ItemID] {
        let m = try model
        return try lines.map { line in
            guard case .success(let typed) = PlainTextFormat.read(line) else { throw NSError(domain: "Device", code: 1) }
            return try m.items.add(typed).id
        }
    }

    func edit(_ description: String, at date: Date = Date(), _ change: (inout ItemFields) -> Void) throws {
        let m = try model
        guard let item = try item(description) else { throw NSError(domain: "Device", code: 2, userInfo: [NSLocalizedDescriptionKey: "no \(description)"]) }
        var f = item.fields
        change(&f)
        try m.items.update(item.id, f, now: date)
    }

    func share(_ server: CalDAVServers.Server, collection: ShareTarget) throws {
        let list = try store.lists()[0]
        lastReport = try Sharing.share(store: store, list: list, server: server.url, user: server.user, password: server.password, target: collection)
    }

    @discardableResult
    func sync() throws -> SyncReport {
        lastReport = try SyncEngine.sync(store: store, list: .first)
        return lastReport
    }

    var binding: SyncBinding? { get throws { try store.syncTables.syncBinding(for: .first) } }
}
