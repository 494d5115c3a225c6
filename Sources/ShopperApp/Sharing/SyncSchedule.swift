/// When the shared lists sync on their own: at start, 2 s after a change here (the user's pause,
/// not every key), every 30 s while the window has focus, every 5 minutes while it has not (so a
/// partner's change is heard of: `ArrivalNotifier`), and when the network comes back.
@MainActor
final class SyncSchedule {
    private let sync: @MainActor () -> Void
    /// The timers and the network watch are set up once.
    private var started = false
    /// The sync waiting for the user's pause after a change.
    private var debounce: UInt32 = 0
    /// Whether the window has focus (a sync each period then; each `unfocusedPeriods`th without).
    var isActive: () -> Bool = { true }

    static let debounceMS: UInt32 = 2_000
    static let periodSeconds: UInt32 = 30
    /// Periods without focus between two syncs.
    static let unfocusedPeriods = 10
    private var unfocused = 0

    init(sync: @escaping @MainActor () -> Void) { self.sync = sync }

    /// Starts the timers and the network watch (once), and syncs now.
    func start() {
        guard !started else { sync(); return }
        started = true
        MainLoop.timeout(milliseconds: Self.periodSeconds * 1000) { [weak self] in
            guard let self else { return false }
            unfocused = isActive() ? 0 : unfocused + 1
            if unfocused % Self.unfocusedPeriods == 0 { sync() }
            return true
        }
        NetworkMonitor.shared.onAvailable { [weak self] in self?.sync() }
        sync()
    }

    /// A sync once the user pauses: another change meanwhile puts it off again.
    func soon() {
        if debounce != 0 { MainLoop.cancel(debounce) }
        debounce = MainLoop.after(milliseconds: Self.debounceMS) { [weak self] in
            self?.debounce = 0
            self?.sync()
        }
    }
}
