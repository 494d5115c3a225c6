import Foundation

/// What one use of the network allows (`HTTPTransport` keeps them on every request): a sync's
/// (`NetworkRules.sync`: the server named, with its credentials) or a recipe page's
/// (`NetworkRules.recipePage`: anywhere on the Internet, never further in than it began).
struct NetworkRules {
    /// Where requests may go, and how a redirect is held to it.
    enum Reach {
        /// The server the user named (scheme, host and port), over https or to this machine: the
        /// credentials go nowhere else. A redirect that cannot be read is not followed.
        case server(URL)
        /// Where the first address led (`ConnectLimit`), https or this machine, never further in.
        case page(ConnectLimit)
    }

    /// Which answers come back to the caller.
    enum Answers {
        /// Every answer with its body (up to the cap): the caller reads the status (CalDAV's 207,
        /// 412, 404…).
        case any
        /// Only a page (2xx); any other status is a `NetworkError.status`, said before its body
        /// is read, and a size told over the cap is refused before a byte of it.
        case pageOnly
    }

    let reach: Reach
    let answers: Answers
    let userAgent: String
    /// Every request ends by then, whatever the server does.
    let deadline: Deadline
    /// The largest answer read, in bytes, unless a request gives its own.
    let cap: Int
    /// Requests one address may take, its redirects included.
    let sends: Int
    /// Basic credentials for every request, or none.
    let authorization: String?
}

extension NetworkRules.Reach {
    /// `url` when it may be requested; else why not.
    func admit(_ url: URL) throws(NetworkError) -> URL {
        switch self {
        case .server(let origin):
            // Every address, also those the server names (a principal, a calendar home), stays on the
            // server the user gave.
            guard HTTPTransport.sameServer(url, origin) else {
                throw .redirectedElsewhere(to: HTTPTransport.hostPort(url))
            }
            try HTTPTransport.checkSecure(url)
            return url
        case .page:
            return try WebPage.checked(url.absoluteString)
        }
    }

    /// Where a redirect to `location` leads, checked before it is followed; nil: not followed,
    /// the redirect is the answer.
    func follow(_ location: String, from url: URL) throws(NetworkError) -> URL? {
        switch self {
        case .server:
            guard let next = URL(string: location, relativeTo: url)?.absoluteURL else { return nil }
            return try admit(next)
        case .page(let limit):
            return try WebPage.next(location, from: url, start: limit.start)
        }
    }
}
