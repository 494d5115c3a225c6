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

    /// `lastList`: the list shown last (it opens again), else the first. `currency`: the one chosen
    /// in the preferences ("" or nil: the locale's).
    init(storeFile: String, lastList: ListID? = nil, currency: String? = nil) {
        Thread.detachNewThread { [self] in
            result = Result { () throws(StoreError) in
                let store = try Store(path: storeFile)
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

    /// Waits for the model and hands it over (once: this keeps no hold on it); the thread has let
    /// go of it.
    func model() throws(StoreError) -> ShoppingModel {
        wait()
        defer { result = nil }
        return try result!.get()
    }

    /// Waits for the thread to be done with the store (a process leaving on an error must not
    /// leave in the middle of opening it).
    func wait() {
        guard !waited else { return }
        done.wait()
        waited = true
    }

    private var waited = false
}
