import CGtk

/// GIO's network monitor: whether this machine has a network, and when that changes.
@MainActor
struct NetworkMonitor: SignalSource {
    let gobject: UnsafeMutablePointer<GObject>

    static var shared: NetworkMonitor {
        NetworkMonitor(gobject: shopper_object(UnsafeMutableRawPointer(g_network_monitor_get_default())))
    }

    /// Calls `f` each time the network becomes available.
    func onAvailable(_ f: @escaping @MainActor () -> Void) {
        // "network-changed" passes a gboolean: an int, as onUInt's guint.
        onUInt("network-changed") { available in if available != 0 { f() } }
    }
}
