import CGtk

/// Holds a Swift closure for one signal connection. GLib owns one retain; its destroy notify releases
/// it when the handler is disconnected or the object is disposed, so the closure lives exactly as long
/// as the connection.
class SignalBox {}

// Immutable after init and only ever called on the main actor, hence safe to hand to it.
final class ClosureBox<F>: SignalBox, @unchecked Sendable {
    let call: F
    init(_ call: F) { self.call = call }
}

/// Returned by every `connect`: disconnects the handler if it is still connected. Safe after the object
/// is gone (it holds a GLib weak reference, never a dangling pointer).
@MainActor
final class SignalToken {
    private let weak: UnsafeMutablePointer<GWeakRef>
    let handlerID: gulong

    init(object: UnsafeMutablePointer<GObject>, handlerID: gulong) {
        weak = .allocate(capacity: 1)
        weak.initialize(to: GWeakRef())
        g_weak_ref_init(weak, object)
        self.handlerID = handlerID
    }

    isolated deinit {
        g_weak_ref_clear(weak)
        weak.deallocate()
    }

    var isConnected: Bool {
        guard let obj = g_weak_ref_get(weak) else { return false }
        defer { g_object_unref(obj) }
        return g_signal_handler_is_connected(obj, handlerID) != 0
    }

    func disconnect() {
        guard let obj = g_weak_ref_get(weak) else { return }
        if g_signal_handler_is_connected(obj, handlerID) != 0 { g_signal_handler_disconnect(obj, handlerID) }
        g_object_unref(obj)
    }
}

private let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<SignalBox>.fromOpaque(data).release()
}

func box<F>(_ data: gpointer?) -> ClosureBox<F> {
    Unmanaged<ClosureBox<F>>.fromOpaque(data!).takeUnretainedValue()
}

// One trampoline per C signature used. Each is a plain C function that enters the main actor:
// GTK calls signals on the main thread, where the app's actor runs.
private typealias VoidHandler = @MainActor () -> Void
private typealias BoolHandler = @MainActor () -> Bool
private typealias PointerHandler = @MainActor (gpointer?) -> Void
private typealias UIntHandler = @MainActor (UInt32) -> Void
private typealias KeyHandler = @MainActor (UInt32, GdkModifierType) -> Bool
private typealias PressHandler = @MainActor (Int32, Double, Double) -> Void
private typealias VelocityHandler = @MainActor (Double, Double) -> Void

private let voidTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    let b: ClosureBox<VoidHandler> = box(data)
    MainActor.assumeIsolated { b.call() }
}
private let boolTrampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
    let b: ClosureBox<BoolHandler> = box(data)
    return MainActor.assumeIsolated { b.call() ? 1 : 0 }
}
private let pointerTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, arg, data in
    let b: ClosureBox<PointerHandler> = box(data)
    // The pointer is GTK's, valid for this call on this (main) thread.
    let bits = UInt(bitPattern: arg)
    MainActor.assumeIsolated { b.call(UnsafeMutableRawPointer(bitPattern: bits)) }
}
private let uintTrampoline: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, arg, data in
    let b: ClosureBox<UIntHandler> = box(data)
    MainActor.assumeIsolated { b.call(arg) }
}
private let keyTrampoline: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
    _, keyval, _, state, data in
    let b: ClosureBox<KeyHandler> = box(data)
    return MainActor.assumeIsolated { b.call(keyval, state) ? 1 : 0 }
}
private let pressTrampoline: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = {
    _, n, x, y, data in
    let b: ClosureBox<PressHandler> = box(data)
    MainActor.assumeIsolated { b.call(n, x, y) }
}

private let velocityTrampoline: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void = { _, vx, vy, data in
    let b: ClosureBox<VelocityHandler> = box(data)
    MainActor.assumeIsolated { b.call(vx, vy) }
}

@MainActor
func connectSignal<F>(_ object: UnsafeMutablePointer<GObject>, _ signal: String, _ trampoline: GCallback,
                        _ handler: F) -> SignalToken {
    let data = Unmanaged.passRetained(ClosureBox(handler) as SignalBox).toOpaque()
    let id = g_signal_connect_data(object, signal, trampoline, data, releaseBox, GConnectFlags(0))
    return SignalToken(object: object, handlerID: id)
}

/// Anything backed by a GObject can have Swift closures connected to its signals.
@MainActor
protocol SignalSource {
    var gobject: UnsafeMutablePointer<GObject> { get }
}

extension SignalSource {
    /// Signals of shape `void (*)(Instance*, gpointer)`: clicked, toggled, activate, destroy, changed.
    @discardableResult
    func on(_ signal: String, _ handler: @escaping @MainActor () -> Void) -> SignalToken {
        connectSignal(gobject, signal, unsafeBitCast(voidTrampoline, to: GCallback.self), handler as VoidHandler)
    }

    /// `gboolean (*)(Instance*, gpointer)`: close-request. Return true to stop other handlers.
    @discardableResult
    func onBool(_ signal: String, _ handler: @escaping @MainActor () -> Bool) -> SignalToken {
        connectSignal(gobject, signal, unsafeBitCast(boolTrampoline, to: GCallback.self), handler as BoolHandler)
    }

    /// `void (*)(Instance*, gpointer arg, gpointer)`: notify::*, factory setup/bind/unbind.
    @discardableResult
    func onPointer(_ signal: String, _ handler: @escaping @MainActor (gpointer?) -> Void) -> SignalToken {
        connectSignal(gobject, signal, unsafeBitCast(pointerTrampoline, to: GCallback.self), handler as PointerHandler)
    }

    /// `void (*)(Instance*, guint, gpointer)`: the list's activate (GtkGridView::activate).
    @discardableResult
    func onUInt(_ signal: String, _ handler: @escaping @MainActor (UInt32) -> Void) -> SignalToken {
        connectSignal(gobject, signal, unsafeBitCast(uintTrampoline, to: GCallback.self), handler as UIntHandler)
    }

    /// GtkEventControllerKey::key-pressed. Return true when the key was handled.
    @discardableResult
    func onKey(_ handler: @escaping @MainActor (_ keyval: UInt32, _ state: GdkModifierType) -> Bool) -> SignalToken {
        connectSignal(gobject, "key-pressed", unsafeBitCast(keyTrampoline, to: GCallback.self), handler as KeyHandler)
    }

    /// GtkGestureSwipe::swipe: the velocity (px/s) as the finger left.
    @discardableResult
    func onSwipe(_ handler: @escaping @MainActor (_ vx: Double, _ vy: Double) -> Void) -> SignalToken {
        connectSignal(
            gobject, "swipe", unsafeBitCast(velocityTrampoline, to: GCallback.self), handler as VelocityHandler)
    }

    /// `void (*)(Instance*, gdouble x, gdouble y, gpointer)`: GtkEventControllerMotion::motion and
    /// enter (the same shape as a swipe's velocity).
    @discardableResult
    func onPoint(_ signal: String, _ handler: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) -> SignalToken {
        connectSignal(
            gobject, signal, unsafeBitCast(velocityTrampoline, to: GCallback.self), handler as VelocityHandler)
    }

    /// GtkGestureClick::pressed / released.
    @discardableResult
    func onPress(_ signal: String, _ handler: @escaping @MainActor (_ nPress: Int32, _ x: Double, _ y: Double) -> Void)
        -> SignalToken
    {
        connectSignal(gobject, signal, unsafeBitCast(pressTrampoline, to: GCallback.self), handler as PressHandler)
    }
}
