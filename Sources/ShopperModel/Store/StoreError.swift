import Foundation

/// Why the store could not be opened or written. Messages name the file and say what was kept.
public enum StoreError: Error, Equatable, Sendable, LocalizedError {
    case folderNotWritable(path: String, reason: String)
    /// Writable by users other than its owner, who is not us: someone else could swap our file.
    case unsafeFolder(path: String)
    case readOnly(path: String)
    case notADatabase(path: String)
    case notAShopperStore(path: String)
    case newerSchema(path: String, found: String, supported: String)
    case cannotOpen(path: String, reason: String)
    case damagedRow(table: String, id: Int64?, what: String)
    case writeFailed(reason: String)
    /// Another process changed an item this process was about to overwrite; nothing was written.
    case conflict(ItemID)
    /// Undo or redo would overwrite what another process (or device) changed since.
    case changedElsewhere(description: String, action: String)

    public var errorDescription: String? {
        switch self {
        case .folderNotWritable(let p, let r):
            "Cannot use the data folder “\(p)”: \(r). Choose a writable folder with SHOPPER_DATA_DIR."
        case .unsafeFolder(let p):
            "The data folder “\(p)” belongs to another user and others can write to it, so they could change your list. Nothing was read from it; choose a folder of your own with SHOPPER_DATA_DIR."
        case .readOnly(let p):
            "“\(p)” is read-only, so changes could not be saved. Make it writable (chmod u+w) and start Shopper again. Nothing was changed."
        case .notADatabase(let p):
            "“\(p)” is not a Shopper data file (it is not an SQLite database). It was left untouched; move it away to start afresh."
        case .notAShopperStore(let p):
            "“\(p)” is a database of another program, not a Shopper data file. It was left untouched."
        case .newerSchema(let p, let found, let supported):
            "“\(p)” was written by a newer version of Shopper (data version \(found); this version reads up to \(supported)). It was left untouched; update Shopper to open it."
        case .cannotOpen(let p, let r):
            "Cannot open “\(p)”: \(r). Nothing was changed."
        case .damagedRow(let table, let id, let what):
            "The data file is damaged: \(id.map { "\(table) \($0)" } ?? "a row of \(table)") has \(what). Nothing was changed."
        case .writeFailed(let r):
            "Could not save the change: \(r). Nothing was changed."
        case .conflict:
            "An item was changed by another program at the same moment. Nothing was changed; try again."
        case .changedElsewhere(let d, let a):
            "Cannot \(a): “\(d)” was changed elsewhere since. Nothing was changed."
        }
    }
}
