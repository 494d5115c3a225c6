import Foundation
import ShopperModel

/// Opens the store and reads what the lists need on a thread of its own while GTK and the
/// application start: at a million items the read took 800 ms, and connecting to the display,
/// starting GTK and registering the application 170 ms more, one after the other.
///
/// The model is made on that thread and handed over whole: nothing touches it there once `done` is
/// signalled, and nothing here before (hence unchecked).
final class ModelLoading: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<ShoppingModel, StoreError>?
    private let storeFile: String
    private let lastList: ListID?
    private let currency: String?
    private var started = false
    /// Opened alone for a search, before any window asked for the model (see `store()`).
    private var storeAlone: Result<Store, StoreError>?
    private let storeOpened = DispatchSemaphore(value: 0)
    private var storeWaited = false
    private var openingAlone = false
    private var searchTexts: StoreSearchTexts?

    /// `lastList`: the list shown last (it opens again), else the first. `currency`: the one chosen
    /// in the preferences ("" or nil: the locale's). `now`: false for a process D-Bus started as a
    /// service (GNOME Shell's search), which may never make a window: nothing is read until asked.
    init(storeFile: String, lastList: ListID? = nil, currency: String? = nil, now: Bool = true) {
        self.storeFile = storeFile
        self.lastList = lastList
        self.currency = currency
        if now { start() } else { openStoreAlone() }
    }

    /// A service start (GNOME Shell's search): the store is opened, and nothing more read, while
    /// GTK starts and the application registers, as the window's start reads the model.
    private func openStoreAlone() {
        openingAlone = true
        Thread.detachNewThread { [self] in
            storeAlone = Result { () throws(StoreError) in
                let store = try Store(path: storeFile)
                // What the search will look in, read now: the call that started the process waits
                // for GTK's start, not for this too.
                let texts = StoreSearchTexts(store: store)
                if (try? texts.prepare()) != nil { searchTexts = texts }
                return store
            }
            storeOpened.signal()
        }
    }

    /// Every list's texts, read with the store alone; handed over once.
    func takeSearchTexts() -> StoreSearchTexts? {
        guard (try? store()) != nil else { return nil }
        defer { searchTexts = nil }
        return searchTexts
    }

    private func start() {
        let reuse = try? store().map(UncheckedStore.init)
        started = true
        Thread.detachNewThread { [self] in
            result = Result { () throws(StoreError) in
                let store: Store
                if let reuse { store = reuse.store } else { store = try Store(path: storeFile) }
                StartupTimeline.shared.mark(.storeOpen)
                let lists = try store.lists()
                let list = lists.first { $0.id == lastList }?.id ?? lists.first?.id ?? .first
                let model = try ShoppingModel(store: store, list: list)
                StartupTimeline.shared.mark(.modelRead)
                return model
            }
            // The money format the window makes first, learned here (ICU's first use: a millisecond
            // and more) into its process-wide cache, while the main thread starts GTK.
            _ = UserLocale.current.money(currency: currency)
            done.signal()
        }
    }

    /// The store without the model, for a search in a process that has not read the model:
    /// opened once, and the model, when asked for, is read from it (one store a process: SQLite's
    /// locks are the process's, see ARCHITECTURE.md). Once the model is read, nil: ask the model.
    func store() throws(StoreError) -> Store? {
        guard !started, openingAlone else { return nil }
        waitForStoreAlone()
        return try storeAlone?.get()
    }

    private func waitForStoreAlone() {
        guard openingAlone, !storeWaited else { return }
        storeOpened.wait()
        storeWaited = true
    }

    /// Waits for the model and hands it over (once: this keeps no hold on it); the thread has let
    /// go of it.
    func model() throws(StoreError) -> ShoppingModel {
        if !started { start() }
        wait()
        defer { result = nil; storeAlone = nil }
        return try result!.get()
    }

    /// Waits for the thread to be done with the store (a process leaving on an error must not
    /// leave in the middle of opening it).
    func wait() {
        waitForStoreAlone()
        guard started, !waited else { return }
        done.wait()
        waited = true
    }

    private var waited = false
}

/// The store opened on the main thread, handed to the loading thread, which alone uses it until
/// `done` is signalled.
private struct UncheckedStore: @unchecked Sendable {
    let store: Store
}
