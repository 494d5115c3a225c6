import Foundation
import ShopperModel

/// Shopper in GNOME Shell's overview: typing "milk" lists the matching items of every list
/// ("Milk", "1 l · Groceries · To buy"); choosing one opens the window on it. Answered by whichever
/// process owns the application's name: the window's, or one D-Bus started for the search alone
/// (`shopper --gapplication-service`), which reads the store and builds no window until a result
/// is chosen.
@MainActor
final class ShellSearch: ShellSearchProvider {
    static let objectPath = "/" + AppInfo.id.replacingOccurrences(of: ".", with: "/") + "/SearchProvider"
    /// The overview shows a handful; more would only be read and not shown.
    static let resultLimit = 20
    /// What any process on the session bus may send: words and ids beyond these are not read.
    static let maxTerms = 16, maxTermLength = 256, maxIDs = 100

    /// The store to search (the window's, or one read for the search), nil when it cannot be opened.
    private let store: @MainActor () -> Store?
    /// The texts a process started for a search read while GTK started, once.
    private let preparedTexts: @MainActor () -> StoreSearchTexts?
    private let money: @MainActor () -> MoneyFormat
    /// The window, made if need be, to open a result in.
    private let window: @MainActor () -> MainWindow?
    /// Each call keeps a process started for the search alone running a little longer.
    private let touched: @MainActor () -> Void

    init(store: @escaping @MainActor () -> Store?, preparedTexts: @escaping @MainActor () -> StoreSearchTexts?,
         money: @escaping @MainActor () -> MoneyFormat,
         window: @escaping @MainActor () -> MainWindow?, touched: @escaping @MainActor () -> Void) {
        self.store = store
        self.preparedTexts = preparedTexts
        self.money = money
        self.window = window
        self.touched = touched
    }

    /// Every list's texts while the overview searches (`StoreSearchTexts`); let go 10 s after.
    private var texts: StoreSearchTexts?
    private var lastSearch: TimeInterval = 0
    private var letGoScheduled = false

    func initialResults(_ terms: [String]) -> [String] {
        touched()
        let words = Self.words(terms)
        guard !words.isEmpty, let store = store() else { return [] }
        if texts?.store !== store {
            let prepared = preparedTexts()
            texts = prepared?.store === store ? prepared : StoreSearchTexts(store: store)
        }
        keepTexts()
        return ((try? texts?.find(words: words, limit: Self.resultLimit)) ?? []).map { "\($0.raw)" }
    }

    /// The overview narrows as the user types on: the kept texts are searched again (a few
    /// milliseconds at 100,000 items), since results past the limit of the first may match the
    /// longer words.
    func subsearchResults(_ previous: [String], _ terms: [String]) -> [String] { initialResults(terms) }

    private func keepTexts() {
        lastSearch = ProcessInfo.processInfo.systemUptime
        guard !letGoScheduled else { return }
        letGoScheduled = true
        _ = MainLoop.timeout(milliseconds: 2_000) { [weak self] in
            guard let self else { return false }
            guard ProcessInfo.processInfo.systemUptime - lastSearch >= Self.keptSeconds else { return true }
            texts = nil
            letGoScheduled = false
            return false
        }
    }

    static let keptSeconds: TimeInterval = 10

    func resultMetas(_ ids: [String]) -> [ShellSearchResult] {
        touched()
        guard let store = store() else { return [] }
        let found = (try? store.found(Self.itemIDs(ids))) ?? []
        let money = money()
        return found.map {
            ShellSearchResult(id: "\($0.item.id.raw)", name: $0.item.description, description: $0.summary(money))
        }
    }

    func activateResult(_ id: String, terms: [String], timestamp: UInt32) {
        touched()
        guard let item = Self.itemIDs([id]).first, let window = window(),
              let found = try? window.model.store.found([item]).first else {
            // Gone since it was shown: the window opens as it is.
            _ = window()
            return
        }
        window.search.openItem(item, in: found.item.list)
    }

    func launchSearch(_ terms: [String], timestamp: UInt32) {
        touched()
        window()?.search.searchEverywhere(Self.words(terms).joined(separator: " "))
    }

    /// The terms as search words, bounded: what the Shell sends is input from another process.
    static func words(_ terms: [String]) -> [String] {
        terms.prefix(maxTerms).map { String($0.prefix(maxTermLength)) }.filter { !$0.isEmpty }
    }

    static func itemIDs(_ ids: [String]) -> [ItemID] {
        ids.prefix(maxIDs).compactMap { Int64($0) }.filter { $0 > 0 }.map(ItemID.init)
    }
}
