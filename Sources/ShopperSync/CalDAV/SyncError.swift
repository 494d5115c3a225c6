import Foundation
import ShopperModel

/// Why talking to the server failed, each case with what the user can do about it.
package enum SyncError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    package var errorDescription: String? { description }
    /// The network failed, or refused an address (`HTTPTransport`): plain HTTP to anywhere but this
    /// machine would send the password in the clear, and https:// to a server that speaks plain HTTP
    /// (an address typed without a scheme means https://) is said with the http:// address to use
    /// where plain HTTP is allowed (this machine).
    case network(NetworkError)
    case wrongPassword
    case forbidden(String)
    case noPassword
    case keyring(String)
    case notCalDAV(String)
    case collectionGone
    /// An address the server gave that is not in the task list: never requested.
    case outside(String)
    /// The task list chosen is the one another list here is shared with (named).
    case collectionInUse(list: String)
    case malformed(String)
    case server(status: Int, reason: String)
    /// Every try of these changes was refused (412 each time): they wait for the next sync.
    case changesRefused(count: Int)
    case store(String)
    /// Another program (the window) wrote one of the items meanwhile: the merge is built again.
    case storeConflict

    package var description: String {
        switch self {
        case .network(let e): e.sentence(.sync)
        case .wrongPassword:
            L("the server refused the user name or password; share the list again with the right ones")
        case .forbidden(let what):
            L("the server does not allow this account to change {what}", ["what": what])
        case .noPassword:
            L("the keyring has no password for this account; share the list again")
        case .keyring:
            // libsecret's own words are D-Bus's ("The name :1.0 was not provided…"), in English.
            L(
                "the password could not be read from the keyring (is it running and unlocked?); Shopper tries again at the next sync"
            )
        case .notCalDAV(let what):
            L("this server does not offer CalDAV task lists ({what})", ["what": what])
        case .outside(let href):
            L("the server named an address outside the task list ({address}); it was left alone", ["address": href])
        case .collectionInUse(let list):
            L(
                "this task list is already shared with the list “{list}” here; choose another, or make a new one",
                ["list": list])
        case .collectionGone:
            L("the list was deleted on the server; stop sharing it, or share it again")
        case .malformed(let what):
            L("the server's answer could not be read ({what})", ["what": what])
        case .server(let status, let reason):
            L(
                "the server answered {status} {reason}; the changes wait for the next sync",
                ["status": "\(status)", "reason": reason])
        case .changesRefused(let count):
            N("the server refused {n} change each time it was sent (412); it waits for the next sync",
              "the server refused {n} changes each time they were sent (412); they wait for the next sync", count)
        case .store(let reason):
            L("the list could not be saved ({reason})", ["reason": reason])
        case .storeConflict:
            L("another program kept changing the list's items; the sync tries again next time")
        }
    }

    /// The problem in a few words, for the status line under the totals ("Offline: …; 3 changes
    /// waiting"): a server that answered 503 is not "not answering".
    var statusLine: String {
        switch self {
        case .network(.unreachable(let host, _)): L("{host} is not answering", ["host": host])
        case .network(.tooSlow(let host)): L("the server at {host} was too slow", ["host": host])
        case .server(let status, let reason):
            L("the server answered {status} {reason}", ["status": "\(status)", "reason": reason])
        default: description
        }
    }

    /// Errors the next sync may not meet: the changes wait, the status says "offline".
    var isOffline: Bool {
        switch self {
        case .network(.unreachable), .network(.tooSlow): true
        case .server(let status, _): status >= 500
        default: false
        }
    }
}
