import CGtk

/// An element of a small XML file of the app's own (the metainfo), read with GLib's GMarkup: GTK
/// has loaded it already, where Foundation's XMLDocument brought libxml2 and ICU into every start.
/// Not for files from outside (GMarkup is no general XML parser).
struct MarkupElement: Equatable {
    enum Node: Equatable {
        case element(MarkupElement)
        case text(String)
    }

    var name: String
    var attributes: [String: String] = [:]
    var nodes: [Node] = []

    var elements: [MarkupElement] { nodes.compactMap { if case .element(let e) = $0 { e } else { nil } } }
    /// Its text, and its elements' text, trimmed.
    var text: String {
        nodes.map { switch $0 { case .text(let t): t; case .element(let e): e.text } }.joined()
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The document's root element; nil when the file cannot be read or is not well-formed.
    static func read(path: String) -> MarkupElement? {
        var contents: UnsafeMutablePointer<gchar>?
        var length: gsize = 0
        guard g_file_get_contents(path, &contents, &length, nil) != 0, let contents else { return nil }
        defer { g_free(contents) }
        let builder = Builder()
        var parser = GMarkupParser(start_element: { _, name, names, values, data, _ in
            Builder.from(data).open(String(cString: name!), Builder.pairs(names, values))
        }, end_element: { _, _, data, _ in
            Builder.from(data).close()
        }, text: { _, text, length, data, _ in
            let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
            Builder.from(data).add(String(decoding: bytes, as: UTF8.self))
        }, passthrough: nil, error: nil)
        let context = g_markup_parse_context_new(
            &parser, G_MARKUP_DEFAULT_FLAGS, Unmanaged.passUnretained(builder).toOpaque(), nil)
        defer { g_markup_parse_context_free(context) }
        guard g_markup_parse_context_parse(context, contents, gssize(length), nil) != 0,
              g_markup_parse_context_end_parse(context, nil) != 0 else { return nil }
        return builder.root
    }

    /// The user's languages, most wanted first, as GLib derives them from the environment ("de_DE",
    /// "de", …, "C").
    static func userLanguages() -> [String] {
        guard let names = g_get_language_names() else { return [] }
        var out: [String] = []
        var i = 0
        while let p = names[i] {
            out.append(String(cString: p))
            i += 1
        }
        return out
    }

    /// Builds the tree as GMarkup reports it (open, text, close).
    private final class Builder {
        var stack: [MarkupElement] = []
        var root: MarkupElement?

        static func from(_ data: gpointer?) -> Builder { Unmanaged<Builder>.fromOpaque(data!).takeUnretainedValue() }

        static func pairs(_ names: UnsafeMutablePointer<UnsafePointer<gchar>?>?,
                          _ values: UnsafeMutablePointer<UnsafePointer<gchar>?>?) -> [String: String] {
            var out: [String: String] = [:]
            var i = 0
            while let n = names?[i], let v = values?[i] {
                out[String(cString: n)] = String(cString: v)
                i += 1
            }
            return out
        }

        func open(_ name: String, _ attributes: [String: String]) {
            stack.append(MarkupElement(name: name, attributes: attributes))
        }

        func add(_ text: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].nodes.append(.text(text))
        }

        func close() {
            guard let done = stack.popLast() else { return }
            if stack.isEmpty { root = done } else { stack[stack.count - 1].nodes.append(.element(done)) }
        }
    }
}
