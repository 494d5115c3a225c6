import CXML
import Foundation
import ShopperModel

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

    /// The attribute's value ("" for one written without a value, such as `itemscope`), its first
    /// `ReadBudget.maxString` bytes; nil when absent.
    func attribute(_ wanted: String) -> String? {
        var a = node.pointee.properties
        while let attr = a {
            if Self.string(attr.pointee.name).lowercased() == wanted {
                var value = ""
                var c = attr.pointee.children
                while let t = c, value.utf8.count < ReadBudget.maxString {
                    value += Self.string(t.pointee.content, max: ReadBudget.maxString - value.utf8.count)
                    c = t.pointee.next
                }
                return value
            }
            a = attr.pointee.next
        }
        return nil
    }

    /// The text inside, raw (a script's JSON): no more than a text node keeps (`maxNodeText`).
    var rawText: String {
        var out = ""
        var c = node.pointee.children
        while let n = c, out.utf8.count < ReadBudget.maxNodeText {
            if n.pointee.type == XML_TEXT_NODE || n.pointee.type == XML_CDATA_SECTION_NODE {
                out += Self.string(n.pointee.content, max: ReadBudget.maxNodeText - out.utf8.count)
            }
            c = n.pointee.next
        }
        return out
    }

    /// The text a reader sees: scripts and styles left out, and a line break where a block
    /// element (a paragraph, a list item) begins or ends, so that `<li>` steps stay apart. At
    /// most `ReadBudget.maxString` bytes, and what `budget` has left: a microdata property
    /// nested in two hundred others is read two hundred times.
    /// `separated`: every element's text apart from its neighbours' by a space (an ingredient's
    /// "<span>4</span><span>Eier</span>" is "4 Eier"), without a space before a comma or a point,
    /// the source's line breaks as spaces and a block's ends as `<br>`.
    /// An ingredient line's text (`separated`) comes from the budget's own room for lines.
    func text(budget: ReadBudget, separated: Bool = false) throws(ReadLimit) -> String {
        var out = ""
        let room = separated ? budget.room(forLine: ReadBudget.maxString) : budget.room(for: ReadBudget.maxString)
        try Self.collect(node, depth: 0, room: room, budget: budget, separated: separated, into: &out)
        if separated { budget.spend(lineText: out.utf8.count) } else { budget.spend(text: out.utf8.count) }
        guard separated else { return out }
        return out.replacingOccurrences(of: #"[ \t]+([,.;:)])"#, with: "$1", options: .regularExpression)
            .replacingOccurrences(of: #"\([ \t]+"#, with: "(", options: .regularExpression)
    }

    /// The element this one is in; nil at the top.
    var parent: HTMLNode? {
        guard let p = node.pointee.parent, p.pointee.type == XML_ELEMENT_NODE else { return nil }
        return HTMLNode(node: p)
    }

    private static let blocks: Set<String> = [
        "p", "div", "li", "br", "tr", "ol", "ul", "h1", "h2", "h3", "h4", "h5", "h6",
                                              "section", "article", "dd", "dt", "table", "blockquote", "hr"]
    private static let cells: Set<String> = ["td", "th"]
    private static let hidden: Set<String> = ["script", "style", "template", "noscript"]

    private static func collect(_ node: xmlNodePtr, depth: Int, room: Int, budget: ReadBudget, separated: Bool,
                                into out: inout String) throws(ReadLimit) {
        guard depth < ReadBudget.maxDepth else { return }
        var c = node.pointee.children
        while let n = c, out.utf8.count < room {
            try budget.step()
            switch n.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                let text = string(n.pointee.content, max: room - out.utf8.count)
                // A line break in the page's source is a space, as a browser shows it; only the
                // markup breaks a line (said as `<br>` to the ingredient reader, `IngredientLines`).
                out += separated ? String(text.map { $0.isNewline ? " " : $0 }) : text
            case XML_ELEMENT_NODE:
                let name = string(n.pointee.name).lowercased()
                guard !hidden.contains(name) else { break }
                // Cells stand apart as blocks do, on one line: "1 Stück" | "Knoblauchzehe".
                let block = blocks.contains(name), apart = separated || cells.contains(name)
                let mark = separated ? "<br>" : "\n"
                if block { out += mark } else if apart { out += " " }
                try collect(n, depth: depth + 1, room: room, budget: budget, separated: separated, into: &out)
                if block { out += mark } else if apart { out += " " }
            default: break
            }
            c = n.pointee.next
        }
    }

    /// At most `max` bytes of libxml2's text (a cut inside a character leaves a replacement character).
    static func string(_ p: UnsafePointer<xmlChar>?, max: Int) -> String {
        guard let p, max > 0 else { return "" }
        let n = strnlen(UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self), max)
        return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    }

    static func string(_ p: UnsafePointer<xmlChar>?) -> String {
        p.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? ""
    }
}
