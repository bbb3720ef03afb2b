// HTTPServer — serves the files under one directory
import SystemSupport

/// Serves the files under one directory (`Public/`), and nothing outside it.
///
/// The request path is already percent-decoded and normalised by the parser (no `.` or `..` segments, never
/// above `/`); here hidden names are refused and the resolved real path (every symbolic link followed) must
/// still lie under the root's real path. Responses carry a content type, an `ETag` (size and modification
/// time), `Last-Modified` and `Cache-Control`; `If-None-Match` gives `304`. Their bodies are
/// ``HTTPResponse/Compression/stable``: the server compresses a file once and keeps it by path and tag.
///
/// With ``fingerprints`` (see ``fingerprinting(_:folders:digits:)``), the files hashed are also served under
/// their hashed paths, ``immutable`` while their bytes are the ones hashed; stylesheets then name the files
/// of a folder hashed whole by its hashed path (see ``FileFingerprints``).
public struct StaticFiles: Sendable {
    /// The `Cache-Control` of a URL whose bytes never change: a year, and no revalidation on reload.
    public static let immutable = "public, max-age=31536000, immutable"

    /// The real path of the root directory, nil when it does not exist (every request is then `404`).
    public let root: String?
    /// The URL path the root is served at, ending with `/`.
    public let urlPrefix: String
    public let cacheControl: String
    /// Files larger than this are not served.
    public let maxFileBytes: Int
    /// The hashed paths of some files, made once; nil when none have one.
    public internal(set) var fingerprints: FileFingerprints?

    /// - Parameters:
    ///   - root: the directory to serve.
    ///   - urlPrefix: the URL path that maps to `root` (`/` by default, e.g. `/static/`).
    ///   - cacheControl: the `Cache-Control` value; `no-cache` makes browsers revalidate with the `ETag`.
    public init(root: String, urlPrefix: String = "/", cacheControl: String = "no-cache", maxFileBytes: Int = 64 << 20) {
        self.root = System.realPath(root)
        self.urlPrefix = urlPrefix.hasSuffix("/") ? urlPrefix : urlPrefix + "/"
        self.cacheControl = cacheControl
        self.maxFileBytes = maxFileBytes
    }

    /// Answers a `GET` or `HEAD` for a file.
    /// - Returns: `200` with the file, or `304` when `If-None-Match` matches its `ETag`. A path ending in `/`
    ///   serves that directory's `index.html`. A `HEAD` is answered with the file too, which the server
    ///   does not send: its length, compressed or not, is the one a `GET` would be sent with.
    /// - Throws: `HTTPError` `405` (with `Allow: GET, HEAD`) for other methods; `404` for anything that is not
    ///   a readable regular file inside the root (missing, hidden, a directory, a symbolic link out).
    public func response(for request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            throw .methodNotAllowed(allowed: ["GET", "HEAD"])
        }
        guard let (file, hashed) = locate(request.path) else { throw .notFound() }
        guard let status = System.fileStatus(file), status.isRegularFile, status.size <= maxFileBytes else {
            throw .notFound()
        }
        let etag = fingerprints?.etag(of: status, file: file) ?? Self.etag(of: status)
        // A hashed path names the bytes hashed: immutable while the file has them, else served as its plain path.
        let cacheControl = hashed?.etag == etag ? Self.immutable : cacheControl
        var headers: HTTPHeaders = [
            "Content-Type": Self.contentType(for: file),
            "ETag": etag,
            "Last-Modified": HTTPDate.format(secondsSinceEpoch: Int(status.modifiedNanoseconds / 1_000_000_000)),
            "Cache-Control": cacheControl,
            "X-Content-Type-Options": "nosniff",
        ]
        let rewritten = fingerprints?.rewritesFiles(named: file) ?? false
        if let condition = request.headers["If-None-Match"], Self.matches(condition, etag: etag) {
            // A rewritten file's length is not its size on disk; a 304 may leave the length out.
            if !rewritten { headers.set("Content-Length", String(status.size)) }
            return HTTPResponse(status: 304, headers: headers)
        }
        guard let (_, bytes) = (try? System.readFile(file, maxBytes: maxFileBytes)) ?? nil else { throw .notFound() }
        let body = rewritten ? fingerprints?.rewritten(bytes, ofFile: file) ?? bytes : bytes
        var response = HTTPResponse(status: 200, headers: headers, body: body)
        response.compression = .stable
        return response
    }

    /// The real path of the file a request path names.
    /// - Returns: nil when the path is outside the prefix, has a hidden segment, or resolves outside the root.
    public func resolve(_ path: String) -> String? {
        guard let root, path.hasPrefix(urlPrefix) else { return nil }
        var relative = String(path.dropFirst(urlPrefix.count))
        if relative.isEmpty || relative.hasSuffix("/") { relative += "index.html" }
        let segments = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") && !$0.contains("\\") }) else { return nil }
        guard let real = System.realPath(root + "/" + relative), real.hasPrefix(root + "/") else { return nil }
        return real
    }

    /// The entity tag of a file: its size and modification time, in hex (`"1f3-17a2b…"`).
    package static func etag(of status: System.FileStatus) -> String {
        "\"\(String(status.size, radix: 16))-\(String(status.modifiedNanoseconds, radix: 16))\""
    }

    /// Whether an `If-None-Match` value matches an entity tag (weak comparison, RFC 9110 §13.1.2).
    public static func matches(_ condition: String, etag: String) -> Bool {
        let opaque = { (tag: Substring) -> Substring in tag.hasPrefix("W/") ? tag.dropFirst(2) : tag }
        for candidate in condition.split(separator: ",") {
            let tag = candidate.trimmingCharacters(in: " \t")
            if tag == "*" || opaque(tag) == opaque(Substring(etag)) { return true }
        }
        return false
    }

    /// The `Content-Type` for a file name, from its extension.
    public static func contentType(for file: String) -> String {
        let name = file.split(separator: "/").last ?? ""
        let ext = name.lastIndex(of: ".").map { name[name.index(after: $0)...].lowercased() } ?? ""
        switch ext {
        case "html", "htm": return "text/html; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "ico": return "image/x-icon"
        case "json", "map": return "application/json"
        case "webmanifest": return "application/manifest+json"
        case "txt": return "text/plain; charset=utf-8"
        case "woff2": return "font/woff2"
        case "woff": return "font/woff"
        case "wasm": return "application/wasm"
        default: return "application/octet-stream"
        }
    }
}

extension Substring {
    /// The substring without leading and trailing characters of `set`.
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var result = self
        while let first = result.first, set.contains(first) { result = result.dropFirst() }
        while let last = result.last, set.contains(last) { result = result.dropLast() }
        return result
    }
}
