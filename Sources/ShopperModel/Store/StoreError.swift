import Foundation

/// Why the store could not be opened or written. Messages name the file and say what was kept.
package enum StoreError: Error, Equatable, Sendable, LocalizedError {
    case folderNotWritable(path: String, reason: String)
    /// Writable by users other than its owner, who is not us: someone else could swap our file.
    case unsafeFolder(path: String)
    case readOnly(path: String)
    case notADatabase(path: String)
    case notAShopperStore(path: String)
    case newerSchema(path: String, found: String, supported: String)
    case cannotOpen(path: String, reason: String)
    /// The store, its -wal or its -shm is a symbolic link: never followed out of the data folder.
    case linked(path: String)
    /// SQLite's check of the file found it malformed (`problem`, its first words): nothing is
    /// written to it, and the message says how to get the list back.
    case damaged(path: String, problem: String)
    /// A number from outside (a recipe's amount for the servings asked, the servings themselves)
    /// beyond what an item can hold: the sentence says which; nothing was changed.
    case outOfBounds(String)
    case damagedRow(table: String, id: Int64?, what: String)
    case writeFailed(reason: String)
    /// Another process changed an item this process was about to overwrite; nothing was written.
    case conflict(ItemID)
    /// Undo or redo would overwrite what another process (or device) changed since.
    case changedElsewhere(description: String, action: String)

    package var errorDescription: String? {
        switch self {
        case .folderNotWritable(let p, let r):
            L(
                "Cannot use the data folder “{path}”: {reason}. Choose a writable folder with SHOPPER_DATA_DIR.",
                ["path": p, "reason": r])
        case .unsafeFolder(let p):
            L(
                "The data folder “{path}” belongs to another user and others can write to it, so they could change your list. Nothing was read from it; choose a folder of your own with SHOPPER_DATA_DIR.",
                ["path": p])
        case .readOnly(let p):
            L(
                "“{path}” is read-only, so changes could not be saved. Make it writable (chmod u+w) and start Shopper again. Nothing was changed.",
                ["path": p])
        case .notADatabase(let p):
            L(
                "“{path}” is not a Shopper data file (it is not an SQLite database). It was left untouched; move it away to start afresh.",
                ["path": p])
        case .notAShopperStore(let p):
            L("“{path}” is a database of another program, not a Shopper data file. It was left untouched.", ["path": p])
        case .newerSchema(let p, let found, let supported):
            L(
                "“{path}” was written by a newer version of Shopper (data version {found}; this version reads up to {supported}). It was left untouched; update Shopper to open it.",
              ["path": p, "found": found, "supported": supported])
        case .cannotOpen(let p, let r):
            L("Cannot open “{path}”: {reason}. Nothing was changed.", ["path": p, "reason": r])
        case .linked(let p):
            L(
                "“{path}” is a symbolic link, and Shopper never follows links out of its data folder. Nothing was read or changed; put the file itself in its place, or remove the link.",
                ["path": p])
        case .damaged(let p, let problem):
            L(
                "“{path}” is damaged (SQLite's check reports: {problem}). Nothing was written to it. To get your lists back, put back your last backup of the file, or save what SQLite can still read with: sqlite3 “{path}” .recover | sqlite3 recovered.sqlite, and put recovered.sqlite in its place.",
              ["path": p, "problem": problem])
        case .outOfBounds(let sentence):
            sentence
        case .damagedRow(let table, let id, let what):
            id.map {
                L(
                    "The data file is damaged: {table} {id} has {problem}. Nothing was changed.",
                    ["table": table, "id": "\($0)", "problem": what])
            }
                ?? L(
                    "The data file is damaged: a row of {table} has {problem}. Nothing was changed.",
                    ["table": table, "problem": what])
        case .writeFailed(let r):
            L("Could not save the change: {reason}. Nothing was changed.", ["reason": r])
        case .conflict:
            L("An item was changed by another program at the same moment. Nothing was changed; try again.")
        case .changedElsewhere(let d, let a):
            L("Cannot {action}: “{item}” was changed elsewhere since. Nothing was changed.", ["action": a, "item": d])
        }
    }
}
