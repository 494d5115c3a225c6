import Foundation
import XCTest

/// The debug tree's `shopper-sync`, waited for: the harness's `make run` case (which runs beside
/// XCTest in `make test`) takes it away for the time `make build` needs to make it again. Missing
/// after that is a failure, never a skip: a test that needs the helper has not run without it.
func builtHelper(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
    let until = Date().addingTimeInterval(300)
    while !FileManager.default.isExecutableFile(atPath: path) {
        guard Date() < until else {
            XCTFail("no \(path): build shopper-sync first", file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        Thread.sleep(forTimeInterval: 0.2)
    }
    return path
}
