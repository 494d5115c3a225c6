import Foundation
import GRDB
import XCTest
@testable import ShopperModel

/// A copy of a store file an earlier release wrote (`Tests/Fixtures/NAME`), in the test's own
/// folder: a migration test changes its copy, never the fixture.
func fixtureCopy(_ name: String, for test: XCTestCase) throws -> String {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/" + name)
    let path = temporaryFolder(test) + "/" + Store.fileName
    try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
    return path
}

/// What a store file holds, read with plain SQL and read-only: before anything migrates it, and
/// after, without the model's own reading in between.
func rows(_ path: String, _ sql: String) throws -> [String] {
    try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }()).read { db in
        try Row.fetchAll(db, sql: sql).map { $0.description }
    }
}
