import CSecret
import Foundation

/// The account's password in the Secret Service keyring (GNOME Keyring, KWallet), through libsecret;
/// never in the settings, the data file, a log or a command line.
package enum Keyring {
    static func store(server: String, user: String, password: String) throws(SyncError) {
        let label = "Shopper: \(user) on \(server)"
        _ = try reconnecting { error in shopper_secret_store(server, user, label, password, &error) != 0 ? true : nil }
    }

    package static func password(server: String, user: String) throws(SyncError) -> String {
        let p = try reconnecting { error -> UnsafeMutablePointer<gchar>?? in
            let p = shopper_secret_lookup(server, user, &error)
            return error == nil ? .some(p) : nil
        }
        guard let p else { throw .noPassword }
        defer { secret_password_free(p) }
        return String(cString: p)
    }

    static func forget(server: String, user: String) {
        _ = try? reconnecting { error in shopper_secret_clear(server, user, &error) != 0 || error == nil ? true : nil }
    }

    /// Runs `call` (nil and a GError on failure); on a failure, once more on a new connection.
    /// libsecret keeps its connection to the Secret Service for the life of the process: after the
    /// keyring daemon restarted, every call went to the name it had left ("The name :1.0 was not
    /// provided by any .service files") until Shopper itself was restarted.
    private static func reconnecting<T>(_ call: (inout UnsafeMutablePointer<GError>?) -> T?) throws(SyncError) -> T {
        var error: UnsafeMutablePointer<GError>?
        if let done = call(&error) { return done }
        g_error_free(error)
        error = nil
        secret_service_disconnect()
        if let done = call(&error) { return done }
        throw failure(error)
    }

    private static func failure(_ error: UnsafeMutablePointer<GError>?) -> SyncError {
        defer { if error != nil { g_error_free(error) } }
        return .keyring(error.map { String(cString: $0.pointee.message) } ?? "unknown error")
    }
}
