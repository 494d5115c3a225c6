import CGtk
import Foundation
import XCTest

/// A desktop's notification server on the test's session bus: python-dbusmock's
/// (Tests/desktop/notification_daemon.py). It records every call the app makes, and clicks a
/// notification as a person would (ActionInvoked "default"). Stops with this object.
final class NotificationServer {
    /// One Notify call: what was shown.
    struct Notice {
        /// The server's id of it (what a click names).
        let id: UInt32
        let summary: String
        let body: String
        let actions: [String]
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    init() throws {
        let script = URL(fileURLWithPath: repositoryData).deletingLastPathComponent()
            .appendingPathComponent("Tests/desktop/notification_daemon.py")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        guard try answer()["ready"] as? Bool == true else { throw Failure(what: "the server did not start") }
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    struct Failure: Error, CustomStringConvertible { let what: String; var description: String { what } }

    /// Every Notify so far, in order, with the id the server gave each (its own count from 1, or
    /// the id a notification replaced); and the ids closed (CloseNotification).
    func calls() throws -> (shown: [Notice], closed: [UInt32]) {
        try send("calls")
        guard let calls = try answer()["calls"] as? [[String: Any]] else { throw Failure(what: "no calls") }
        var shown: [Notice] = [], closed: [UInt32] = [], next: UInt32 = 1
        for call in calls {
            let args = call["args"] as? [Any] ?? []
            switch call["method"] as? String {
            case "Notify" where args.count >= 6:
                var id = UInt32(args[1] as? Int ?? 0)
                if id == 0 { id = next; next += 1 }
                shown.append(Notice(id: id, summary: args[3] as? String ?? "", body: args[4] as? String ?? "",
                                    actions: args[5] as? [String] ?? []))
            case "CloseNotification": closed.append(UInt32(args.first as? Int ?? 0))
            default: break
            }
        }
        return (shown, closed)
    }

    /// A click on the notification `id`: its default action.
    func click(_ id: UInt32) throws {
        try send("click \(id)")
        guard try answer()["ok"] as? Bool == true else { throw Failure(what: "the click was refused") }
    }

    private func send(_ line: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    private func answer() throws -> [String: Any] {
        var bytes: [UInt8] = []
        while true {
            let d = output.fileHandleForReading.readData(ofLength: 1)
            if d.isEmpty || d.first == UInt8(ascii: "\n") { break }
            bytes.append(d.first!)
        }
        guard let json = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw Failure(what: "not JSON: \(String(decoding: bytes, as: UTF8.self))")
        }
        return json
    }
}

/// Every answer the notification server sent the app until now has been handled: a call of the
/// test's own on the app's bus connection (GApplication's is the process's shared one), which the
/// server answers after them, then what is ready run. (A notification sent again before the
/// answer to the last came would not know the server's id of it, and would not replace it.)
@MainActor
func notificationRepliesHandled() {
    guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return }
    let reply = g_dbus_connection_call_sync(bus, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                            "org.freedesktop.Notifications", "GetServerInformation", nil, nil,
                                            G_DBUS_CALL_FLAGS_NONE, -1, nil, nil)
    if let reply { g_variant_unref(reply) }
    g_object_unref(UnsafeMutableRawPointer(bus))
    runPending()
}
