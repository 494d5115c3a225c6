import CXML
import Foundation
import ShopperModel

/// The recipes a web page carries, read with libxml2's HTML parser (never by searching the text):
/// every `<script type="application/ld+json">` through the schema.org reader, and microdata
/// (`itemscope itemtype="…schema.org/Recipe"`). A recipe marked both ways is read once.
enum RecipePage {
    static func drafts(html data: Data, source: String?) -> [RecipeDraft] {
        guard let doc = parse(data) else { return [] }
        defer { xmlFreeDoc(doc) }
        guard let root = xmlDocGetRootElement(doc) else { return [] }
        var scripts: [String] = []
        var items: [[String: Any]] = []
        walk(HTMLNode(node: root), depth: 0, scripts: &scripts, items: &items)
        let drafts = scripts.flatMap { jsonLD($0, source: source) } + SchemaOrgRecipe.drafts(in: items, source: source)
        var seen = Set<[String]>()
        return drafts.filter { seen.insert([$0.title.lowercased()] + $0.ingredients).inserted }.prefix(SchemaOrgRecipe.maxRecipes).map { $0 }
    }

    /// Without network access (no DTD or entity is fetched), without messages on standard error,
    /// and recovering from the markup real pages have. Bytes that are UTF-8 are read as UTF-8
    /// (libxml2 otherwise takes a page without a `charset` for Latin-1); others as the page
    /// declares, unless it declares UTF-8 or nothing: libxml2 then stops at the first bad byte, so
    /// they are read again with each bad byte a replacement character.
    private static func parse(_ data: Data) -> htmlDocPtr? {
        guard !data.isEmpty, data.count < Int32.max else { return nil }
        shopper_xml_quiet()
        if String(validating: data, as: UTF8.self) != nil { return read(data, encoding: "UTF-8") }
        guard let doc = read(data, encoding: nil) else { return nil }
        let declared = doc.pointee.encoding.map { HTMLNode.string($0).lowercased() }
        guard declared == nil || declared == "utf-8" || declared == "utf8" else { return doc }
        xmlFreeDoc(doc)
        return read(Data(String(decoding: data, as: UTF8.self).utf8), encoding: "UTF-8")
    }

    private static func read(_ data: Data, encoding: String?) -> htmlDocPtr? {
        let options = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_RECOVER.rawValue)
        return data.withUnsafeBytes { raw in
            htmlReadMemory(raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(raw.count), "page.html", encoding, options)
        }
    }

    private static func walk(_ e: HTMLNode, depth: Int, scripts: inout [String], items: inout [[String: Any]]) {
        guard depth < 256 else { return }
        if e.name == "script" {
            if e.attribute("type")?.lowercased().contains("ld+json") == true { scripts.append(e.rawText) }
            return
        }
        if Microdata.isRecipe(e) { return items.append(Microdata.item(e)) }
        for child in e.elements { walk(child, depth: depth + 1, scripts: &scripts, items: &items) }
    }

    /// One JSON-LD block. Some sites leave raw line breaks or tabs inside their strings, which
    /// JSON forbids: read again with every control character a space (outside strings it was
    /// white space anyway).
    private static func jsonLD(_ text: String, source: String?) -> [RecipeDraft] {
        let data = Data(text.utf8)
        func parsed(_ d: Data) -> Any? { try? JSONSerialization.jsonObject(with: d, options: [.fragmentsAllowed]) }
        guard let object = parsed(data) ?? parsed(Data(data.map { $0 < 0x20 ? 0x20 : $0 })) else { return [] }
        return SchemaOrgRecipe.drafts(in: object, source: source)
    }
}
