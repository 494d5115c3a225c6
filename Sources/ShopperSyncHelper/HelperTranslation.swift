import Foundation
import CSync
import ShopperModel

/// The helper's messages in the user's language: the same catalogue as the window's, found the
/// same way, through GLib's lookups as the window's (`MessageCatalogue`, in the GTK layer the helper
/// does not link).
enum HelperTranslation {
    static func setUp() {
        let domain = MessageCatalogueFolder.domain
        setlocale(LC_ALL, "")
        bindtextdomain(domain, MessageCatalogueFolder.find())
        bind_textdomain_codeset(domain, "UTF-8")
        // Inside withCString: a message without a translation comes back as the very pointer given,
        // and the temporary C string Swift passes for a String argument is gone once the call returns.
        Localization.translate = { text in text.withCString { String(cString: g_dgettext(domain, $0)) } }
        Localization.translatePlural = { one, many, n in
            one.withCString { o in
                many.withCString { m in String(cString: g_dngettext(domain, o, m, gulong(max(0, n)))) }
            }
        }
    }
}
