import Foundation
import ShopperModel

/// Reading tasks whatever the server sends: small replies, bounded memory, and one task that cannot
/// be read never stops the others.
extension CalDAVCollection {
    /// One task as a multiget gave it.
    struct Fetched {
        let href: String
        let etag: String?
        let text: String
    }

    /// Tasks asked for in one multiget: a reply stays a few megabytes whatever the server holds.
    static let multigetBatch = 20

    /// The tasks at `hrefs` (members of this collection), `multigetBatch` a request, each handed to
    /// `take` as it comes (nothing piles up here). A reply that cannot be read whole (not XML even
    /// after the lenient pass, or larger than its tasks can be) is asked again in halves, down to
    /// one task, which `skip` then names with why; a task over `maxEntry` is skipped as it is read.
    func fetch(_ hrefs: [String], skip: (_ href: String, _ why: String) -> Void,
               take: (Fetched) throws(SyncError) -> Void) throws(SyncError) {
        for start in stride(from: 0, to: hrefs.count, by: Self.multigetBatch) {
            try fetchIsolating(
                Array(hrefs[start..<min(start + Self.multigetBatch, hrefs.count)]), skip: skip, take: take)
        }
    }

    private func fetchIsolating(_ part: [String], skip: (String, String) -> Void,
                                take: (Fetched) throws(SyncError) -> Void) throws(SyncError) {
        let tasks: [Fetched]
        do {
            tasks = try multiget(part, skip: skip)
        } catch .malformed(let why) {
            return try halve(part, why, skip: skip, take: take)
        } catch .network(let failure) {
            // Too large, or a redirect loop: asked again in parts, as a reply that cannot be read.
            guard let why = failure.unreadable else { throw .network(failure) }
            return try halve(part, why, skip: skip, take: take)
        }
        for task in tasks { try take(task) }
    }

    private func halve(_ part: [String], _ why: String, skip: (String, String) -> Void,
                       take: (Fetched) throws(SyncError) -> Void) throws(SyncError) {
        guard part.count > 1 else {
            return skip(part[0], L("the server's answer could not be read ({what})", ["what": why]))
        }
        let half = part.count / 2
        try fetchIsolating(Array(part[..<half]), skip: skip, take: take)
        try fetchIsolating(Array(part[half...]), skip: skip, take: take)
    }

    private func multiget(_ part: [String], skip: (String, String) -> Void) throws(SyncError) -> [Fetched] {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
            <d:prop><d:getetag/><c:calendar-data/></d:prop>\
            \(part.map { "<d:href>\(DAV.escape($0))</d:href>" }.joined())\
            </c:calendar-multiget>
            """
        // Room for every task at its largest, escaped, and the XML around them.
        let cap = part.count * maxEntry * 2 + (64 << 10)
        let r = try http.request("REPORT", url, headers: ["Depth": "1"], body: Data(body.utf8), cap: cap)
        if r.status == 404 || r.status == 410 { throw .collectionGone }
        guard r.status == 207 else { throw .server(status: r.status, reason: r.reason) }
        let asked = Set(part.compactMap { member($0)?.absoluteString })
        var out: [Fetched] = []
        for resp in try Multistatus(DAV.lenient(r.body)).responses where resp.status != 404 {
            // Only what was asked for: a reply naming other addresses is not taken at its word.
            guard let u = member(resp.href), asked.contains(u.absoluteString),
                  let data = resp.prop(DAV.caldav, "calendar-data")?.text, !data.isEmpty else { continue }
            guard data.utf8.count <= maxEntry else {
                skip(resp.href, L("larger than {size} KB", ["size": "\(maxEntry >> 10)"]))
                continue
            }
            out.append(Fetched(href: resp.href, etag: resp.etag, text: data))
        }
        return out
    }
}

extension DAV {
    /// A reply as a lenient client reads it: control bytes (BEL, NUL…) dropped and broken UTF-8
    /// replaced, which libxml2 refuses a whole document for. A reply that needs neither is
    /// returned as it is.
    static func lenient(_ data: Data) -> Data {
        let control: (UInt8) -> Bool = { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        if !data.contains(where: control), String(validating: data, as: UTF8.self) != nil { return data }
        var scalars = String.UnicodeScalarView()
        for s in String(decoding: data, as: UTF8.self).unicodeScalars where !(s.value < 0x20 && control(UInt8(s.value)))
        {
            scalars.append(s)
        }
        return Data(String(scalars).utf8)
    }
}
