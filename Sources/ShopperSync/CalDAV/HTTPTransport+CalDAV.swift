import Foundation

/// A sync's rules: the server the user named and nowhere else, with the account's credentials
/// (Basic, over https or to this machine only), every answer read up to 16 MB and handed to the
/// CalDAV code, which reads its status.
extension NetworkRules {
    static func sync(server: URL, user: String, password: String, deadline: Deadline) -> NetworkRules {
        NetworkRules(reach: .server(server), answers: .any, userAgent: "Shopper/1 (CalDAV)", deadline: deadline,
                     cap: HTTPTransport.maxResponse, sends: 5,
                     authorization: "Basic " + Data("\(user):\(password)".utf8).base64EncodedString())
    }
}

extension HTTPTransport {
    /// An answer larger than this is not read on (a task list's listing of 20,000 tasks is ~5 MB).
    static let maxResponse = 16 << 20

    /// A transport for a sync, or a share's discovery, of the server at `server`; every request
    /// ends by `deadline`.
    convenience init(server: URL, user: String, password: String, deadline: Deadline = Deadline()) throws(SyncError) {
        do { try Self.checkSecure(server) } catch { throw .network(error) }
        self.init(.sync(server: server, user: user, password: password, deadline: deadline))
    }

    /// The server the user named.
    var origin: URL {
        guard case .server(let origin) = rules.reach else { preconditionFailure("a sync's transport has a server") }
        return origin
    }

    /// `send` as CalDAV reads it: the network's failures as a sync's, and a 401 the account's.
    func request(_ method: String, _ url: URL, headers: [String: String] = [:], body: Data? = nil,
                 contentType: String = "application/xml; charset=utf-8",
                 cap: Int? = nil) throws(SyncError) -> HTTPResponse {
        let r: HTTPResponse
        do {
            r = try send(method, url, headers: headers, body: body, contentType: contentType, cap: cap)
        } catch {
            throw .network(error)
        }
        if r.status == 401 { throw .wrongPassword }
        return r
    }
}
