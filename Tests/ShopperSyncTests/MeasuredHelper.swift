import Foundation
import Glibc
import XCTest
import ShopperTestSupport
@testable import ShopperSyncModel

/// The real `shopper-sync` run on one recipe source as the window runs it, measured from outside:
/// its wall time and its peak RSS as the kernel counted them (`wait4`'s rusage, taken by
/// Tests/recipes/measure_helper.py, which starts it small), what it answered, and how it ended.
/// A run that outlives `killAfter` is killed, so a test of a bound ends even when the bound does
/// not hold. SHOPPER_TEST_HELPER names another binary (an older build, to show a test fails there).
struct MeasuredHelper {
    let replies: [HelperReply]
    /// Lines that were no reply.
    let garbage: [String]
    let seconds: Double
    let peakMegabytes: Double
    /// Its exit status, or 128 + the signal that ended it.
    let status: Int32
    let killed: Bool

    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var binary: String {
        ProcessInfo.processInfo.environment["SHOPPER_TEST_HELPER"] ?? repository.appendingPathComponent(".build/debug/shopper-sync").path
    }

    /// The one error the helper said, or its recipes' titles.
    var said: String {
        replies.compactMap { $0.error ?? $0.recipes.map { "recipes: " + $0.map(\.title).joined(separator: ", ") } }.joined(separator: " | ")
    }

    private struct Measure: Decodable {
        let seconds: Double
        let peak_mb: Double
        let status: Int32
        let killed: Bool
    }

    /// Runs it; `started` is told its process id once it runs (to look at it, or signal it).
    static func run(_ source: String, environment extra: [String: String] = [:], killAfter: Double = 40,
                    started: ((pid_t) -> Void)? = nil) throws -> MeasuredHelper {
        try run(arguments: ["recipes", source], environment: extra, killAfter: killAfter, started: started)
    }

    /// Runs it with `arguments` (a `HelperCommand`'s), `input` on its standard input (a password).
    static func run(arguments: [String], input: String? = nil, environment extra: [String: String] = [:],
                    killAfter: Double = 40, started: ((pid_t) -> Void)? = nil) throws -> MeasuredHelper {
        _ = try builtHelper(binary)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = [repository.appendingPathComponent("Tests/recipes/measure_helper.py").path, "\(killAfter)", binary] + arguments
        if let input {
            let pipe = Pipe()
            p.standardInput = pipe
            pipe.fileHandleForWriting.write(Data((input + "\n").utf8))
            try pipe.fileHandleForWriting.close()
        }
        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        // The helper's parent is the measuring process: it checks who started it.
        environment[HelperProcess.parentVariable] = nil
        p.environment = environment
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let reports = err.fileHandleForReading
        var pidLine = Data()
        while !pidLine.contains(UInt8(ascii: "\n")) {
            let d = reports.readData(ofLength: 1)
            if d.isEmpty { break }
            pidLine += d
        }
        if let pid = Int32(String(decoding: pidLine, as: UTF8.self).dropFirst(4).trimmingCharacters(in: .whitespacesAndNewlines)) { started?(pid) }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let last = reports.readDataToEndOfFile()
        p.waitUntilExit()
        let measure = try JSONDecoder().decode(Measure.self, from: last.split(separator: UInt8(ascii: "\n")).last ?? Data())
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        func reply(_ line: String) -> HelperReply? { try? JSONDecoder().decode(HelperReply.self, from: Data(line.utf8)) }
        return MeasuredHelper(replies: lines.compactMap(reply), garbage: lines.filter { reply($0) == nil }, seconds: measure.seconds,
                              peakMegabytes: measure.peak_mb, status: measure.status, killed: measure.killed)
    }
}
