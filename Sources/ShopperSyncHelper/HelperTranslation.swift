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
        Localization.translate = { text in String(cString: g_dgettext(domain, text)) }
        Localization.translatePlural = { one, many, n in String(cString: g_dngettext(domain, one, many, gulong(max(0, n)))) }
    }
}
