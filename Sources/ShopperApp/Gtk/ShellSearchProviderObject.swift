import CGtk

/// What GNOME Shell's overview asks of a search provider (org.gnome.Shell.SearchProvider2), in
/// Swift's terms. Called on the main thread.
@MainActor
protocol ShellSearchProvider: AnyObject {
    func initialResults(_ terms: [String]) -> [String]
    func subsearchResults(_ previous: [String], _ terms: [String]) -> [String]
    func resultMetas(_ ids: [String]) -> [ShellSearchResult]
    func activateResult(_ id: String, terms: [String], timestamp: UInt32)
    func launchSearch(_ terms: [String], timestamp: UInt32)
}

/// One result as the overview shows it: its name over a line of description.
struct ShellSearchResult: Equatable {
    let id: String
    let name: String
    let description: String
}

/// The search provider's object on the session bus (`DBusObject`). Registered on the process's shared session
/// connection before the application asks for its name: D-Bus activation hands the Shell's first
/// call over the moment the name is owned, before GApplication's "startup" runs, and a call to an
/// object not yet there would be refused.
@MainActor
enum ShellSearchProviderObject {
    static let interface = "org.gnome.Shell.SearchProvider2"

    /// Registers `provider` at `path`; false when there is no session bus or the path is taken.
    /// The provider is held for as long as the process runs.
    static func register(path: String, _ provider: ShellSearchProvider) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            g_clear_error(&error)
            return false
        }
        return DBusObject.register(on: bus, path: path, xml: xml) { method, parameters, invocation in
            Call(parameters: parameters, invocation: invocation).answer(method, provider)
        }
    }

    private static let xml = """
        <node><interface name="\(interface)">
        <method name="GetInitialResultSet"><arg type="as" name="terms" direction="in"/><arg type="as" name="results" \
        direction="out"/></method>
        <method name="GetSubsearchResultSet"><arg type="as" name="previous_results" direction="in"/><arg type="as" \
        name="terms" direction="in"/><arg type="as" name="results" direction="out"/></method>
        <method name="GetResultMetas"><arg type="as" name="identifiers" direction="in"/><arg type="aa{sv}" \
        name="metas" direction="out"/></method>
        <method name="ActivateResult"><arg type="s" name="identifier" direction="in"/><arg type="as" name="terms" \
        direction="in"/><arg type="u" name="timestamp" direction="in"/></method>
        <method name="LaunchSearch"><arg type="as" name="terms" direction="in"/><arg type="u" name="timestamp" \
        direction="in"/></method>
        </interface></node>
        """

    /// One method call: its parameters read, the provider asked, the invocation answered.
    @MainActor private struct Call {
        let parameters: OpaquePointer
        let invocation: OpaquePointer

        func answer(_ method: String, _ provider: ShellSearchProvider) {
            let p = parameters
            let reply: OpaquePointer?
            switch method {
            case "GetInitialResultSet":
                reply = strings(provider.initialResults(strings(p, 0)))
            case "GetSubsearchResultSet":
                reply = strings(provider.subsearchResults(strings(p, 0), strings(p, 1)))
            case "GetResultMetas":
                reply = metas(provider.resultMetas(strings(p, 0)))
            case "ActivateResult":
                provider.activateResult(string(p, 0), terms: strings(p, 1), timestamp: uint(p, 2))
                reply = nil
            default:
                provider.launchSearch(strings(p, 0), timestamp: uint(p, 1))
                reply = nil
            }
            g_dbus_method_invocation_return_value(invocation, reply)
        }

        private func child(_ tuple: OpaquePointer, _ i: Int) -> OpaquePointer {
            g_variant_get_child_value(tuple, gsize(i))
        }

        private func strings(_ tuple: OpaquePointer, _ i: Int) -> [String] {
            let v = child(tuple, i)
            defer { g_variant_unref(v) }
            var count: gsize = 0
            guard let list = g_variant_get_strv(v, &count) else { return [] }
            defer { g_free(list) }
            return (0..<Int(count)).compactMap { list[$0].map { String(cString: $0) } }
        }

        private func string(_ tuple: OpaquePointer, _ i: Int) -> String {
            let v = child(tuple, i)
            defer { g_variant_unref(v) }
            return String(cString: g_variant_get_string(v, nil))
        }

        private func uint(_ tuple: OpaquePointer, _ i: Int) -> UInt32 {
            let v = child(tuple, i)
            defer { g_variant_unref(v) }
            return g_variant_get_uint32(v)
        }

        /// `(as)`.
        private func strings(_ values: [String]) -> OpaquePointer {
            let c = values.map { UnsafePointer(strdup($0)) }
            defer { c.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
            var tuple: [OpaquePointer?] = [
                c.withUnsafeBufferPointer { g_variant_new_strv($0.baseAddress, gssize($0.count)) }
            ]
            return g_variant_new_tuple(&tuple, 1)
        }

        /// `(aa{sv})`: each result's id, name and description.
        private func metas(_ results: [ShellSearchResult]) -> OpaquePointer {
            let dictType = g_variant_type_new("a{sv}")
            defer { g_variant_type_free(dictType) }
            var dicts: [OpaquePointer?] = results.map { r in
                let fields: [(String, String)] = [("id", r.id), ("name", r.name), ("description", r.description)]
                var entries: [OpaquePointer?] = fields.map { field in
                    g_variant_new_dict_entry(
                        g_variant_new_string(field.0), g_variant_new_variant(g_variant_new_string(field.1)))
                }
                return g_variant_new_array(nil, &entries, gsize(entries.count))
            }
            var tuple: [OpaquePointer?] = [g_variant_new_array(dictType, &dicts, gsize(dicts.count))]
            return g_variant_new_tuple(&tuple, 1)
        }
    }
}
