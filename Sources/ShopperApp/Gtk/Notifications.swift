import CGtk

/// Desktop notifications (GNotification), sent as the application: GNOME Shell shows them through
/// org.gtk.Notifications, other desktops through org.freedesktop.Notifications. One sent with the
/// id of an earlier one replaces it. A click runs the notification's default action, an "app."
/// action (the only kind a notification may name), with its string target.
extension Application {
    /// The application `window` belongs to; nil for a window of none (a test's, a dialog's).
    init?(of window: Window) {
        guard let app = gtk_window_get_application(window.widget.typedPointer()) else { return nil }
        raw = app
    }

    private var gapp: UnsafeMutablePointer<GApplication> { UnsafeMutablePointer(OpaquePointer(raw)) }

    /// Only an application on the session bus can send one (GLib asserts it is registered).
    private var canNotify: Bool { g_application_get_is_registered(gapp) != 0 && g_application_get_is_remote(gapp) == 0 }

    func sendNotification(id: String, title: String, body: String, action: String, target: String?) {
        guard canNotify, let n = g_notification_new(title) else { return }
        if !body.isEmpty { g_notification_set_body(n, body) }
        g_notification_set_default_action_and_target_value(n, action, target.map { g_variant_new_string($0) })
        g_application_send_notification(gapp, id, n)
        g_object_unref(UnsafeMutableRawPointer(n))
    }

    func withdrawNotification(id: String) {
        guard canNotify else { return }
        g_application_withdraw_notification(gapp, id)
    }
}
