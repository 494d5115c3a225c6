import CXML
import Foundation

/// An XML element as WebDAV answers are read: namespace, local name, text and children. Built by
/// libxml2 without network access; a document with a DTD (where external and nested entities
/// live) is refused outright, since no WebDAV answer needs one.
struct XMLElement: Equatable {
    var namespace: String
    var name: String
    var text: String = ""
    var attributes: [String: String] = [:]
    var children: [XMLElement] = []

    func child(_ ns: String, _ name: String) -> XMLElement? {
        children.first { $0.namespace == ns && $0.name == name }
    }

    func all(_ ns: String, _ name: String) -> [XMLElement] {
        children.filter { $0.namespace == ns && $0.name == name }
    }

    /// The first descendant of this name, depth first.
    func find(_ ns: String, _ name: String) -> XMLElement? {
        for c in children {
            if c.namespace == ns && c.name == name { return c }
            if let f = c.find(ns, name) { return f }
        }
        return nil
    }

    static func parse(_ data: Data) throws(SyncError) -> XMLElement {
        guard !data.isEmpty else { throw .malformed("an empty answer") }
        let doc: xmlDocPtr? = data.withUnsafeBytes { raw in
            xmlReadMemory(raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(raw.count), "answer.xml", nil,
                          Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue))
        }
        guard let doc else { throw .malformed("not XML") }
        defer { xmlFreeDoc(doc) }
        guard doc.pointee.intSubset == nil else { throw .malformed("a document type declaration") }
        guard let root = xmlDocGetRootElement(doc) else { throw .malformed("no root element") }
        return element(root)
    }

    private static func element(_ node: xmlNodePtr) -> XMLElement {
        var e = XMLElement(
            namespace: node.pointee.ns.map { string($0.pointee.href) } ?? "", name: string(node.pointee.name))
        var a = node.pointee.properties
        while let attr = a {
            e.attributes[string(attr.pointee.name)] = string(attr.pointee.children?.pointee.content)
            a = attr.pointee.next
        }
        var c = node.pointee.children
        while let n = c {
            switch n.pointee.type {
            case XML_ELEMENT_NODE: e.children.append(element(n))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: e.text += string(n.pointee.content)
            default: break
            }
            c = n.pointee.next
        }
        return e
    }

    private static func string(_ p: UnsafePointer<xmlChar>?) -> String {
        p.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? ""
    }
}

enum DAV {
    static let ns = "DAV:"
    static let caldav = "urn:ietf:params:xml:ns:caldav"
    static let cs = "http://calendarserver.org/ns/"
    static let ical = "http://apple.com/ns/ical/"

    /// A value from the server that goes back to it in a header (an ETag) or a request (a sync
    /// token): visible ASCII and spaces only, and not too long. libsoup refuses a header value
    /// with CR or LF and sent the PUT without it, with no precondition at all; such a value counts
    /// as none (the task is fetched again, the listing read whole).
    static func sendable(_ value: String?, max: Int = 1_024) -> String? {
        guard let value, !value.isEmpty, value.utf8.count <= max,
              value.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        return value
    }

    /// XML text with &, < and > escaped (hrefs and names go into request bodies).
    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// One `response` of a 207 Multi-Status answer.
struct DAVResponse {
    let href: String
    /// The response's own status (a sync-collection report gives 404 for a removed member).
    let status: Int?
    /// The properties found (status 200), by local name within their namespace.
    let props: [XMLElement]

    func prop(_ ns: String, _ name: String) -> XMLElement? { props.first { $0.namespace == ns && $0.name == name } }
    var etag: String? {
        DAV.sendable(prop(DAV.ns, "getetag").map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) })
    }

    static func statusCode(_ line: String) -> Int? {
        let parts = line.split(separator: " ")
        return parts.count >= 2 ? Int(parts[1]) : nil
    }
}

struct Multistatus {
    let responses: [DAVResponse]
    let syncToken: String?

    init(_ data: Data) throws(SyncError) {
        let root = try XMLElement.parse(data)
        guard root.namespace == DAV.ns, root.name == "multistatus" else { throw .malformed("no multistatus") }
        responses = root.all(DAV.ns, "response").compactMap { r in
            guard let href = r.child(DAV.ns, "href")?.text.trimmingCharacters(in: .whitespacesAndNewlines),
                !href.isEmpty
            else { return nil }
            var props: [XMLElement] = []
            for ps in r.all(DAV.ns, "propstat") {
                let status = ps.child(DAV.ns, "status").flatMap { DAVResponse.statusCode($0.text) } ?? 200
                if (200..<300).contains(status) { props += ps.child(DAV.ns, "prop")?.children ?? [] }
            }
            return DAVResponse(
                href: href, status: r.child(DAV.ns, "status").flatMap { DAVResponse.statusCode($0.text) }, props: props)
        }
        syncToken = DAV.sendable(
            root.child(DAV.ns, "sync-token")?.text.trimmingCharacters(in: .whitespacesAndNewlines), max: 4_096)
    }
}
