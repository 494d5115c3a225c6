import Foundation
import ShopperModel

/// One calendar collection holding the tasks of a shared list, and the requests a sync makes of it.
final class CalDAVCollection {
    let http: HTTPTransport
    let url: URL
    /// The largest entry read: a task's 256 KB, a recipe's more (its schema.org JSON rides along).
    let maxEntry: Int
    /// The component its entries are ("VTODO"; the kitchen's "VJOURNAL", "VEVENT"): what a listing
    /// asks for (a server honours the filter, and a kitchen listed for tasks had nothing in it).
    let component: String

    init(http: HTTPTransport, url: URL, maxEntry: Int = CalDAVCollection.maxTask, component: String = "VTODO") {
        self.http = http
        self.url = url
        self.maxEntry = maxEntry
        self.component = component
    }

    /// A sync-collection token the server no longer takes (or never gave): list everything instead.
    struct TokenRefused: Error {}

    struct Changes {
        var changed: [String: String?] = [:]
        var removed: [String] = []
        var token: String?
        /// Hrefs the server named outside this collection: never requested, never written to.
        var outside: [String] = []
    }

    /// What changed since `token` (RFC 6578); from nothing when `token` is nil.
    func changes(since token: String?) throws(SyncError) -> Result<Changes, TokenRefused> {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(DAV.escape(token ?? ""))</d:sync-token>\
            <d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>
            """
        let r = try http.request("REPORT", url, headers: ["Depth": "1"], body: Data(body.utf8))
        switch PullReply.changes(status: r.status, sentToken: token != nil) {
        case .read: break
        case .tokenRefused: return .failure(TokenRefused())
        case .collectionGone, .taskGone: throw .collectionGone
        case .failed(let status): throw .server(status: status, reason: r.reason)
        }
        let ms = try Multistatus(r.body)
        guard let next = ms.syncToken, !next.isEmpty else { return .failure(TokenRefused()) }
        var c = Changes(token: next)
        for resp in ms.responses where !isCollection(resp.href) {
            guard member(resp.href) != nil else { c.outside.append(resp.href); continue }
            if resp.status == 404 { c.removed.append(resp.href) } else { c.changed[resp.href] = .some(resp.etag) }
        }
        return .success(c)
    }

    /// Every task's address and ETag (for servers without sync-collection, or a token refused);
    /// `outside` gets the hrefs that are not in this collection.
    func listing(outside: inout [String]) throws(SyncError) -> [String: String?] {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>\
            <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter \
            name="\(component)"/></c:comp-filter></c:filter></c:calendar-query>
            """
        let r = try http.request("REPORT", url, headers: ["Depth": "1"], body: Data(body.utf8))
        switch PullReply.listing(status: r.status) {
        case .read: break
        case .collectionGone, .taskGone, .tokenRefused: throw .collectionGone
        case .failed(let status): throw .server(status: status, reason: r.reason)
        }
        var out: [String: String?] = [:]
        for resp in try Multistatus(r.body).responses where !isCollection(resp.href) && resp.status != 404 {
            guard member(resp.href) != nil else { outside.append(resp.href); continue }
            out[resp.href] = .some(resp.etag)
        }
        return out
    }

    /// One task, by GET (after a 412, to merge with what is there now); nil when it is gone.
    func get(_ href: String) throws(SyncError) -> (etag: String?, text: String)? {
        let r = try http.request("GET", try inside(href), cap: maxEntry)
        switch PullReply.task(status: r.status) {
        case .read: return (r.etag, r.text)
        case .taskGone, .collectionGone, .tokenRefused: return nil
        case .failed(let status): throw .server(status: status, reason: r.reason)
        }
    }

    enum WriteOutcome: Equatable {
        case done(etag: String?)
        /// Someone else changed (or created, or deleted) it first.
        case preconditionFailed
        case notFound
    }

