// ListServerTests — GET /api/openapi.json
import Foundation
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("GET /api/openapi.json")
struct APIOpenAPITests {
    static func document() throws -> Fields {
        guard case .dict(let document) = try JSONReader.read(OpenAPIDocument.json) else {
            throw APIExpectationError(message: "the document is not a JSON object")
        }
        return document
    }

    @Test("the document is valid JSON, OpenAPI 3.1, and served as application/json")
    func parses() throws {
        let document = try Self.document()
        #expect(document["openapi"] == .string("3.1.0"))
        #expect(document.keys == ["openapi", "info", "paths", "components"])
        let api = try APIFixture()
        let response = try api.get("/api/openapi.json")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(try JSONReader.read(response.bodyBytes) == .dict(document))
    }

    @Test("the OpenAPI document is openapi.json's members, then components, with nothing lost")
    func openAPIJoined() throws {
        guard case .dict(let head) = try JSONReader.read(PackageResources.openapi_json),
            case .dict(let tail) = try JSONReader.read(PackageResources.openapi_components_json),
            case .dict(let document) = try JSONReader.read(OpenAPIDocument.json)
        else {
            Issue.record("a part of the OpenAPI document is not an object")
            return
        }
        #expect(head.keys == ["openapi", "info", "paths"])
        #expect(tail.keys == ["components"])
        #expect(document == Fields(Array(head) + Array(tail)))
    }

    @Test("joining two objects keeps every member in order, values included")
    func joinKeepsOrder() throws {
        let joined = OpenAPIDocument.joined(Array(#"{"b": [1, 2.5], "a": {"x": "<&>"}}"#.utf8), Array(#"{"c": null}"#.utf8))
        #expect(String(decoding: joined, as: UTF8.self) == #"{"b":[1,2.5],"a":{"x":"\u003C\u0026\u003E"},"c":null}"#)
    }

    @Test("every route of the router is documented, and every documented operation is a route")
    func routesMatch() throws {
        let paths = try #require(try Self.document()["paths"]?.dictValue)
        var documented: Set<String> = []
        for path in paths {
            for method in try #require(path.value.dictValue).keys where method != "parameters" {
                documented.insert("\(method.uppercased()) \(path.key)")
            }
        }
        let api = try APIFixture()
        let routes = Set(api.router.routePatterns.map { route in
            let path = route.pattern.split(separator: "/").map {
                $0 == "*" ? "{path}" : $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0)
            }
            return "\(route.method) /" + path.joined(separator: "/")
        })
        #expect(routes.count == 18)
        #expect(routes == documented)
    }

    @Test("every $ref points at a component that exists")
    func referencesResolve() throws {
        let document = try Self.document()
        var references: [String] = []
        func collect(_ value: FieldValue) {
            switch value {
            case .dict(let fields):
                for field in fields {
                    if field.key == "$ref", let target = field.value.stringValue { references.append(target) }
                    collect(field.value)
                }
            case .array(let items): items.forEach(collect)
            default: break
            }
        }
        collect(.dict(document))
        #expect(references.count > 50)
        for reference in references {
            #expect(reference.hasPrefix("#/"))
            #expect(Self.resolve(reference, in: document) != nil, "\(reference)")
        }
    }

