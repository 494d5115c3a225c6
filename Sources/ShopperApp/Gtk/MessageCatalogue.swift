import CGtk

/// GLib's gettext lookups (g_dgettext and g_dngettext, which also cope with a catalogue that has
/// no translation for the locale's language).
enum MessageCatalogue {
    /// The C library's locale from the environment, and `domain`'s catalogues in `folder`.
    static func bind(domain: String, folder: String) {
        setlocale(LC_ALL, "")
        bindtextdomain(domain, folder)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    static func translate(_ message: String, domain: String) -> String {
        message.withCString { String(cString: g_dgettext(domain, $0)) }
    }

    static func translate(_ one: String, _ many: String, count: Int, domain: String) -> String {
        one.withCString { o in
            many.withCString { m in String(cString: g_dngettext(domain, o, m, gulong(max(0, count)))) }
        }
    }
}
