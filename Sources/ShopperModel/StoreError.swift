import Foundation

/// Why the store could not be opened or written. Messages name the file and say what was kept.
public enum StoreError: Error, Equatable, LocalizedError {
    case folderNotWritable(path: String, reason: String)
    case notADatabase(path: String)
    case notAShopperStore(path: String)
    case newerSchema(path: String, found: String, supported: String)
    case cannotOpen(path: String, reason: String)
    case writeFailed(reason: String)

    public var errorDescription: String? {
        switch self {
        case .folderNotWritable(let p, let r):
            "Cannot use the data folder “\(p)”: \(r). Choose a writable folder with SHOPPER_DATA_DIR."
        case .notADatabase(let p):
            "“\(p)” is not a Shopper data file (it is not an SQLite database). It was left untouched; move it away to start afresh."
        case .notAShopperStore(let p):
            "“\(p)” is a database of another program, not a Shopper data file. It was left untouched."
        case .newerSchema(let p, let found, let supported):
            "“\(p)” was written by a newer version of Shopper (data version \(found); this version reads up to \(supported)). It was left untouched; update Shopper to open it."
        case .cannotOpen(let p, let r):
            "Cannot open “\(p)”: \(r). Nothing was changed."
        case .writeFailed(let r):
            "Could not save the change: \(r). Nothing was changed."
        }
    }
}
