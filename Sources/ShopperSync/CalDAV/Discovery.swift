import Foundation
import ShopperModel
import ShopperSyncModel

/// Finds an account's task lists as CalDAV clients do (RFC 6764 and 4791): the well-known address,
/// the current user's principal, its calendar home, then the collections there that hold VTODOs.
final class Discovery {
    let http: HTTPTransport

    init(http: HTTPTransport) { self.http = http }

    /// The calendar home, and the task collections in it. An address that is itself a task
    /// collection is the only one offered.
    func collections() throws(SyncError) -> (home: URL, found: [RemoteCollection]) {
        if let given = try taskCollection(at: http.origin) { return (http.origin, [given]) }
        let homeURL = try home()
        let members = try propfind(
            homeURL, depth: 1, props: "<d:resourcetype/><d:displayname/><c:supported-calendar-component-set/>")
        let found = members.compactMap { Self.taskCollection($0, relativeTo: homeURL) }
        return (homeURL, found.sorted { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending })
    }

    /// The account's calendar home.
    func home() throws(SyncError) -> URL {
        let principal = try principalURL()
        let r = try propfind(principal, depth: 0, props: "<c:calendar-home-set/>")
        guard
            let home = r.first?.prop(DAV.caldav, "calendar-home-set")?.child(DAV.ns, "href")?.text.trimmingCharacters(
                in: .whitespacesAndNewlines),
              let homeURL = URL(string: home, relativeTo: principal)?.absoluteURL else {
            throw .notCalDAV(L("no calendar home"))
        }
        return homeURL
    }

    /// MKCALENDAR of a new task list in the home, named `name`.
    func makeCollection(in home: URL, name: String) throws(SyncError) -> RemoteCollection {
        try makeCollection(in: home, name: name, components: ["VTODO"], slug: "shopping")
    }

    /// MKCALENDAR of a new calendar in the home for `components` ("VEVENT", "VJOURNAL"...).
    func makeCollection(in home: URL, name: String, components: [String], slug prefix: String) throws(SyncError)
        -> RemoteCollection {
        let slug = prefix + "-" + UUID().uuidString.prefix(8).lowercased() + "/"
        guard
            let url = URL(
                string: slug, relativeTo: home.absoluteString.hasSuffix("/") ? home : home.appendingPathComponent(""))?
                .absoluteURL
        else {
            throw .network(.badAddress(home.absoluteString))
        }
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>\
            <d:displayname>\(DAV.escape(name))</d:displayname>\
            <c:supported-calendar-component-set>\(components.map { "<c:comp name=\"\($0)\"/>" }.joined())\
            </c:supported-calendar-component-set>\
            </d:prop></d:set></c:mkcalendar>
            """
        let r = try http.request("MKCALENDAR", url, body: Data(body.utf8))
        guard (200..<300).contains(r.status) else {
            if r.status == 403 || r.status == 405 { throw .forbidden(L("the calendar home")) }
            throw .server(status: r.status, reason: r.reason)
        }
        return RemoteCollection(url: url.absoluteString, name: name)
    }

    private func principalURL() throws(SyncError) -> URL {
        let wellKnown = URL(string: "/.well-known/caldav", relativeTo: http.origin)!.absoluteURL
        for start in [wellKnown, http.origin] {
            let r: [DAVResponse]
            do { r = try propfind(start, depth: 0, props: "<d:current-user-principal/>") } catch .notCalDAV { continue }
            if let href = r.first?.prop(DAV.ns, "current-user-principal")?.child(DAV.ns, "href")?.text
                .trimmingCharacters(in: .whitespacesAndNewlines),
               let url = URL(string: href, relativeTo: start)?.absoluteURL {
                return url
            }
        }
        throw .notCalDAV(L("no current-user-principal"))
    }

    private func taskCollection(at url: URL) throws(SyncError) -> RemoteCollection? {
        let r: [DAVResponse]
        do {
            r = try propfind(
                url, depth: 0, props: "<d:resourcetype/><d:displayname/><c:supported-calendar-component-set/>")
        } catch .notCalDAV { return nil }
        return r.first.flatMap { Self.taskCollection($0, relativeTo: url) }
    }

    private static func taskCollection(_ r: DAVResponse, relativeTo base: URL) -> RemoteCollection? {
        guard r.prop(DAV.ns, "resourcetype")?.child(DAV.caldav, "calendar") != nil,
              let url = URL(string: r.href, relativeTo: base)?.absoluteURL else { return nil }
        // No set given means every kind of component.
        if let set = r.prop(DAV.caldav, "supported-calendar-component-set"),
           !set.all(DAV.caldav, "comp").contains(where: { $0.attributes["name"]?.uppercased() == "VTODO" }) {
            return nil
        }
        let name = r.prop(DAV.ns, "displayname")?.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return RemoteCollection(url: url.absoluteString, name: name?.isEmpty == false ? name! : url.lastPathComponent)
    }

    func propfind(_ url: URL, depth: Int, props: String) throws(SyncError) -> [DAVResponse] {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop>\(props)</d:prop></d:propfind>
            """
        let r = try http.request("PROPFIND", url, headers: ["Depth": "\(depth)"], body: Data(body.utf8))
        guard r.status == 207 else {
            if r.status == 403 { throw .forbidden(url.path) }
            // A server failing (503) is not a server without CalDAV.
            if r.status >= 500 { throw .server(status: r.status, reason: r.reason) }
            throw .notCalDAV("PROPFIND \(url.path): \(r.status) \(r.reason)")
        }
        return try Multistatus(r.body).responses
    }
}
