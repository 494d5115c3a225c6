import CGtk

/// An owned GSettings object, or nil when its schema is not installed (g_settings_new would abort).
/// Tests run with GSETTINGS_BACKEND=memory, so nothing they change is written.
@MainActor
final class SettingsStore: SignalSource {
    let raw: UnsafeMutablePointer<GSettings>
    var gobject: UnsafeMutablePointer<GObject> { CGtk.shopper_object(raw) }

    /// From the installed schemas, else from `directory` (an install that is not on the system's
    /// data path, such as a DESTDIR).
    init?(schema id: String, directory: String? = nil) {
        if let source = g_settings_schema_source_get_default(), let schema = g_settings_schema_source_lookup(source, id, 1) {
            g_settings_schema_unref(schema)
            raw = g_settings_new(id)!
            return
        }
        guard let directory,
              let source = g_settings_schema_source_new_from_directory(directory, g_settings_schema_source_get_default(), 0, nil) else { return nil }
        defer { g_settings_schema_source_unref(source) }
        guard let schema = g_settings_schema_source_lookup(source, id, 0) else { return nil }
        defer { g_settings_schema_unref(schema) }
        raw = g_settings_new_full(schema, nil, nil)!
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(raw)) }

    func bool(_ key: String) -> Bool { g_settings_get_boolean(raw, key) != 0 }
    func set(_ key: String, _ value: Bool) { g_settings_set_boolean(raw, key, value ? 1 : 0) }

    func string(_ key: String) -> String {
        let p = g_settings_get_string(raw, key)!
        defer { g_free(p) }
        return String(cString: p)
    }
    func set(_ key: String, _ value: String) { g_settings_set_string(raw, key, value) }

    /// Calls `f` with the key's name whenever any key changes.
    func onChanged(_ f: @escaping @MainActor (String) -> Void) {
        onPointer("changed") { key in f(key.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "") }
    }
}
