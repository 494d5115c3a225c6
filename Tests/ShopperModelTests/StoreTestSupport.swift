import Foundation
import XCTest

/// The `store-crash-child` helper built beside the test bundle: a writer in a process of its own.
func storeChildExecutable() -> URL {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("store-crash-child")
    if FileManager.default.fileExists(atPath: beside.path) { return beside }
    // `swift test` puts the test bundle one folder deeper on some layouts.
    return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("store-crash-child")
}

/// Runs the child with `arguments`, its output read to the end on a thread of its own (a full pipe
/// would block it).
final class ChildProcess: @unchecked Sendable {
    let process = Process()
    private let pipe = Pipe()
    private let errors = Pipe()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ arguments: [String]) throws {
        process.executableURL = storeChildExecutable()
        process.arguments = arguments
        process.standardOutput = pipe
        process.standardError = errors
        try process.run()
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Waits for the end; its standard output and error.
    func finish() -> (output: String, errors: String, status: Int32) {
        process.waitUntilExit()
        done.wait()
        let e = errors.fileHandleForReading.readDataToEndOfFile()
        return (String(decoding: data, as: UTF8.self), String(decoding: e, as: UTF8.self), process.terminationStatus)
    }
}
