// HTTPServerTests — a request's body, and a handler taking it to free a large upload early
import HTTPServer
import Testing

@Suite("HTTPRequest body")
struct HTTPRequestBodyTests {
    @Test("taking the body hands over the bytes and leaves every copy of the request without them")
    func takeBody() throws {
        let request = try HTTPRequest(method: "PUT", target: "/api/datasets/x", body: Array("[1,2]".utf8))
        let copy = request
        #expect(copy.body == Array("[1,2]".utf8))
        #expect(request.takeBody() == Array("[1,2]".utf8))
        #expect(request.body.isEmpty && copy.body.isEmpty)
        #expect(copy.takeBody().isEmpty)
    }

    @Test("setting the body gives this request its own bytes; equality compares them")
    func valueSemantics() throws {
        let first = try HTTPRequest(method: "PUT", target: "/a", body: [1, 2, 3])
        var second = first
        #expect(first == second)
        second.body = [4]
        #expect(first.body == [1, 2, 3] && second.body == [4])
        #expect(first != second)
        second.body = [1, 2, 3]
        #expect(first == second)
        #expect(try HTTPRequest(target: "/a").body.isEmpty)
    }
}
