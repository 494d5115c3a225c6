import Foundation
import ShopperModel

/// Turns on translations: the C library's locale from the environment, Shopper's message catalogue
/// ("shopper") from where it is installed or built, and GLib's lookups behind `L` and `N`. Runs
/// first, so even a command-line error speaks the user's language.
enum Translation {
    static let domain = MessageCatalogueFolder.domain

    static func setUp() {
        MessageCatalogue.bind(domain: domain, folder: MessageCatalogueFolder.find())
        Localization.translate = { MessageCatalogue.translate($0, domain: domain) }
        Localization.translatePlural = { MessageCatalogue.translate($0, $1, count: $2, domain: domain) }
    }
}
