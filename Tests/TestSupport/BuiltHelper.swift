import Foundation
import XCTest

/// The debug tree's `shopper-sync` (or the executable at `path`): missing is a failure, never a
/// skip, since a test that needs the helper has not run without it. (`make test` runs the harness's
/// `make run` case, which takes the helper away for a moment, after every other test.)
package func builtHelper(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
    guard FileManager.default.isExecutableFile(atPath: path) else {
        XCTFail("no \(path): build shopper-sync first", file: file, line: line)
        throw CocoaError(.fileNoSuchFile)
    }
    return path
}
