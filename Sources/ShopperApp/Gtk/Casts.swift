import CGtk

// Every pointer cast of the app is here. GTK types import into Swift either as typed pointers or as
// OpaquePointer; these turn one into the other. Use only on pointers known to be of the target type.

@inline(__always) func typed<T>(_ p: OpaquePointer) -> UnsafeMutablePointer<T> { UnsafeMutablePointer<T>(p) }
@inline(__always) func typed<T, U>(_ p: UnsafeMutablePointer<U>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(p).assumingMemoryBound(to: T.self)
}
@inline(__always) func gobject(_ p: gpointer) -> UnsafeMutablePointer<GObject> { shopper_object(p) }
@inline(__always) func gobject<T>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<GObject> { shopper_object(p) }
@inline(__always) func gobject(_ p: OpaquePointer) -> UnsafeMutablePointer<GObject> {
    shopper_object(UnsafeMutableRawPointer(p))
}
