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

/// Starts a child writing a stream of edits to `path`, kills it with SIGKILL once it reported 150
/// commits (mid-transaction, as likely as not), and returns the last commit it reported.
func killedMidStream(_ path: String) throws -> Int {
    let child = Process()
    child.executableURL = storeChildExecutable()
    child.arguments = [path]
    let pipe = Pipe()
    child.standardOutput = pipe
    try child.run()
    var acknowledged = -1
    var buffer = ""
    let reader = pipe.fileHandleForReading
    while acknowledged < 150 {
        let data = reader.availableData
        guard !data.isEmpty else { break }
        buffer += String(decoding: data, as: UTF8.self)
        let lines = buffer.split(separator: "\n", omittingEmptySubsequences: false)
        buffer = String(lines.last!)
        for l in lines.dropLast() { if let n = Int(l.dropFirst("committed ".count)) { acknowledged = n } }
    }
    kill(child.processIdentifier, SIGKILL)
    child.waitUntilExit()
    XCTAssertEqual(child.terminationReason, .uncaughtSignal)
    return acknowledged
}
