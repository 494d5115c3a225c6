import CSync
import Foundation
import ShopperModel

/// A recipe page fetched with libsoup's blocking API, on the thread that asks (the helper's). As
/// sharing's client: https, or plain http to this machine only; every redirect checked before it
/// is followed (`next`); a deadline for the whole fetch, whatever the server does; a cap on the size.
enum WebPage {
    /// Recipe pages run to a few hundred KB; a larger answer is cut and said so.
    static let maxSize = 5 << 20
    static let maxRedirects = 5

    /// 30 s, or SHOPPER_SYNC_DEADLINE when shorter (the tests).
    static var deadline: Deadline { Deadline(seconds: min(30, Deadline.seconds)) }

    /// The address checked: https, or http to this machine; a host; no user name or password.
    static func checked(_ address: String) throws(RecipeImportError) -> URL {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty,
              url.user == nil, url.password == nil else { throw .badAddress(address) }
        switch scheme {
        case "https": return url
        case "http" where Loopback.contains(host: host): return url
        case "http": throw .insecure(host: host)
        default: throw .badAddress(address)
        }
    }

    /// The page's bytes and the address they came from, after redirects.
    static func get(_ address: String, deadline: Deadline = deadline) throws(RecipeImportError) -> (body: Data, url: URL) {
        var url = try checked(address)
        let limit = ConnectLimit(written: AddressPlace.of(host: url.host ?? ""))
        let session = OpaquePointer(soup_session_new())!
        defer { g_object_unref(UnsafeMutableRawPointer(session)) }
        soup_session_set_timeout(UnsafeMutablePointer(session), 15)
        soup_session_set_user_agent(UnsafeMutablePointer(session), "Shopper/1 (recipe import)")
        for _ in 0...maxRedirects {
            let answer = try getOnce(url, session: session, limit: limit, deadline: deadline)
            guard let location = answer.location else { return (answer.body, url) }
            url = try next(location, from: url, start: limit.start)
        }
        throw .tooManyRedirects(host: url.host ?? "")
    }

    /// Where a redirect leads, checked before it is followed: by the rules of the first address
    /// (https, or plain http to this computer as written in full), and never further in than
    /// the import began (`AddressPlace`, read from the address as parsed): a page from the
    /// Internet may not send the helper to this computer's services or the local network's,
    /// nor a page on the local network to this computer.
    static func next(_ location: String, from url: URL, start: AddressPlace) throws(RecipeImportError) -> URL {
        guard let next = URL(string: location, relativeTo: url)?.absoluteURL else { throw .badAddress(location) }
        let checked: URL
        do { checked = try self.checked(next.absoluteString) } catch { throw .redirectedInsecurely(to: next.absoluteString) }
        guard AddressPlace.of(host: checked.host ?? "") <= start else { throw .redirectedInward(to: next.absoluteString) }
        return checked
    }

    private struct Answer {
        var body = Data()
        /// Where a redirect points; nil for an answer with a body.
        var location: String?
    }

    private static func getOnce(_ url: URL, session: OpaquePointer, limit: ConnectLimit, deadline: Deadline) throws(RecipeImportError) -> Answer {
        let host = HTTPClient.hostPort(url)
        guard !deadline.passed else { throw .tooSlow(host: host) }
        guard let msg = soup_message_new("GET", url.absoluteString) else { throw .badAddress(url.absoluteString) }
        defer { g_object_unref(UnsafeMutableRawPointer(msg)) }
        soup_message_set_flags(msg, SOUP_MESSAGE_NO_REDIRECT)
        soup_message_headers_replace(soup_message_get_request_headers(msg), "Accept",
                                     "text/html,application/xhtml+xml,application/ld+json;q=0.9,application/json;q=0.9,*/*;q=0.5")
        let cancellable = deadline.cancellable()
        defer { g_object_unref(UnsafeMutableRawPointer(cancellable)) }
        var error: UnsafeMutablePointer<GError>?
        let sent = limit.send(msg, session: session, cancellable: cancellable, error: &error)
        if sent.refused {
            if let error { g_error_free(error) }
            if let stream = sent.stream { g_object_unref(UnsafeMutableRawPointer(stream)) }
            throw .redirectedInward(to: url.absoluteString)
        }
        guard let stream = sent.stream else { throw failure(error, url) }
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        let status = Int(soup_message_get_status(msg).rawValue)
        let headers = soup_message_get_response_headers(msg)
        if [301, 302, 303, 307, 308].contains(status), let location = soup_message_headers_get_one(headers, "location") {
            return Answer(location: String(cString: location))
        }
        guard (200..<300).contains(status) else {
            throw .status(status, reason: soup_message_get_reason_phrase(msg).map { String(cString: $0) } ?? "", host: host)
        }
        // Said before anything is read when the server tells the size.
        if soup_message_headers_get_content_length(headers) > Int64(maxSize) { throw .tooLarge(url.absoluteString, megabytes: maxSize >> 20) }
        return Answer(body: try read(stream, url, cancellable))
    }

    private static func read(_ stream: UnsafeMutablePointer<GInputStream>, _ url: URL,
                             _ cancellable: UnsafeMutablePointer<GCancellable>) throws(RecipeImportError) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var error: UnsafeMutablePointer<GError>?
        while true {
            let n = buffer.withUnsafeMutableBytes { g_input_stream_read(stream, $0.baseAddress, gsize($0.count), cancellable, &error) }
            if n < 0 { throw failure(error, url) }
            if n == 0 { break }
            data.append(contentsOf: buffer[0..<n])
            if data.count > maxSize { throw .tooLarge(url.absoluteString, megabytes: maxSize >> 20) }
        }
        g_input_stream_close(stream, nil, nil)
        return data
    }

    /// libsoup's error, said as the person can act on it (as sharing's client says it).
    private static func failure(_ error: UnsafeMutablePointer<GError>?, _ url: URL) -> RecipeImportError {
        defer { if let error { g_error_free(error) } }
        let host = url.host ?? ""
        guard let e = error?.pointee else { return .unreachable(host: host, reason: "unknown error") }
        let message = String(cString: e.message)
        if e.domain == shopper_io_error_quark(), [G_IO_ERROR_CANCELLED, G_IO_ERROR_TIMED_OUT].map({ Int32($0.rawValue) }).contains(e.code) {
            return .tooSlow(host: HTTPClient.hostPort(url))
        }
        guard e.domain == shopper_tls_error_quark() else { return .unreachable(host: host, reason: message) }
        if [G_TLS_ERROR_NOT_TLS, G_TLS_ERROR_MISC].map({ Int32($0.rawValue) }).contains(e.code) { return .notHTTPS(host: host) }
        return .certificate(host: host, reason: message)
    }
}
