import CSync
import Foundation

/// How far in a fetch's connections may go (`AddressPlace`), checked on the address each one really
/// reached, not on how its host was written (`shopper_connect_guard` in CSync: libsoup resolves a
/// name itself, and only its connection says where it led). The first connection goes where the
/// address given leads (a name the person wrote for their own NAS is on the local network, and
/// that is theirs to ask) and sets the limit; every later one, a redirect's, may go no further in.
/// A page on the Internet that redirects to a name resolving to 127.0.0.1 or 10.x, or a name
/// that resolves outward once and inward the next time (DNS rebinding), is refused before a byte
/// is sent to it.
final class ConnectLimit {
    private let written: AddressPlace
    /// Where the first connection went, at least as far in as its address was written.
    private(set) var limit: AddressPlace?

    init(written: AddressPlace) { self.written = written }

    /// Whether a connection to this address (4 or 16 bytes) may be used.
    func allows(_ bytes: [UInt8]) -> Bool {
        let place: AddressPlace = switch bytes.count {
        case 4: AddressPlace.of(ipv4: bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        case 16: AddressPlace.of(ipv6: bytes)
        default: .thisComputer
        }
        guard let limit else {
            limit = max(written, place)
            return true
        }
        return place <= limit
    }

    /// The limit a redirect's written address is held to (`WebPage.next`).
    var start: AddressPlace { limit ?? written }

    /// Sends `msg`, every connection it makes checked first; `refused` when one was not allowed
    /// (the send is then cancelled through `cancellable`, and its error is that).
    func send(_ msg: OpaquePointer, session: OpaquePointer, cancellable: UnsafeMutablePointer<GCancellable>,
        error: inout UnsafeMutablePointer<GError>?
    ) -> (stream: UnsafeMutablePointer<GInputStream>?, refused: Bool) {
        let check: shopper_address_check = { bytes, length, context in
            guard let bytes, let context else { return 0 }
            let limit = Unmanaged<ConnectLimit>.fromOpaque(context).takeUnretainedValue()
            return limit.allows(Array(UnsafeBufferPointer(start: bytes, count: Int(length)))) ? 1 : 0
        }
        var guarded = shopper_connect_guard(check: check, context: Unmanaged.passUnretained(self).toOpaque(),
                                            cancellable: cancellable, refused: 0)
        let stream = withUnsafeMutablePointer(to: &guarded) { g in
            let handler = shopper_connect_guard_attach(msg, g)
            defer { g_signal_handler_disconnect(UnsafeMutableRawPointer(msg), handler) }
            return soup_session_send(UnsafeMutablePointer(session), msg, cancellable, &error)
        }
        return (stream, guarded.refused != 0)
    }
}
