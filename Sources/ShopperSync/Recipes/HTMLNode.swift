import CXML
import Foundation

/// An element of a page libxml2's HTML parser read, as the recipe readers walk it: its name,
/// attributes, children and text. Borrowed: valid while its document is.
struct HTMLNode {
    let node: xmlNodePtr

    /// Element names in lower case (the parser folds them already; attributes are folded here).
    var name: String { Self.string(node.pointee.name).lowercased() }

    var elements: [HTMLNode] {
        var out: [HTMLNode] = []
        var c = node.pointee.children
        while let n = c {
            if n.pointee.type == XML_ELEMENT_NODE { out.append(HTMLNode(node: n)) }
            c = n.pointee.next
        }
        return out
    }

    /// The attribute's value ("" for one written without a value, such as `itemscope`); nil when absent.
    func attribute(_ wanted: String) -> String? {
        var a = node.pointee.properties
        while let attr = a {
            if Self.string(attr.pointee.name).lowercased() == wanted {
                var value = ""
                var c = attr.pointee.children
                while let t = c {
                    value += Self.string(t.pointee.content)
                    c = t.pointee.next
                }
                return value
            }
            a = attr.pointee.next
        }
        return nil
    }

    /// The text inside, raw (a script's JSON).
    var rawText: String {
        var out = ""
        var c = node.pointee.children
        while let n = c {
            if n.pointee.type == XML_TEXT_NODE || n.pointee.type == XML_CDATA_SECTION_NODE { out += Self.string(n.pointee.content) }
            c = n.pointee.next
        }
        return out
    }

    /// The text a reader sees: scripts and styles left out, and a line break where a block
    /// element (a paragraph, a list item) begins or ends, so that `<li>` steps stay apart.
    var text: String {
        var out = ""
        Self.collect(node, depth: 0, into: &out)
        return out
    }

    private static let blocks: Set<String> = ["p", "div", "li", "br", "tr", "ol", "ul", "h1", "h2", "h3", "h4", "h5", "h6",
                                              "section", "article", "dd", "dt", "table", "blockquote", "hr"]
    private static let hidden: Set<String> = ["script", "style", "template", "noscript"]

    private static func collect(_ node: xmlNodePtr, depth: Int, into out: inout String) {
        guard depth < 256 else { return }
        var c = node.pointee.children
        while let n = c {
            switch n.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: out += string(n.pointee.content)
            case XML_ELEMENT_NODE:
                let name = string(n.pointee.name).lowercased()
                guard !hidden.contains(name) else { break }
                let block = blocks.contains(name)
                if block { out += "\n" }
                collect(n, depth: depth + 1, into: &out)
                if block { out += "\n" }
            default: break
            }
            c = n.pointee.next
        }
    }

    static func string(_ p: UnsafePointer<xmlChar>?) -> String {
        p.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? ""
    }
}
