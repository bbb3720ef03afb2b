// ListServerTests — who may change data: same origin and --token
import Foundation
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("Who may change data: same origin and --token")
struct APIMutationPolicyTests {
    static let body = #"{"baseVersion":1,"deleteRows":[2]}"#

    @Test("a browser's cross-site or same-site request is 403 and changes nothing", arguments: ["cross-site", "same-site"])
    func crossSite(_ site: String) throws {
        let api = try APIFixture()
        let response = try api.batch("letters", Self.body, headers: ["Sec-Fetch-Site": site])
        #expect(try expectProblem(response, status: 403).contains(site))
        #expect(try jsonBody(response)["type"] == .string(MutationPolicy.crossSiteType))
        #expect(api.version("letters") == 1)
    }

    @Test("a same-origin browser request passes, whatever Origin says beside it")
    func sameOrigin() throws {
        let api = try APIFixture()
        let headers: HTTPHeaders = ["Sec-Fetch-Site": "same-origin", "Origin": "http://127.0.0.1:8080"]
        #expect(try api.batch("letters", Self.body, headers: headers).status == 200)
    }

    @Test("without Sec-Fetch-Site, Origin must be the server's own origin")
    func originChecked() throws {
        let api = try APIFixture()
        for origin in ["http://evil.example", "null", "http://127.0.0.1:8081", "https://127.0.0.1:8080.evil.example"] {
            let response = try api.batch("letters", Self.body, headers: ["Origin": origin])
            try expectProblem(response, status: 403)
        }
        #expect(api.version("letters") == 1)
        let own = try api.batch("letters", Self.body, headers: ["Origin": "http://127.0.0.1:8080"])
        #expect(own.status == 200)
    }

    @Test("origins compare without case and with default ports written or not")
    func originNormalized() {
        #expect(MutationPolicy.isSameOrigin("http://LocalHost:8080", host: "localhost:8080"))
        #expect(MutationPolicy.isSameOrigin("http://example.com", host: "example.com:80"))
        #expect(MutationPolicy.isSameOrigin("https://example.com:443", host: "example.com"))
        #expect(!MutationPolicy.isSameOrigin("https://example.com", host: "example.com:80"))
        #expect(!MutationPolicy.isSameOrigin("http://example.com/", host: "example.com"))
        #expect(!MutationPolicy.isSameOrigin("file://", host: ""))
    }

    @Test("a program's request (neither header) passes without a token")
    func programs() throws {
        let api = try APIFixture()
        #expect(try api.batch("letters", Self.body).status == 200)
    }

    @Test("with --token, a change needs Authorization: Bearer TOKEN; 401 with WWW-Authenticate otherwise")
    func token() throws {
        let api = try APIFixture(token: "s3cret")
        for headers: HTTPHeaders in [[:], ["Authorization": "Bearer wrong"], ["Authorization": "Basic s3cret"],
                                     ["Authorization": "Bearer s3cret "]] {
            let response = try api.batch("letters", Self.body, headers: headers)
            try expectProblem(response, status: 401)
            #expect(response.headers["WWW-Authenticate"]?.hasPrefix("Bearer") == true)
        }
        #expect(api.version("letters") == 1)
        // Reads need no token.
        #expect(try api.get("/api/datasets/letters").status == 200)
        let response = try api.batch("letters", Self.body, headers: ["Authorization": "Bearer s3cret"])
        #expect(response.status == 200)
        // Cross-site is refused even with the token.
        let crossSite = try api.batch(
            "letters", #"{"baseVersion":2}"#, headers: ["Authorization": "Bearer s3cret", "Sec-Fetch-Site": "cross-site"])
        try expectProblem(crossSite, status: 403)
    }
}
