import Foundation

/// How the transport reads an address: which server it is on, and whether it may be requested.
extension HTTPTransport {
    /// https, or http to this machine only.
    static func checkSecure(_ url: URL) throws(NetworkError) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
            throw .badAddress(url.absoluteString)
        }
        switch scheme {
        case "https": return
        case "http": if Loopback.contains(host: host) { return }; throw .insecure(host: host)
        default: throw .badAddress(url.absoluteString)
        }
    }

    /// "dav.example.org" or "127.0.0.1:8443": another port is another server, and said so.
    static func hostPort(_ url: URL) -> String {
        let host = url.host ?? url.absoluteString
        return url.port.map { "\(host):\($0)" } ?? host
    }

    static func sameServer(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && port(a) == port(b)
    }

    /// The port, the scheme's own when none is written ("https://x:443/" is "https://x/").
    static func port(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }

    /// The same address over http://, where plain HTTP may be used (this machine); nil elsewhere.
    static func plainAddress(of url: URL) -> String? {
        guard let host = url.host, Loopback.contains(host: host),
              var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        parts.scheme = "http"
        parts.user = nil
        parts.password = nil
        if parts.path == "/" { parts.path = "" }
        return parts.string
    }
}
