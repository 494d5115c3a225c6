import CSync
import Foundation

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

/// The one libsoup wrapper, for sync and recipe pages alike: its blocking API on the thread that
/// made it (a sync's worker, the helper's), one session, and the limits of its `NetworkRules` on
/// every request: a deadline whatever the server does, a size cap on every answer, each address
/// checked before it is requested, redirects followed by hand and checked the same way, and (a
/// page's) every connection checked on the address it reached (`ConnectLimit`).
final class HTTPTransport {
    private let session: OpaquePointer
    let rules: NetworkRules
    /// How many requests went out: `make bench` reports it, tests check one change costs O(1).
    private(set) var requests = 0

    /// A request that makes no progress for this long (nothing sent or received) ends.
    static let progressSeconds: UInt32 = 15

    /// The statuses of a redirect this transport follows.
    static let redirects: Set<Int> = [301, 302, 303, 307, 308]

    init(_ rules: NetworkRules) {
        self.rules = rules
        session = OpaquePointer(soup_session_new())
        soup_session_set_timeout(UnsafeMutablePointer(session), Self.progressSeconds)
        soup_session_set_user_agent(UnsafeMutablePointer(session), rules.userAgent)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(session)) }

    /// `method` at `url`, its redirects followed as the rules allow; `cap`: the size cap of this
    /// answer when not the rules' own.
    func send(_ method: String, _ url: URL, headers: [String: String] = [:], body: Data? = nil,
              contentType: String = "application/xml; charset=utf-8",
              cap: Int? = nil) throws(NetworkError) -> HTTPResponse {
        let request = Request(method: method, headers: headers, body: body, contentType: contentType,
                              cap: cap ?? rules.cap)
        var url = try rules.reach.admit(url)
        for _ in 0..<rules.sends {
            let r = try sendOnce(request, url)
            guard Self.redirects.contains(r.status), let location = r.headers["location"],
                  let next = try rules.reach.follow(location, from: url) else { return r }
            url = next
        }
        throw .tooManyRedirects(host: url.host ?? "")
    }

    private struct Request {
        let method: String
        let headers: [String: String]
        let body: Data?
        let contentType: String
        let cap: Int
    }

    private func sendOnce(_ request: Request, _ url: URL) throws(NetworkError) -> HTTPResponse {
        guard !rules.deadline.passed else { throw .tooSlow(host: Self.hostPort(url)) }
        guard let msg = soup_message_new(request.method, url.absoluteString) else {
            throw .badAddress(url.absoluteString)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(msg)) }
        let cancellable = rules.deadline.cancellable()
        defer { g_object_unref(UnsafeMutableRawPointer(cancellable)) }
        requests += 1
        soup_message_set_flags(msg, SOUP_MESSAGE_NO_REDIRECT)
        try prepare(msg, request, url)
        let stream = try open(msg, url, cancellable)
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        var out: [String: String] = [:]
        let rh = soup_message_get_response_headers(msg)
        for name in ["etag", "location", "content-type", "dav"] {
            if let v = soup_message_headers_get_one(rh, name) { out[name] = String(cString: v) }
        }
        let status = Int(soup_message_get_status(msg).rawValue)
        let reason = soup_message_get_reason_phrase(msg).map { String(cString: $0) } ?? ""
        // A redirect is followed: its body is not read, whatever the server sends with it.
        if Self.redirects.contains(status), out["location"] != nil {
            return HTTPResponse(status: status, reason: reason, headers: out, body: Data(), url: url)
        }
        if case .pageOnly = rules.answers {
            // Anything but a page said; a size told is refused before a byte.
            guard (200..<300).contains(status) else { throw .status(status, reason: reason, host: Self.hostPort(url)) }
            if soup_message_headers_get_content_length(rh) > Int64(request.cap) {
                throw .tooLarge(method: request.method, url: url, cap: request.cap)
            }
        }
        let data = try read(stream, request, url, cancellable)
        return HTTPResponse(status: status, reason: reason, headers: out, body: data, url: url)
    }

    /// The request's headers (the rules' credentials first) and body. A value libsoup would refuse
    /// is never dropped quietly: a PUT without its If-Match would overwrite whatever is there.
    private func prepare(_ msg: OpaquePointer, _ request: Request, _ url: URL) throws(NetworkError) {
        let h = soup_message_get_request_headers(msg)
        if let authorization = rules.authorization { soup_message_headers_replace(h, "Authorization", authorization) }
        for (name, value) in request.headers {
            guard DAV.sendable(value) != nil else { throw .headerRefused(method: request.method, path: url.path) }
            soup_message_headers_replace(h, name, value)
        }
        if let body = request.body {
            let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            soup_message_set_request_body_from_bytes(msg, request.contentType, bytes)
            g_bytes_unref(bytes)
        }
    }

    /// Sends the message; a page's every connection is checked first (`ConnectLimit`).
    private func open(_ msg: OpaquePointer, _ url: URL, _ cancellable: UnsafeMutablePointer<GCancellable>)
        throws(NetworkError) -> UnsafeMutablePointer<GInputStream> {
        var error: UnsafeMutablePointer<GError>?
        guard case .page(let limit) = rules.reach else {
            guard let stream = soup_session_send(UnsafeMutablePointer(session), msg, cancellable, &error) else {
                throw Self.failure(error, url)
            }
            return stream
        }
        let sent = limit.send(msg, session: session, cancellable: cancellable, error: &error)
        if sent.refused {
            if let error { g_error_free(error) }
            if let stream = sent.stream { g_object_unref(UnsafeMutableRawPointer(stream)) }
            throw .redirectedInward(to: url.absoluteString)
        }
        guard let stream = sent.stream else { throw Self.failure(error, url) }
        return stream
    }

    private func read(_ stream: UnsafeMutablePointer<GInputStream>, _ request: Request, _ url: URL,
                      _ cancellable: UnsafeMutablePointer<GCancellable>) throws(NetworkError) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var error: UnsafeMutablePointer<GError>?
        while true {
            let n = buffer.withUnsafeMutableBytes {
                g_input_stream_read(stream, $0.baseAddress, gsize($0.count), cancellable, &error)
            }
            if n < 0 { throw Self.failure(error, url) }
            if n == 0 { break }
            data.append(contentsOf: buffer[0..<n])
            if data.count > request.cap { throw .tooLarge(method: request.method, url: url, cap: request.cap) }
        }
        g_input_stream_close(stream, nil, nil)
        return data
    }

    /// libsoup's error, said as the person can act on it.
    private static func failure(_ error: UnsafeMutablePointer<GError>?, _ url: URL) -> NetworkError {
        defer { if let error { g_error_free(error) } }
        let host = url.host ?? ""
        guard let e = error?.pointee else { return .unreachable(host: host, reason: "unknown error") }
        let message = String(cString: e.message)
        // Cancelled by the deadline, or no progress for `progressSeconds`.
        let slow = [G_IO_ERROR_CANCELLED, G_IO_ERROR_TIMED_OUT].map { Int32($0.rawValue) }
        if e.domain == shopper_io_error_quark(), slow.contains(e.code) { return .tooSlow(host: hostPort(url)) }
        guard e.domain == shopper_tls_error_quark() else { return .unreachable(host: host, reason: message) }
        // A peer that answered in plain HTTP: GnuTLS says "an unexpected TLS packet" (MISC), or
        // NOT_TLS. Any other TLS failure (a certificate, a handshake) is the server's TLS.
        guard [G_TLS_ERROR_NOT_TLS, G_TLS_ERROR_MISC].map({ Int32($0.rawValue) }).contains(e.code) else {
            return .certificate(host: host, reason: message)
        }
        return .notHTTPS(host: host, plain: plainAddress(of: url))
    }
}
