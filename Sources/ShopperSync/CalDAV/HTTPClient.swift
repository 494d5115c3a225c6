import CSync
import Foundation
import ShopperModel

/// An answer from the server, read whole (up to a cap).
struct HTTPResponse {
    let status: Int
    let reason: String
    /// By lower-case name.
    let headers: [String: String]
    let body: Data
    let url: URL

    var text: String { String(decoding: body, as: UTF8.self) }
    var etag: String? { DAV.sendable(headers["etag"]) }
}

/// HTTP through libsoup 3's blocking API, on the thread that made it (a sync runs on a worker
/// thread of its own, never the main loop's). Every request carries the account's credentials
/// (Basic, over https or to this machine only); redirects are followed by hand, and only within
/// the server the user named, so the password never goes elsewhere. Answers are size-capped.
final class HTTPClient {
    private let session: OpaquePointer
    private let authorization: String
    let origin: URL
    /// How many requests went out: `make bench` reports it, tests check one change costs O(1).
    private(set) var requests = 0

    /// An answer larger than this is not read on (a task list's listing of 20,000 tasks is ~5 MB).
    static let maxResponse = 16 << 20
    /// A request that makes no progress for this long (nothing sent or received) ends.
    static let progressSeconds: UInt32 = 15
    /// Every request of this client ends by then: a sync's, or a share's discovery.
    let deadline: Deadline

    init(server: URL, user: String, password: String, deadline: Deadline = Deadline()) throws(SyncError) {
        try Self.checkSecure(server)
        origin = server
        self.deadline = deadline
        session = OpaquePointer(soup_session_new())
        soup_session_set_timeout(UnsafeMutablePointer(session), Self.progressSeconds)
        soup_session_set_user_agent(UnsafeMutablePointer(session), "Shopper/1 (CalDAV)")
        authorization = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(session)) }

    /// https, or http to this machine only.
    static func checkSecure(_ url: URL) throws(SyncError) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else { throw .badAddress(url.absoluteString) }
        switch scheme {
        case "https": return
        case "http": if isLoopback(host) { return }; throw .insecure(host: host)
        default: throw .badAddress(url.absoluteString)
        }
    }

    static func isLoopback(_ host: String) -> Bool { Loopback.contains(host: host) }

    func send(_ method: String, _ url: URL, headers: [String: String] = [:], body: Data? = nil,
              contentType: String = "application/xml; charset=utf-8", cap: Int = maxResponse) throws(SyncError) -> HTTPResponse {
        // Every address, also those the server names (a principal, a calendar home), stays on the
        // server the user gave: the credentials go nowhere else.
        guard Self.sameServer(url, origin) else { throw .redirectElsewhere(to: Self.hostPort(url)) }
        try Self.checkSecure(url)
        var url = url
        for _ in 0..<5 {
            let r = try sendOnce(method, url, headers: headers, body: body, contentType: contentType, cap: cap)
            guard [301, 302, 303, 307, 308].contains(r.status), let location = r.headers["location"],
                  let next = URL(string: location, relativeTo: url)?.absoluteURL else { return r }
            guard Self.sameServer(next, origin) else { throw .redirectElsewhere(to: Self.hostPort(next)) }
            try Self.checkSecure(next)
            url = next
        }
        throw .malformed("too many redirects")
    }

    /// "dav.example.org" or "127.0.0.1:8443": another port is another server, and said so.
    static func hostPort(_ url: URL) -> String {
        let host = url.host ?? url.absoluteString
        return url.port.map { "\(host):\($0)" } ?? host
    }

    static func sameServer(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased() && port(a) == port(b)
    }

    /// The port, the scheme's own when none is written ("https://x:443/" is "https://x/").
    static func port(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }

    private func sendOnce(_ method: String, _ url: URL, headers: [String: String], body: Data?,
                          contentType: String, cap: Int) throws(SyncError) -> HTTPResponse {
        guard !deadline.passed else { throw .tooSlow(host: Self.hostPort(url)) }
        guard let msg = soup_message_new(method, url.absoluteString) else { throw .badAddress(url.absoluteString) }
        defer { g_object_unref(UnsafeMutableRawPointer(msg)) }
        let cancellable = deadline.cancellable()
        defer { g_object_unref(UnsafeMutableRawPointer(cancellable)) }
        requests += 1
        soup_message_set_flags(msg, SOUP_MESSAGE_NO_REDIRECT)
        let h = soup_message_get_request_headers(msg)
        soup_message_headers_replace(h, "Authorization", authorization)
        // A value libsoup would refuse is never dropped quietly: a PUT without its If-Match would
        // overwrite whatever is there.
        for (name, value) in headers {
            guard DAV.sendable(value) != nil else { throw .malformed(L("a header value for {method} {path}", ["method": method, "path": url.path])) }
            soup_message_headers_replace(h, name, value)
        }
        if let body {
            let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            soup_message_set_request_body_from_bytes(msg, contentType, bytes)
            g_bytes_unref(bytes)
        }
        var error: UnsafeMutablePointer<GError>?
        guard let stream = soup_session_send(UnsafeMutablePointer(session), msg, cancellable, &error) else {
            throw failure(error, url: url)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { g_input_stream_read(stream, $0.baseAddress, 65536, cancellable, &error) }
            if n < 0 { throw failure(error, url: url) }
            if n == 0 { break }
            data.append(contentsOf: buffer[0..<n])
            if data.count > cap { throw .tooLarge("\(method) \(url.path)") }
        }
        g_input_stream_close(stream, nil, nil)
        var out: [String: String] = [:]
        let rh = soup_message_get_response_headers(msg)
        for name in ["etag", "location", "content-type", "dav"] {
            if let v = soup_message_headers_get_one(rh, name) { out[name] = String(cString: v) }
        }
        let status = Int(soup_message_get_status(msg).rawValue)
        let reason = soup_message_get_reason_phrase(msg).map { String(cString: $0) } ?? ""
        if status == 401 { throw .wrongPassword }
        return HTTPResponse(status: status, reason: reason, headers: out, body: data, url: url)
    }

    private func failure(_ error: UnsafeMutablePointer<GError>?, url: URL) -> SyncError {
        defer { g_error_free(error) }
        let host = url.host ?? ""
        guard let e = error?.pointee else { return .unreachable(host: host, reason: "unknown error") }
        let message = String(cString: e.message)
        // Cancelled by the deadline, or no progress for `progressSeconds`.
        if e.domain == shopper_io_error_quark(), [G_IO_ERROR_CANCELLED, G_IO_ERROR_TIMED_OUT].map({ Int32($0.rawValue) }).contains(e.code) {
            return .tooSlow(host: Self.hostPort(url))
        }
        guard e.domain == shopper_tls_error_quark() else { return .unreachable(host: host, reason: message) }
        // A peer that answered in plain HTTP: GnuTLS says "an unexpected TLS packet" (MISC), or
        // NOT_TLS. Any other TLS failure (a certificate, a handshake) is the server's TLS.
        guard [G_TLS_ERROR_NOT_TLS, G_TLS_ERROR_MISC].map({ Int32($0.rawValue) }).contains(e.code) else {
            return .certificate(host: host, reason: message)
        }
        return .notHTTPS(host: host, plain: Self.plainAddress(of: url))
    }

    /// The same address over http://, where plain HTTP may be used (this machine); nil elsewhere.
    static func plainAddress(of url: URL) -> String? {
        guard let host = url.host, isLoopback(host), var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        parts.scheme = "http"
        parts.user = nil
        parts.password = nil
        if parts.path == "/" { parts.path = "" }
        return parts.string
    }
}
