// HTTPServer — the one error a handler throws to answer a client with a failure

/// The one error a handler throws to answer a client with a failure status.
///
/// Anything else thrown becomes a logged `500`. For paths under `/api/` the response is
/// `application/problem+json` (RFC 9457), otherwise a short `text/plain`.
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    public var status: Int
    /// The problem type (RFC 9457 `type`): `about:blank` when the status says it all, else a URI
    /// reference naming the kind of problem; its `title` is then specific to it.
    public var type: String
    /// A short summary of the problem type; the reason phrase by default.
    public var title: String
    /// What went wrong with this request, for a person to read.
    public var detail: String?
    /// Extra headers for the response, e.g. `Allow` for `405`.
    public var headers: HTTPHeaders
    /// The problem type's extension members (RFC 9457 §3.2), written after `detail` in this order.
    public var members: [Member]

    /// An extension member of a problem: its name and its value, already JSON.
    public struct Member: Sendable, Equatable {
        public var name: String
        /// The value as JSON text (`[]`, `{"row":5}`, `"text"`); the caller makes sure it is valid JSON.
        public var json: String

        public init(name: String, json: String) {
            self.name = name
            self.json = json
        }
    }

    public init(
        _ status: Int, type: String = "about:blank", title: String? = nil, detail: String? = nil,
        headers: HTTPHeaders = [:], members: [Member] = []
    ) {
        self.status = status
        self.type = type
        self.title = title ?? HTTPResponse.reasonPhrase(status)
        self.detail = detail
        self.headers = headers
        self.members = members
    }

    public var description: String { "\(status) \(title)" + (detail.map { ": \($0)" } ?? "") }

    /// `404 Not Found`.
    public static func notFound(_ detail: String? = nil) -> HTTPError { HTTPError(404, detail: detail) }

    /// `400 Bad Request`.
    public static func badRequest(_ detail: String? = nil) -> HTTPError { HTTPError(400, detail: detail) }

    /// `405 Method Not Allowed` with the `Allow` header listing `allowed`.
    public static func methodNotAllowed(allowed: [String]) -> HTTPError {
        HTTPError(
            405, detail: "Allowed methods: \(allowed.joined(separator: ", ")).",
            headers: ["Allow": allowed.joined(separator: ", ")])
    }

    /// The response for this error.
    /// - Parameter forAPI: true for `application/problem+json` (paths under `/api/`), false for `text/plain`.
    /// - Returns: a response with the error's status and headers.
    public func response(forAPI: Bool) -> HTTPResponse {
        var response: HTTPResponse
        if forAPI {
            let text = detail ?? "\(title) (HTTP \(status))."
            let json = "{\"type\":\(Self.jsonString(type)),\"title\":\(Self.jsonString(title)),\"status\":\(status)"
                + ",\"detail\":\(Self.jsonString(text))"
                + members.map { ",\(Self.jsonString($0.name)):\($0.json)" }.joined() + "}"
            response = HTTPResponse(
                status: status, headers: ["Content-Type": "application/problem+json"], body: Array(json.utf8))
        } else {
            response = .text("\(status) \(title)" + (detail.map { "\n\($0)" } ?? "") + "\n", status: status)
        }
        response.headers.set("Cache-Control", "no-store")
        for field in headers { response.headers.set(field.name, field.value) }
        return response
    }

    /// `text` as a JSON string literal.
    public static func jsonString(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
