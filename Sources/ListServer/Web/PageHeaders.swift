// ListServer — the headers that keep a page to itself

import HTTPServer

/// The headers that keep a page to itself: no script but the page's own files, no frame on another
/// site's page (whose clicks could land on a one-tap Delete), and no address of a page sent to another.
enum PageHeaders {
    /// The page's policy: scripts, styles, images and connections from this origin only (style attributes
    /// are allowed, the fragments position cells with them); no plugins, no `<base>`; framed only by itself.
    /// - Parameter scriptHashes: the inline scripts allowed, by hash (`sha256-…`): the page's import map.
    static func contentSecurityPolicy(scriptHashes: [String]) -> String {
        let scripts = (["'self'"] + scriptHashes.map { "'\($0)'" }).joined(separator: " ")
        return "default-src 'self'; script-src \(scripts); style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'"
    }

    /// Adds the page headers when `response` is an HTML page; any other response, a fragment of rows
    /// included (the page fetches it, and on an event loop its route writes its fields as lines), is left as it is.
    /// - Parameters:
    ///   - path: the request's path, read only for an HTML response.
    ///   - policy: the `Content-Security-Policy` (see ``contentSecurityPolicy(scriptHashes:)``).
    static func apply(to response: inout HTTPResponse, path: @autoclosure () -> String, policy: String) {
        guard let type = response.headers["Content-Type"], type.hasPrefix("text/html"), !path().hasSuffix("/fragment")
        else { return }
        response.headers.set("Content-Security-Policy", policy)
        response.headers.set("X-Frame-Options", "SAMEORIGIN")
        response.headers.set("Referrer-Policy", "same-origin")
    }
}
