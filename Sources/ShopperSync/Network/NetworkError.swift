import Foundation
import ShopperModel

/// Why a request over the network (`HTTPTransport`) failed, for sync and recipe pages alike; each
/// case carries what the person is told: the host or address as it was reached, the reason the
/// system gave, the cap that was passed. Each use says it in its own words (`sentence(_:)`): a
/// sync's changes wait for the next one, a recipe page is tried again by hand.
package enum NetworkError: Error, Equatable, Sendable {
    /// Not an address the use can request (a scheme other than https or http, no host, a user name).
    case badAddress(String)
    /// Plain http:// to anywhere but this machine.
    case insecure(host: String)
    case unreachable(host: String, reason: String)
    case certificate(host: String, reason: String)
    /// The server answered, but not in TLS; `plain`: the http:// address to use instead, where
    /// plain HTTP is allowed (this machine).
    case notHTTPS(host: String, plain: String?)
    /// The deadline passed, or a request made no progress for too long (`host`: with its port).
    case tooSlow(host: String)
    /// The answer to `method` at `url` went past `cap` bytes.
    case tooLarge(method: String, url: URL, cap: Int)
    /// A redirect (or an address a server named) to another server than the one named: the
    /// credentials go nowhere else (`to`: its host and port).
    case redirectedElsewhere(to: String)
    /// A redirect to an address that is neither https:// nor this machine.
    case redirectedInsecurely(to: String)
    /// A redirect, or a connection, further in than where the fetch began: from the Internet to
    /// this computer or the local network, or from the local network to this computer.
    case redirectedInward(to: String)
    case tooManyRedirects(host: String)
    /// A page's request answered with another status than 2xx.
    case status(Int, reason: String, host: String)
    /// A header value libsoup would drop (a CR or LF, from a server): never sent without it.
    case headerRefused(method: String, path: String)
}

/// Who asked, which decides the words a `NetworkError` is said in.
enum NetworkUse: Sendable {
    case sync
    case recipePage
}

extension NetworkError {
    func sentence(_ use: NetworkUse) -> String {
        switch use {
        case .sync: syncSentence
        case .recipePage: pageSentence ?? syncSentence
        }
    }

    private var syncSentence: String {
        switch self {
        case .badAddress(let a):
            L("“{address}” is not a server address; give one such as https://example.org/", ["address": a])
        case .insecure(let host):
            L("{host} must be reached over https:// (plain http:// would send your password unprotected)",
              ["host": host])
        case .unreachable(let host, let reason):
            L("cannot reach {host} ({reason}); the changes wait until it can be reached",
              ["host": host, "reason": reason])
        case .certificate(let host, let reason):
            L("the certificate of {host} was refused ({reason}); check the address, or ask the server's owner",
              ["host": host, "reason": reason])
        case .notHTTPS(let host, let plain?):
            L("{host} does not speak HTTPS; on this computer use {address}", ["host": host, "address": plain])
        case .notHTTPS(let host, nil):
            L(
                "{host} does not speak HTTPS at this address; check it, or ask the server's owner (plain http:// would send your password unprotected)",
              ["host": host])
        case .redirectedElsewhere(let to), .redirectedInsecurely(let to), .redirectedInward(let to):
            L("the server sent Shopper on to another address ({address}); your password was not sent there",
              ["address": to])
        case .tooSlow(let host):
            L("the server at {host} was too slow; what was not done waits for the next sync", ["host": host])
        case .tooLarge(let method, let url, _):
            L("the server's answer was too large ({what})", ["what": "\(method) \(url.path)"])
        case .tooManyRedirects, .headerRefused:
            L("the server's answer could not be read ({what})", ["what": unreadable ?? ""])
        case .status(let status, let reason, _):
            L("the server answered {status} {reason}; the changes wait for the next sync",
              ["status": "\(status)", "reason": reason])
        }
    }

    /// What could not be read of a sync's answer: a request the sync may split and try again in
    /// parts (`CalDAVCollection.fetch`); nil for any other failure.
    var unreadable: String? {
        switch self {
        case .tooLarge(let method, let url, _): "\(method) \(url.path)"
        case .tooManyRedirects: "too many redirects"
        case .headerRefused(let method, let path):
            L("a header value for {method} {path}", ["method": method, "path": path])
        default: nil
        }
    }

    /// A recipe page's words; nil for what only a sync meets (its credentials, its headers).
    private var pageSentence: String? {
        switch self {
        case .badAddress(let a):
            L("“{address}” is not a web address; give one such as https://example.org/recipe", ["address": a])
        case .insecure(let host):
            L("{host} must be reached over https:// (plain http:// only on this computer)", ["host": host])
        case .redirectedInsecurely(let to):
            L("the page sent Shopper on to {address}, which is not https://; it was not followed", ["address": to])
        case .tooManyRedirects(let host):
            L("{host} sent Shopper from address to address too many times", ["host": host])
        case .unreachable(let host, let reason):
            L("cannot reach {host} ({reason})", ["host": host, "reason": reason])
        case .certificate(let host, let reason):
            L("the certificate of {host} was refused ({reason})", ["host": host, "reason": reason])
        case .notHTTPS(let host, _):
            L("{host} does not speak HTTPS at this address", ["host": host])
        case .tooSlow(let host):
            L("{host} was too slow to send the page; try again later", ["host": host])
        case .tooLarge(_, let url, let cap):
            L("{source} is larger than {size} MB, more than any recipe needs; it was not read",
              ["source": url.absoluteString, "size": "\(cap >> 20)"])
        case .status(let status, let reason, let host):
            L("{host} answered {status} {reason}", ["host": host, "status": "\(status)", "reason": reason])
        case .redirectedInward(let to):
            L("the page sent Shopper on to {address}, on this computer or its local network; it was not followed",
              ["address": to])
        case .redirectedElsewhere, .headerRefused: nil
        }
    }
}
