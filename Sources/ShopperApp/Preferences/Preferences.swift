import Foundation
import ShopperModel

/// The user's display preferences, kept in GSettings. Without the schema (a build run by hand) they
/// live in memory for the session and a warning says so.
@MainActor
final class Preferences {
    enum Key: String {
        case showQuantity = "show-quantity"
        case showCost = "show-cost"
        case showCheckboxes = "show-checkboxes"
        case tapToTick = "tap-to-tick"
        case sections = "sections"
        case priceBandThreshold = "price-band-threshold"
        /// An ISO 4217 code, or empty for the locale's currency.
        case currency = "currency"
        /// The id of the list shown last, opened at the next start: state, not a preference (a
        /// change of it redraws nothing).
        case lastList = "last-list"
        /// A notification when a sync brings another device's changes while the window is in the background.
        case notifyChanges = "notify-changes"

        var defaultValue: String {
            switch self {
            case .sections: "aisle"
            case .priceBandThreshold: DecimalText.format(Sectioning.defaultThreshold)
            case .currency, .lastList: ""
            default: "true"
            }
        }
    }

    /// nil without a schema: the values then live in `memory`.
    let settings: SettingsStore?
    private var memory: [Key: String] = [:]
    private var observers: [Int: @MainActor () -> Void] = [:]
    private var nextObserver = 0

    init(settings: SettingsStore?) {
        self.settings = settings
        settings?.onChanged { [weak self] key in if key != Key.lastList.rawValue { self?.notify() } }
    }

    /// Called after any preference changes, from this app or from outside (gsettings set).
    /// Returns a token for `removeObserver` (a window that closes lets go of its observer).
    @discardableResult
    func observe(_ f: @escaping @MainActor () -> Void) -> Int {
        nextObserver += 1
        observers[nextObserver] = f
        return nextObserver
    }

    func removeObserver(_ token: Int) { observers[token] = nil }

    private func notify() { observers.values.forEach { $0() } }

    var display: DisplayOptions {
        DisplayOptions(
            showQuantity: bool(.showQuantity), showCost: bool(.showCost), showCheckboxes: bool(.showCheckboxes),
                       tapToTick: bool(.tapToTick))
    }

    var sectioning: Sectioning {
        switch string(.sections) {
        case "none": return .none
        case "price-band":
            return .priceBand(threshold: DecimalText.parse(string(.priceBandThreshold)) ?? Sectioning.defaultThreshold)
        default: return .aisle
        }
    }

    /// Money in the user's locale, in the currency they chose (the locale's by default).
    var money: MoneyFormat { UserLocale.current.money(currency: string(.currency)) }

    /// The chosen currency, read without a window (`shopper add`).
    static func storedCurrency(paths: AppPaths) -> String {
        SettingsStore(schema: AppInfo.id, directory: paths.resource("../glib-2.0/schemas"))?.string(
            Key.currency.rawValue) ?? ""
    }

    func bool(_ k: Key) -> Bool { settings?.bool(k.rawValue) ?? (memory[k].map { $0 == "true" } ?? true) }
    func string(_ k: Key) -> String {
        settings?.string(k.rawValue) ?? memory[k] ?? k.defaultValue
    }

    func set(_ k: Key, _ v: Bool) {
        if let settings { settings.set(k.rawValue, v) } else { memory[k] = v ? "true" : "false"; notify() }
    }

    func set(_ k: Key, _ v: String) {
        if let settings { settings.set(k.rawValue, v) } else { memory[k] = v; if k != .lastList { notify() } }
    }
}
