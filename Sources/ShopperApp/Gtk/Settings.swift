import CGtk

/// An owned GSettings object, or nil when its schema is not installed (g_settings_new would abort).
/// Tests run with GSETTINGS_BACKEND=memory, so nothing they change is written.
@MainActor
final class SettingsStore: SignalSource {
    let raw: UnsafeMutablePointer<GSettings>
    /// The schema's keys: an older compiled schema (a build run against stale schemas) may lack a
    /// newer key, and reading a missing key aborts; such a key reads as nil and keeps its default.
    private let keys: Set<String>
    var gobject: UnsafeMutablePointer<GObject> { CGtk.shopper_object(raw) }

    /// From the installed schemas, else from `directory` (an install that is not on the system's
    /// data path, such as a DESTDIR).
    init?(schema id: String, directory: String? = nil) {
        if let source = g_settings_schema_source_get_default(),
            let schema = g_settings_schema_source_lookup(source, id, 1)
        {
            keys = Self.keys(of: schema)
            g_settings_schema_unref(schema)
            raw = g_settings_new(id)!
            return
        }
        guard let directory,
            let source = g_settings_schema_source_new_from_directory(
                directory, g_settings_schema_source_get_default(), 0, nil)
        else { return nil }
        defer { g_settings_schema_source_unref(source) }
        guard let schema = g_settings_schema_source_lookup(source, id, 0) else { return nil }
        defer { g_settings_schema_unref(schema) }
        keys = Self.keys(of: schema)
        raw = g_settings_new_full(schema, nil, nil)!
    }

    private static func keys(of schema: OpaquePointer) -> Set<String> {
        guard let list = g_settings_schema_list_keys(schema) else { return [] }
        defer { g_strfreev(list) }
        var out = Set<String>()
        var i = 0
        while let p = list[i] { out.insert(String(cString: p)); i += 1 }
        return out
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(raw)) }

    func bool(_ key: String) -> Bool? { keys.contains(key) ? g_settings_get_boolean(raw, key) != 0 : nil }
    func set(_ key: String, _ value: Bool) { if keys.contains(key) { g_settings_set_boolean(raw, key, value ? 1 : 0) } }

    func string(_ key: String) -> String? {
        guard keys.contains(key) else { return nil }
        let p = g_settings_get_string(raw, key)!
        defer { g_free(p) }
        return String(cString: p)
    }
    func set(_ key: String, _ value: String) { if keys.contains(key) { g_settings_set_string(raw, key, value) } }

    /// Calls `f` with the key's name whenever any key changes.
    func onChanged(_ f: @escaping @MainActor (String) -> Void) {
        onPointer("changed") { key in f(key.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "") }
    }
}
