import Foundation
@testable import ShopperModel
@testable import ShopperSync
@testable import ShopperSyncModel
import XCTest

/// Tests/sync/hostile_kitchen.py in one mode, for one test: the groceries, "Meals" and "Recipes"
/// on a server that answers badly on purpose, and the requests it saw. It stops when this goes
/// (its standard input closes).
final class HostileKitchen {
    let url: String
    let user: String
    let password: String
    /// The other host (127.0.0.2), which a request must never reach.
    let other: String
    let meals: String
    let recipes: String
    private let log: String
    private let server: ScriptServer

    init(_ mode: String) throws {
        server = try ScriptServer("Tests/sync/hostile_kitchen.py", [mode])
        (url, user, password) = (try server.value("url"), try server.value("user"), try server.value("password"))
        (other, log) = (try server.value("other"), try server.value("log"))
        (meals, recipes) = (try server.value("meals"), try server.value("recipes"))
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: (log as NSString).deletingLastPathComponent)
    }

    struct Request {
        let method: String
        let host: String
        let path: String
        let ifMatch: String?
    }

    /// Every request the servers got, in order.
    func requests() throws -> [Request] {
        try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return Request(method: o["method"] as? String ?? "", host: o["host"] as? String ?? "",
                           path: o["path"] as? String ?? "", ifMatch: o["if_match"] as? String)
        }
    }

    /// Requests that went anywhere but discovery, the two kitchen collections and their entries on
    /// this server (the other host, a parent collection, the server's root with a PUT…).
    func strayRequests() throws -> [String] {
        let main = try XCTUnwrap(URL(string: url))
        let host = "\(main.host ?? ""):\(main.port ?? 0)"
        let discovery: Set = ["/", "/.well-known/caldav", "/alice/", "/alice/calendars/"]
        let kitchen = ["/alice/calendars/meals/", "/alice/calendars/recipes/"]
        return try requests().filter { r in
            guard r.host == host else { return true }
            if discovery.contains(r.path) { return r.method != "PROPFIND" }
            return !kitchen.contains {
                r.path == $0 || (r.path.hasPrefix($0) && !r.path.dropFirst($0.count).contains("/"))
            }
        }.map { "\($0.method) \($0.host)\($0.path)" }
    }
}

/// One desktop sharing its kitchen with a hostile server, as `shopper share --kitchen` does.
struct KitchenOnHostile {
    let server: HostileKitchen
    let device: Device
    let outcome: Result<SyncReport, Error>

    init(_ mode: String) throws {
        server = try HostileKitchen(mode)
        device = try Device()
        let (store, s) = (device.store, server)
        outcome = Result { try KitchenSharing.share(store: store, server: s.url, user: s.user, password: s.password) }
    }

    var report: SyncReport { get throws { try outcome.get() } }
    var error: SyncError? { if case .failure(let e) = outcome { e as? SyncError } else { nil } }

    var recipes: [String] { get throws { try device.store.recipeTables.recipes().map(\.title).sorted() } }
    var mealDays: [String] {
        get throws { try device.store.recipeTables.meals().map(\.day.description).sorted() }
    }
    var notes: [PlanNote] { get throws { try device.store.kitchenTables.planNotes() } }

    /// The skipped entries' names with why, as the status names them.
    var skipped: [String] {
        get throws { try report.skipped.map { "\($0.name) (\($0.why))" } }
    }

    /// What the meal at `uid`'s address reads as, from the text the sync recorded.
    func recordedMeal(_ uid: String) throws -> SharedMeal {
        let record = try XCTUnwrap(try device.store.kitchenTables.records(.meal).first { $0.uid == uid }, uid)
        return try EventMapping.meal(from: try XCTUnwrap(record.base))
    }
}
