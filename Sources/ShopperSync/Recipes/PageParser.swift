import CXML
import Foundation
import ShopperModel

/// libxml2's HTML parser building its tree through callbacks that count as it goes: every node
/// (at most `ReadBudget.maxNodes`), how deep the elements nest (`maxDepth`), each text node's
/// length (past `maxNodeText` the rest is not kept) and the clock. Over a limit, the parse is
/// stopped where it stands (`xmlStopParser`) and the limit said; libxml2 running out of memory
/// is said as that too, never as a page without a recipe.
final class PageParser {
    private let budget: ReadBudget
    private var nodes = 0
    private var depth = 0
    /// Bytes of the text node being built (libxml2 gives a text in pieces).
    private var textRun = 0
    private(set) var limit: ReadLimit?
    /// libxml2 said it ran out of memory during the parse on this thread (its error handler is
    /// per thread, and the helper parses on one).
    nonisolated(unsafe) private static var outOfMemory = false

    private init(budget: ReadBudget) { self.budget = budget }

    /// The page's tree, from UTF-8 without a NUL (`PageEncoding`); nil when libxml2 makes none.
    /// The caller frees it.
    static func parse(_ data: Data, budget: ReadBudget) throws(ReadLimit) -> htmlDocPtr? {
        guard !data.isEmpty, data.count < Int32.max, let ctxt = htmlNewParserCtxt() else { return nil }
        defer { htmlFreeParserCtxt(ctxt) }
        let parser = PageParser(budget: budget)
        ctxt.pointee._private = Unmanaged.passUnretained(parser).toOpaque()
        install(ctxt.pointee.sax)
        shopper_xml_quiet()
        // Without network access (no DTD or entity is fetched), without messages, recovering from
        // the markup real pages have, and in the encoding given: a `<meta charset>` is not obeyed.
        let options = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                            | HTML_PARSE_RECOVER.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)
        // libxml2 out of memory says so only to its error handler (a buffer it could not grow
        // leaves an empty document, which would read as a page without a recipe).
        outOfMemory = false
        xmlSetStructuredErrorFunc(nil) { _, error in
            if error?.pointee.code == Int32(XML_ERR_NO_MEMORY.rawValue) { PageParser.outOfMemory = true }
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let doc = withExtendedLifetime(parser) {
            data.withUnsafeBytes { raw in
                htmlCtxtReadMemory(
                    ctxt, raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(raw.count), "page.html", "UTF-8",
                    options)
            }
        }
        if let limit = parser.limit
            ?? (outOfMemory || ctxt.pointee.errNo == Int32(XML_ERR_NO_MEMORY.rawValue) ? .memory : nil)
        {
            if let doc { xmlFreeDoc(doc) }
            throw limit
        }
        return doc
    }

    private static func install(_ sax: UnsafeMutablePointer<xmlSAXHandler>?) {
        guard let sax else { return }
        sax.pointee.startElement = { ctx, name, atts in
            guard let p = PageParser.of(ctx), p.counted({ () throws(ReadLimit) in try p.opened(attributes: atts) }, ctx)
            else { return }
            xmlSAX2StartElement(ctx, name, atts)
        }
        sax.pointee.endElement = { ctx, name in
            if let p = PageParser.of(ctx) { p.depth -= 1; p.textRun = 0 }
            xmlSAX2EndElement(ctx, name)
        }
        sax.pointee.characters = { ctx, ch, len in
            guard let p = PageParser.of(ctx), let kept = p.text(len, ctx), kept > 0 else { return }
            xmlSAX2Characters(ctx, ch, kept)
        }
        sax.pointee.cdataBlock = { ctx, ch, len in
            guard let p = PageParser.of(ctx), let kept = p.text(len, ctx), kept > 0 else { return }
            xmlSAX2CDataBlock(ctx, ch, kept)
        }
        sax.pointee.comment = { ctx, value in
            guard let p = PageParser.of(ctx), p.counted({ () throws(ReadLimit) in try p.node() }, ctx) else { return }
            p.textRun = 0
            xmlSAX2Comment(ctx, value)
        }
    }

    /// The parser of a libxml2 context (its `_private`); nil once it was stopped.
    private static func of(_ ctx: UnsafeMutableRawPointer?) -> PageParser? {
        guard let raw = ctx?.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return nil }
        let parser = Unmanaged<PageParser>.fromOpaque(raw).takeUnretainedValue()
        return parser.limit == nil ? parser : nil
    }

    /// Runs a count; over a limit the parse stops (false).
    private func counted(_ count: () throws(ReadLimit) -> Void, _ ctx: UnsafeMutableRawPointer?) -> Bool {
        do {
            try count()
            return true
        } catch {
            limit = error
            xmlStopParser(ctx?.assumingMemoryBound(to: xmlParserCtxt.self))
            return false
        }
    }

    private func node(_ count: Int = 1) throws(ReadLimit) {
        nodes += count
        guard nodes <= ReadBudget.maxNodes else { throw .nodes(ReadBudget.maxNodes) }
        try budget.step()
    }

    /// An element, and its attributes: each is two nodes of the tree (the attribute, its text).
    private func opened(attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) throws(ReadLimit) {
        var pairs = 0
        while let atts = attributes, atts[2 * pairs] != nil { pairs += 1 }
        try node(1 + 2 * pairs)
        depth += 1
        textRun = 0
        guard depth <= ReadBudget.maxDepth else { throw .depth(ReadBudget.maxDepth) }
    }

    /// How much of `len` more bytes of text to keep: a new text node is a node; past
    /// `maxNodeText` of one, nothing more of it.
    private func text(_ len: Int32, _ ctx: UnsafeMutableRawPointer?) -> Int32? {
        if textRun == 0, !counted({ () throws(ReadLimit) in try node() }, ctx) { return nil }
        let kept = max(0, min(Int(len), ReadBudget.maxNodeText - textRun))
        textRun += Int(len)
        guard counted({ () throws(ReadLimit) in try budget.step() }, ctx) else { return nil }
        return Int32(kept)
    }
}
