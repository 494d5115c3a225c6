import Foundation
import ShopperModel

/// The preferences window's rows, in order. The window is generated from this enum: reorder or
/// remove a case and its row moves or goes, with no other change.
enum PreferenceRow: CaseIterable {
    case showQuantity, showCost, showCheckboxes, tapToTick, sections, currency, priceBandThreshold
    case notifyChanges, householdName

    /// The group a row is shown in, in order.
    enum Group: CaseIterable {
        case lists, priceBands, sharing

        var title: String {
            switch self {
            case .lists: L("Lists")
            case .priceBands: L("Price Bands")
            case .sharing: L("Sharing")
            }
        }

        /// What the group's rows do, in the money shown (nil: the rows' own subtitles say it).
        func description(money: MoneyFormat) -> String? {
            switch self {
            case .lists: nil
            case .sharing:
                L("Others see your changes to shared lists and the plan under your name in the household; without one, under the account's user name.")
            case .priceBands:
                // An entry row has no subtitle: what the amount is, and in what money, is said here.
                L(
                    "With sections by price band, the items whose cost on the list is at least this amount come first, then the rest. In the money of the lists: {example}.",
                  ["example": money.format(50)])
            }
        }
    }

    var group: Group {
        switch self {
        case .priceBandThreshold: .priceBands
        case .notifyChanges, .householdName: .sharing
        default: .lists
        }
    }

    enum Control {
        case toggle(Preferences.Key)
        /// (stored value, shown title) pairs.
        case choice(Preferences.Key, [(value: String, title: String)])
        /// An exact amount above zero.
        case amount(Preferences.Key)
        /// The name this desktop's changes travel with: the store's, shared with the sharing helper.
        case householdName
    }

    var title: String {
        switch self {
        case .showQuantity: L("Show quantity")
        case .showCost: L("Show cost")
        case .showCheckboxes: L("Show checkboxes")
        case .tapToTick: L("Tap a row to tick it off")
        case .sections: L("Sections")
        case .priceBandThreshold: L("Price band threshold")
        case .currency: L("Currency")
        case .notifyChanges: L("Say when others change things")
        case .householdName: L("Your name in the household")
        }
    }

    var subtitle: String {
        switch self {
        case .showQuantity: L("Quantity and unit on each row")
        case .showCost: L("Quantity × price on each row")
        case .showCheckboxes: L("Without them, a click where the checkbox was acts as a row click")
        case .tapToTick: L("On the Shopping List, as in the store; edit with the pencil button or F2")
        case .sections: L("Divide the lists into sections")
        case .priceBandThreshold: L("With price band sections: items costing at least this come first")
        case .currency: L("For shopping in another currency than your language's")
        case .notifyChanges:
            L("A notification when a shared list or the plan changes on another device while Shopper is in the background")
        case .householdName: L("Empty: the account's user name")
        }
    }

    var control: Control {
        switch self {
        case .showQuantity: .toggle(.showQuantity)
        case .showCost: .toggle(.showCost)
        case .showCheckboxes: .toggle(.showCheckboxes)
        case .tapToTick: .toggle(.tapToTick)
        case .sections:
            .choice(.sections, [("aisle", L("By aisle")), ("price-band", L("By price band")), ("none", L("None"))])
        case .priceBandThreshold: .amount(.priceBandThreshold)
        case .currency: .choice(.currency, Self.currencies)
        case .notifyChanges: .toggle(.notifyChanges)
        case .householdName: .householdName
        }
    }

    /// The locale's own first, then the currencies people most often shop in, by code.
    static var currencies: [(value: String, title: String)] {
        let own = UserLocale.current.money().currencyCode
        let codes = ["EUR", "USD", "GBP", "CHF", "JPY", "CNY", "INR", "CAD", "AUD", "NZD", "SEK", "NOK", "DKK", "PLN",
                     "CZK", "HUF", "RON", "BGN", "TRY", "ILS", "AED", "SAR", "EGP", "ZAR", "BRL", "MXN", "ARS", "KRW",
                     "SGD", "HKD", "THB", "IDR", "PHP", "UAH"]
        let names = Locale(identifier: UserLocale.current.monetary ?? "en")
        let title = { (code: String) in
            L("{currency} ({code})", ["currency": names.localizedString(forCurrencyCode: code) ?? code, "code": code])
        }
        return [("", own.map { L("{currency}, your language's", ["currency": title($0)]) } ?? L("None"))]
            + codes.map { ($0, title($0)) }
    }
}
