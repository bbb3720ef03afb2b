// ListServer — ListServer

/// Who may change data (SPEC §9): a same-origin page or a program, never a cross-site page; with
/// `--token`, only a request carrying `Authorization: Bearer TOKEN`.
struct MutationPolicy: Sendable {
    var token: String?

    /// Lets a mutation through or refuses it.
    /// - Throws: ``HTTPError`` `401` without the token, `403` for a cross-site request.
    func check(_ request: HTTPRequest) throws(HTTPError) {
        if let site = request.headers["Sec-Fetch-Site"], site != "same-origin" && site != "none" {
            throw HTTPError(
                403, title: "Cross-site request",
                detail: "changes are only accepted from this server's own pages (Sec-Fetch-Site: \(site))")
        }
        if let origin = request.headers["Origin"] {
            let host = request.headers["Host"] ?? ""
            guard origin == "http://\(host)" || origin == "https://\(host)" else {
                throw HTTPError(
                    403, title: "Cross-origin request",
                    detail: "changes are only accepted from this server's own pages; Origin \(origin) is not \(host)")
            }
        }
        if let token {
            guard request.headers["Authorization"] == "Bearer \(token)" else {
                throw HTTPError(
                    401, title: "Unauthorized", detail: "this server requires 'Authorization: Bearer <token>' on changes",
                    headers: ["WWW-Authenticate": "Bearer"])
            }
        }
    }
}
