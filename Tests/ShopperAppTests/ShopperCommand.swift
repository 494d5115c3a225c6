import Foundation
import XCTest

/// The real `shopper` binary beside the tests (the debug build's), run as a person runs it from a
/// terminal: its own data folder, the C locale in English, and no session bus, so there is no
/// window to hand a change to. Missing `shopper-sync` beside it is a failure, never a skip: a
/// recipe import needs it, and `make test` builds both.
enum ShopperCommand {
    static func run(_ arguments: [String], data: String) throws -> (output: String, errors: String, status: Int32) {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("shopper")
        let binary = FileManager.default.fileExists(atPath: beside.path) ? beside
            : Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("shopper")
        guard FileManager.default.isExecutableFile(atPath: binary.path + "-sync") else {
            throw Missing(path: binary.path + "-sync")
        }
        let p = Process()
        p.executableURL = binary
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["SHOPPER_DATA_DIR"] = data
        env["LANG"] = "C.UTF-8"
        env["LC_ALL"] = "C.UTF-8"
        env["LANGUAGE"] = "en"
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent"
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self), p.terminationStatus)
    }

    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(path) is not built: run make build (make test does)" }
    }
}
