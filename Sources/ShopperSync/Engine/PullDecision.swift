/// What the server's answer to a read means, by its status: a pure table (PullDecisionTests), read
/// by `CalDAVCollection.changes`, `listing` and `get`.
enum PullReply: Equatable {
    /// An answer to read.
    case read
    /// The task list itself is gone (404, 410): the sync stops and says so.
    case collectionGone
    /// The one task asked for is gone (a GET after a 412).
    case taskGone
    /// The sync-collection token is not taken (or the report not offered): every ETag is listed instead.
    case tokenRefused
    /// Any other answer: the sync stops with it (a 5xx is "offline", the changes wait).
    case failed(status: Int)

    /// A sync-collection REPORT (RFC 6578); `sentToken`: from a token, not from nothing.
    static func changes(status: Int, sentToken: Bool) -> PullReply {
        switch status {
        case 207: .read
        case 404, 410: .collectionGone
        case 400, 403, 405, 409, 412, 415, 501: .tokenRefused
        // Xandikos answers a token it does not know with 500: the listing tells whether the
        // server itself is failing.
        case 500...: sentToken ? .tokenRefused : .failed(status: status)
        default: .failed(status: status)
        }
    }

    /// A calendar-query REPORT listing every task's ETag.
    static func listing(status: Int) -> PullReply {
        switch status {
        case 207: .read
        case 404, 410: .collectionGone
        default: .failed(status: status)
        }
    }

    /// One task's GET.
    static func task(status: Int) -> PullReply {
        switch status {
        case 200..<300: .read
        case 404, 410: .taskGone
        default: .failed(status: status)
        }
    }
}