    /// Uploads a task: over the version `etag` names, or as new when `etag` is nil (then an existing
    /// task at that address is not overwritten).
    func put(_ href: String, _ text: String, etag: String?) throws(SyncError) -> WriteOutcome {
        let condition = etag.map { ["If-Match": $0] } ?? ["If-None-Match": "*"]
        let r = try http.request("PUT", try inside(href), headers: condition, body: Data(text.utf8),
                                 contentType: "text/calendar; charset=utf-8")
        // Xandikos refuses a PUT with 207 and the real status inside.
        let inner = r.status == 207 ? (try? Multistatus(r.body))?.responses.compactMap(\.status).first : nil
        return try outcome(PushReply.put(status: r.status, inner: inner, asNew: etag == nil), r,
                           reason: r.status == 207 ? "PUT \(href)" : r.reason)
    }

    func delete(_ href: String, etag: String?) throws(SyncError) -> WriteOutcome {
        let r = try http.request("DELETE", try inside(href), headers: etag.map { ["If-Match": $0] } ?? [:])
        return try outcome(PushReply.delete(status: r.status), r, reason: r.reason)
    }

    /// A `PushReply` carried out: what the sync goes on with, or the error it stops with.
    private func outcome(_ reply: PushReply, _ r: HTTPResponse, reason: String) throws(SyncError) -> WriteOutcome {
        switch reply {
        case .done: .done(etag: r.etag)
        case .changedThere: .preconditionFailed
        case .goneThere: .notFound
        case .forbidden: throw .forbidden(L("this list"))
        case .failed(let status): throw .server(status: status, reason: reason)
        }
    }

    /// The address of a new task: the collection's path and the UID.
    func href(forUID uid: String) -> String {
        let safe =
            uid.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-_.")))
            ?? uid
        // Encoded, as servers write hrefs ("/user%40example.org/…"), so ours compare equal to theirs.
        let path = Self.encodedPath(url)
        return path + (path.hasSuffix("/") ? "" : "/") + safe + ".ics"
    }

    static func encodedPath(_ url: URL) -> String {
        URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
    }

    /// An href as a URL; one that cannot be read names nothing (never the collection itself, which a
    /// DELETE would then remove whole).
    func resolve(_ href: String) throws(SyncError) -> URL {
        guard let u = URL(string: href, relativeTo: url)?.absoluteURL else { throw .malformed("the address “\(href)”") }
        return u
    }

    /// An href from the server as the address of a task in this collection: resolved against the
    /// collection's URL, on its scheme, host and port, directly below its path, with no `..`, query
    /// or fragment. nil for anything else: hrefs `../`, `/` and another host's made Shopper PUT to
    /// the parent collection, the server's root and elsewhere, with the credentials.
    func member(_ href: String) -> URL? {
        guard DAV.sendable(href, max: 2_048) != nil, let u = URL(string: href, relativeTo: url)?.absoluteURL,
              HTTPTransport.sameServer(u, url), u.query == nil, u.fragment == nil, u.user == nil else { return nil }
        // Compared as decoded segments: servers write the same path as "%40" or "@", "%3a" or "%3A".
        let base = Self.segments(url), path = Self.segments(u)
        guard let base, let path, path.count == base.count + 1, Array(path.prefix(base.count)) == base,
              let name = path.last, !name.isEmpty, name != ".", name != "..", !name.contains("/") else { return nil }
        return u
    }

    /// A URL's path as its decoded segments, without the empty one a trailing slash makes; nil
    /// when a segment cannot be decoded.
    private static func segments(_ url: URL) -> [String]? {
        let parts = encodedPath(url).split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var decoded = parts.map { $0.removingPercentEncoding }
        if decoded.last == "" { decoded.removeLast() }
        return decoded.contains(nil) ? nil : decoded.map { $0! }
    }

    /// `member`, or the error that names the href (an address saved by an earlier release).
    private func inside(_ href: String) throws(SyncError) -> URL {
        guard let u = member(href) else { throw .outside(href) }
        return u
    }

    private func isCollection(_ href: String) -> Bool {
        guard let u = try? resolve(href) else { return false }
        return u.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            == url.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    }

    /// A single task larger than this is not a shopping item: it is skipped as it is read.
    static let maxTask = 256 << 10
}