    @Test("every API error response is application/problem+json, and every problem type names a response")
    func errorsAreProblems() throws {
        let document = try Self.document()
        let paths = try #require(document["paths"]?.dictValue)
        for path in paths where path.key.hasPrefix("/api/") {
            for operation in try #require(path.value.dictValue) where operation.key != "parameters" {
                for response in try #require(operation.value.dictValue?["responses"]?.dictValue) {
                    guard let status = Int(response.key), status >= 400 else { continue }
                    var target = response.value
                    if let reference = target.dictValue?["$ref"]?.stringValue {
                        target = try #require(Self.resolve(reference, in: document))
                    }
                    let content = try #require(target.dictValue?["content"]?.dictValue)
                    #expect(content.keys == ["application/problem+json"], "\(operation.key) \(path.key) \(status)")
                }
            }
        }
        for type in [LibraryError.versionConflictType, LibraryError.invalidBatchType, MutationPolicy.crossSiteType] {
            let fragment = try #require(type.split(separator: "#").last)
            #expect(Self.resolve("#" + fragment, in: document) != nil, "\(type)")
        }
    }

    @Test("real responses fit their documented schemas")
    func responsesFitSchemas() throws {
        let document = try Self.document()
        let api = try APIFixture()
        let version = api.version("friends")
        let checks: [(HTTPResponse, String)] = [
            (try api.get("/api/datasets"), "DatasetList"),
            (try api.get("/api/datasets/friends"), "DatasetDetail"),
            (try api.get("/api/datasets/teams"), "DatasetDetail"),
            (try api.get("/api/datasets/friends/window?top=100&height=300&expanded=all"), "Window"),
            (try api.get("/api/datasets/heroes/window?top=0&height=500"), "Window"),
            (try api.get("/api/datasets/letters/window?height=0"), "Window"),
            (try api.get("/api/datasets/friends/window?height=500&q=a"), "Window"),
            (try api.batch("friends", #"{"baseVersion":\#(version),"insertRows":[{"section":0,"row":0,"fields":{"name":"N"}}]}"#),
             "BatchResult"),
            (try api.batch("friends", "{}"), "Problem"),
            (try api.get("/api/datasets/none"), "Problem"),
        ]
        for (response, name) in checks {
            let schema = try #require(Self.resolve("#/components/schemas/\(name)", in: document))
            let value = try JSONReader.read(response.bodyBytes)
            let problems = SchemaCheck(document: document).violations(of: value, against: schema, at: "$")
            #expect(problems.isEmpty, "\(name): \(problems)")
        }
        let pinned = try jsonBody(try api.get("/api/datasets/friends/window?top=200&height=300&expanded=all"))
        #expect(pinned["pinnedHeader"]?.dictValue != nil)
    }

    static func resolve(_ reference: String, in document: Fields) -> FieldValue? {
        var value: FieldValue = .dict(document)
        for key in reference.dropFirst(2).split(separator: "/") {
            guard let next = value.dictValue?[String(key)] else { return nil }
            value = next
        }
        return value
    }
}

/// The JSON Schema keywords the document uses, enough to check real responses against it.
struct SchemaCheck {
    let document: Fields

    func violations(of value: FieldValue, against schema: FieldValue, at path: String) -> [String] {
        guard let schema = schema.dictValue else { return [] }
        if let reference = schema["$ref"]?.stringValue {
            guard let target = APIOpenAPITests.resolve(reference, in: document) else { return ["\(path): bad $ref"] }
            return violations(of: value, against: target, at: path)
        }
        var found: [String] = []
        if let choices = schema["oneOf"]?.arrayValue {
            let matching = choices.filter { violations(of: value, against: $0, at: path).isEmpty }.count
            if matching != 1 { found.append("\(path): matches \(matching) of oneOf") }
        }
        if let type = schema["type"] {
            let types = type.arrayValue?.compactMap(\.stringValue) ?? [type.stringValue ?? ""]
            if !types.contains(where: { Self.isOfType(value, $0) }) { found.append("\(path): not \(types)") }
        }
        if let options = schema["enum"]?.arrayValue, !options.contains(value) { found.append("\(path): not in enum") }
        if let minimum = schema["minimum"]?.doubleValue, let number = value.doubleValue, number < minimum {
            found.append("\(path): below \(minimum)")
        }
        if case .dict(let object) = value {
            let properties = schema["properties"]?.dictValue ?? [:]
            for key in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where object[key] == nil {
                found.append("\(path).\(key): missing")
            }
            for field in object {
                if let property = properties[field.key] {
                    found += violations(of: field.value, against: property, at: "\(path).\(field.key)")
                } else if schema["additionalProperties"] == .bool(false) {
                    found.append("\(path).\(field.key): not documented")
                }
            }
        }
        if case .array(let items) = value, let itemSchema = schema["items"] {
            for (index, item) in items.enumerated() {
                found += violations(of: item, against: itemSchema, at: "\(path)[\(index)]")
            }
        }
        return found
    }

    private static func isOfType(_ value: FieldValue, _ type: String) -> Bool {
        switch (type, value) {
        case ("object", .dict), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
            ("integer", .int), ("number", .int), ("number", .real):
            return true
        default:
            return false
        }
    }
}
