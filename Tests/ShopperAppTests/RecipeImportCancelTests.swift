import CGtk
import Foundation
import Glibc
import XCTest
import ShopperTestSupport
@testable import ShopperApp
@testable import ShopperModel
@testable import ShopperSyncModel

/// The window's import runs in the real helper, under a dialog with Cancel: Cancel ends the
/// helper at once (its process gone, nothing said after), and a second import takes the first's
/// place: the first helper is gone before the second starts, never beside it.
final class RecipeImportCancelTests: GtkTestCase {
    /// The `shopper-sync` processes this one started and has not reaped.
    private static func helpers() -> [pid_t] {
        let me = getpid()
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let name = stat[stat.index(after: stat.firstIndex(of: "(")!)..<close]
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            return name == "shopper-sync" && fields.count > 1 && Int32(fields[1]) == me && fields[0] != "Z"
        }
    }

    /// Tests/recipes/recipe_server.py, whose /slow sends a byte every 2 s for two minutes.
    private static func slowServer() throws -> (Process, String) {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = [repository.appendingPathComponent("Tests/recipes/recipe_server.py").path,
                            repository.appendingPathComponent("Tests/Fixtures/recipes").path]
        let out = Pipe()
        server.standardOutput = out
        server.standardInput = Pipe()
        try server.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let d = out.fileHandleForReading.readData(ofLength: 1)
            if d.isEmpty { break }
            line += d
        }
        let json = try JSONSerialization.jsonObject(with: line) as? [String: Any]
        return (server, (json?["url"] as? String ?? "") + "slow")
    }

    func testCancelEndsTheHelperAtOnceAndASecondImportTakesTheFirstsPlace() throws {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("shopper-sync").path
        _ = try builtHelper(binary)
        let (server, slow) = try Self.slowServer()
        defer { server.terminate() }
        try MainActor.assumeIsolated {
            let store = try Store(path: temporaryFolder("import-cancel") + "/" + Store.fileName)
            let harness = try WindowHarness(model: try ShoppingModel(store: store), size: (1000, 700))
            defer { harness.close() }
            let window = harness.window
            window.recipes.readRecipe(from: slow)
            iterate(until: { Self.helpers().count == 1 }, "the first helper running")
            let first = try XCTUnwrap(window.recipes.importProgress)
            let firstHelper = Self.helpers()

            window.recipes.readRecipe(from: slow + "?again")
            let second = try XCTUnwrap(window.recipes.importProgress)
            XCTAssertFalse(first === second)
            XCTAssertTrue(first.over)
            var most = 0
            iterate(until: { let now = Self.helpers(); most = max(most, now.count); return now.count == 1 && now != firstHelper },
                    "the second helper, in the first's place")
            XCTAssertEqual(most, 1, "never two helpers at once")

            // At once: SIGKILL, which the helper cannot catch or outlast, sent to the helper running
            // (its page takes two minutes), not a wait for it to end (a clock's bound failed under load).
            let running = Self.helpers()
            second.pressCancel()
            XCTAssertEqual([second.handle.killed], running, "Cancel killed the helper that was running")
            second.handle.waitUntilEnded()
            XCTAssertEqual(Self.helpers(), [])
            runTimeoutsAdded(upTo: 300, "the timers due in 300 ms")
            XCTAssertNil(window.recipes.importProgress)
            XCTAssertNil(window.recipes.pasteDialog, "nothing opens after a Cancel")
        }
    }

    /// A long address wraps inside the dialog at phone width (360 px), however it is written.
    func testTheReadingDialogFitsAPhoneWithALongAddress() throws {
        try MainActor.assumeIsolated {
            let store = try Store(path: temporaryFolder("import-long") + "/" + Store.fileName)
            let harness = try WindowHarness(model: try ShoppingModel(store: store), size: (360, 640))
            defer { harness.close() }
            let address = "https://www.example-recipes.org/rezepte/1234567890123456/Spaghetti-Carbonara-nach-Omas-Art-mit-Guanciale-und-Pecorino.html"
            let progress = RecipeImportProgress(parent: harness.window.window, source: address) {}
            progress.present()
            runTimeoutsAdded(upTo: 300, "the timers due in 300 ms")
            XCTAssertGreaterThan(progress.width, 0)
            XCTAssertLessThanOrEqual(progress.width, 360)
            progress.finish()
        }
    }
}
