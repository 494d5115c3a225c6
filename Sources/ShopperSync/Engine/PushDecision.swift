/// What the server's answer to an upload (PUT) or a deletion (DELETE) means, by its status: a pure
/// table (PushDecisionTests), read by `CalDAVCollection.put` and `delete`.
enum PushReply: Equatable {
    /// Taken: stored, or deleted.
    case done
    /// Someone else changed, created or deleted it first (412; Radicale's 409 for a UID at another
    /// address; a 404 to an upload as new, where another client's task holds the address).
    case changedThere
    /// Not there to overwrite or delete.
    case goneThere
    /// The account may not change the task list.
    case forbidden
    /// Any other answer: the sync stops with it (a 5xx is "offline", the changes wait).
    case failed(status: Int)

    /// `status` of the PUT; `inner`, for a 207 (Xandikos refuses a PUT so), the first status in it
    /// (nil when none could be read); `asNew`: sent with If-None-Match, not over an ETag.
    static func put(status: Int, inner: Int?, asNew: Bool) -> PushReply {
        switch status {
        case 207: inner == 412 ? .changedThere : .failed(status: inner ?? 500)
        case 200..<300: .done
        case 412, 409: .changedThere
        case 404, 410: asNew ? .changedThere : .goneThere
        case 403: .forbidden
        default: .failed(status: status)
        }
    }

    static func delete(status: Int) -> PushReply {
        switch status {
        case 200..<300: .done
        case 404, 410: .goneThere
        case 412: .changedThere
        default: .failed(status: status)
        }
    }
}

/// What is there now, read after a 412 (`CalDAVCollection.get`).
enum CurrentTask: Equatable {
    /// Not read yet.
    case unread
    /// Gone meanwhile (or, for a deletion, a task that cannot be read).
    case gone
    /// There (for a deletion: edited since both sides last agreed).
    case there
    /// There, but only rewritten (a server may refold a task, or drop a property it does not keep):
    /// the same item as both sides last agreed on.
    case rewritten
    /// Merged into the item here; `newerHere`: the item is on this list, recorded, and its revision
    /// newer than the record's, so something is still to send.
    case merged(newerHere: Bool)
}

/// The next step of one item's upload, from the facts so far: a pure function, table-tested
/// (PushDecisionTests), carried out by `SyncEngine.send`.
enum UploadStep: Equatable {
    /// Taken: counted as sent, the record kept with the text sent and the new ETag.
    case keepRecord
    /// Gone there while edited here: the edit wins, as a new upload (one attempt less).
    case sendAsNew
    /// Changed there: what is there now is read, to merge with.
    case readCurrent
    /// What is there now is merged into the item here.
    case merge
    /// After the merge the item here is still newer: sent again over what is there (one attempt less).
    case sendMerged
    /// After the merge both sides agree: nothing is left to send.
    case settled
    /// No attempt left: counted as not sent, it waits for the next sync.
    case giveUp
}

struct UploadFacts: Equatable {
    /// What the server said to the upload (`PushReply`'s other cases are thrown by the collection).
    var reply: CalDAVCollection.WriteOutcome
    /// Tries left after this one (an item starts with 4).
    var attemptsLeft: Int
    var current = CurrentTask.unread
}

extension UploadStep {
    static func decide(_ f: UploadFacts) -> UploadStep {
        switch f.reply {
        case .done: return .keepRecord
        case .notFound: return f.attemptsLeft > 0 ? .sendAsNew : .giveUp
        case .preconditionFailed:
            guard f.attemptsLeft > 0 else { return .giveUp }
            switch f.current {
            case .unread: return .readCurrent
            case .gone: return .sendAsNew
            case .there, .rewritten: return .merge
            case .merged(let newerHere): return newerHere ? .sendMerged : .settled
            }
        }
    }
}

/// The next step of one deletion, from the facts so far: a pure function, table-tested
/// (PushDecisionTests), carried out by `SyncEngine.sendDeletion`.
enum DeletionStep: Equatable {
    /// Send the DELETE; `ifMatch`: only over the ETag last seen (an item moved to another list
    /// goes from this one whatever was done to it there).
    case send(ifMatch: Bool)
    /// Gone there: counted as deleted there, the record goes.
    case forget
    /// Changed there: what is there now is read.
    case readCurrent
    /// Gone meanwhile, or unreadable: the record goes, nothing counted.
    case dropRecord
    /// Only rewritten there, not edited: the deletion stands, sent again over the new ETag.
    case deleteAgain
    /// Edited there after it was deleted here: the edit wins, and it comes back here (merged).
    case merge
    /// Refused again after a retry: counted as not sent, it waits for the next sync.
    case giveUp
}

struct DeletionFacts: Equatable {
    /// The item is in another list here now.
    var movedAway = false
    /// The server's answer; nil before the DELETE is sent.
    var reply: CalDAVCollection.WriteOutcome?
    /// This DELETE is the second, over a rewritten task's new ETag.
    var retried = false
    var current = CurrentTask.unread
}

extension DeletionStep {
    static func decide(_ f: DeletionFacts) -> DeletionStep {
        guard let reply = f.reply else { return .send(ifMatch: !f.movedAway) }
        switch reply {
        case .done, .notFound: return .forget
        case .preconditionFailed:
            guard !f.retried else { return .giveUp }
            switch f.current {
            case .unread: return .readCurrent
            case .gone: return .dropRecord
            case .rewritten: return .deleteAgain
            case .there, .merged: return .merge
            }
        }
    }
}
