import CSecret
import Foundation

/// The account's password in the Secret Service keyring (GNOME Keyring, KWallet), through libsecret;
/// never in the settings, the data file, a log or a command line.
public enum Keyring {
    public static func store(server: String, user: String, password: String) throws(SyncError) {
        var error: UnsafeMutablePointer<GError>?
        let label = "Shopper: \(user) on \(server)"
        guard shopper_secret_store(server, user, label, password, &error) != 0 else { throw failure(error) }
    }

    public static func password(server: String, user: String) throws(SyncError) -> String {
        var error: UnsafeMutablePointer<GError>?
        guard let p = shopper_secret_lookup(server, user, &error) else {
            if error != nil { throw failure(error) }
            throw .noPassword
        }
        defer { secret_password_free(p) }
        return String(cString: p)
    }

    public static func forget(server: String, user: String) {
        var error: UnsafeMutablePointer<GError>?
        _ = shopper_secret_clear(server, user, &error)
        if error != nil { g_error_free(error) }
    }

    private static func failure(_ error: UnsafeMutablePointer<GError>?) -> SyncError {
        defer { if error != nil { g_error_free(error) } }
        return .keyring(error.map { String(cString: $0.pointee.message) } ?? "unknown error")
    }
}
