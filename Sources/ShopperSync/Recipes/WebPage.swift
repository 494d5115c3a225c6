import Foundation

/// A recipe page's rules, kept by the one transport (`HTTPTransport`): https, or plain http to
/// this machine only; every redirect checked before it is followed (`next`), and every connection
/// on the address it reached (`ConnectLimit`); a deadline for the whole fetch, whatever the server
/// does; a cap on the size; only a page (2xx) read.
enum WebPage {
    /// Recipe pages run to a few hundred KB; a larger answer is cut and said so.
    static let maxSize = 5 << 20
    static let maxRedirects = 5

    /// 30 s, or SHOPPER_SYNC_DEADLINE when shorter (the tests).
    static var deadline: Deadline { Deadline(seconds: min(30, Deadline.seconds)) }

    /// The address checked: https, or http to this machine; a host; no user name or password.
    static func checked(_ address: String) throws(NetworkError) -> URL {
        guard let url = URL(string: address), url.user == nil, url.password == nil else { throw .badAddress(address) }
        try HTTPTransport.checkSecure(url)
        return url
    }

    /// The page's bytes and the address they came from, after redirects.
    static func get(_ address: String, deadline: Deadline = deadline) throws(RecipeImportError) -> (
        body: Data, url: URL
    ) {
        do {
            let url = try checked(address)
            let transport = HTTPTransport(.recipePage(from: url, deadline: deadline))
            let accept = "text/html,application/xhtml+xml,application/ld+json;q=0.9,application/json;q=0.9,*/*;q=0.5"
            let page = try transport.send("GET", url, headers: ["Accept": accept])
            return (page.body, page.url)
        } catch {
            throw .network(error)
        }
    }

    /// Where a redirect leads, checked before it is followed: by the rules of the first address
    /// (https, or plain http to this computer as written in full), and never further in than
    /// the import began (`AddressPlace`, read from the address as parsed): a page from the
    /// Internet may not send the helper to this computer's services or the local network's,
    /// nor a page on the local network to this computer.
    static func next(_ location: String, from url: URL, start: AddressPlace) throws(NetworkError) -> URL {
        guard let next = URL(string: location, relativeTo: url)?.absoluteURL else { throw .badAddress(location) }
        let checked: URL
        do { checked = try self.checked(next.absoluteString) } catch {
            throw .redirectedInsecurely(to: next.absoluteString)
        }
        guard AddressPlace.of(host: checked.host ?? "") <= start else {
            throw .redirectedInward(to: next.absoluteString)
        }
        return checked
    }
}

extension NetworkRules {
    /// A recipe page's rules, starting at `url` (already `WebPage.checked`): where it leads sets
    /// how far in its redirects may go.
    static func recipePage(from url: URL, deadline: Deadline) -> NetworkRules {
        NetworkRules(reach: .page(ConnectLimit(written: AddressPlace.of(host: url.host ?? ""))), answers: .pageOnly,
                     userAgent: "Shopper/1 (recipe import)", deadline: deadline, cap: WebPage.maxSize,
                     sends: WebPage.maxRedirects + 1, authorization: nil)
    }
}
