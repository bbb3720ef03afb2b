// ListServer — who may change data
import HTTPServer

/// Who may change data: a same-origin page or a program, never a cross-site page; with
/// `--token`, only a request carrying `Authorization: Bearer TOKEN`.
///
/// Browsers say where a request comes from and pages cannot forge it: `Sec-Fetch-Site` when the
/// browser sends it (it then decides alone), else `Origin`, which must name this server's own
/// origin as the `Host` header gives it. A request with neither comes from a program (curl, a
/// script) and is let through, subject to the token.
struct MutationPolicy: Sendable {
    var token: String?

    /// The problem type of a refused cross-site request.
    static let crossSiteType = "/api/openapi.json#/components/responses/CrossSite"

    /// Lets a mutation through or refuses it.
    /// - Throws: ``HTTPError`` `403` for a cross-site or cross-origin request, `401` without the token.
    func check(_ request: HTTPRequest) throws(HTTPError) {
        if let site = request.headers["Sec-Fetch-Site"] {
            guard site == "same-origin" || site == "none" else {
                throw HTTPError(
                    403, type: Self.crossSiteType, title: "Cross-site request",
                    detail: "changes are only accepted from this server's own pages; the browser marked this "
                        + "request Sec-Fetch-Site: \(site)")
            }
        } else if let origin = request.headers["Origin"] {
            let host = request.headers["Host"] ?? ""
            guard Self.isSameOrigin(origin, host: host) else {
                throw HTTPError(
                    403, type: Self.crossSiteType, title: "Cross-site request",
                    detail: "changes are only accepted from this server's own pages; Origin \(origin) is not "
                        + "http://\(host)")
            }
        }
        if let token {
            guard let authorization = request.headers["Authorization"],
                Self.constantTimeEqual(Array(authorization.utf8), Array("Bearer \(token)".utf8))
            else {
                throw HTTPError(
                    401,
                    detail: request.headers["Authorization"] == nil
                        ? "this server requires 'Authorization: Bearer <token>' on changes; start it without "
                            + "--token to allow changes without one"
                        : "the bearer token does not match the one this server was started with (--token)",
                    headers: ["WWW-Authenticate": "Bearer realm=\"ListServer\""])
            }
        }
    }

    /// Whether an `Origin` header names the origin a `Host` header addresses: same host and port,
    /// compared without case, a default port (80 for http, 443 for https) written or not.
    /// - Returns: false for `null` and anything that is not `http(s)://host[:port]`.
    static func isSameOrigin(_ origin: String, host: String) -> Bool {
        let origin = origin.lowercased()
        let scheme: String
        let defaultPort: String
        if origin.hasPrefix("http://") {
            (scheme, defaultPort) = ("http://", ":80")
        } else if origin.hasPrefix("https://") {
            (scheme, defaultPort) = ("https://", ":443")
        } else {
            return false
        }
        func normalized(_ authority: Substring) -> Substring {
            authority.hasSuffix(defaultPort) ? authority.dropLast(defaultPort.count) : authority
        }
        let authority = origin.dropFirst(scheme.count)
        guard !authority.isEmpty, !authority.contains("/") else { return false }
        return normalized(authority) == normalized(Substring(host.lowercased()))
    }

    /// Compares two byte strings in time that depends only on their lengths.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
