// ListServer — the OpenAPI 3.1 description of every route, embedded from Resources/OpenAPI
import Models

/// The OpenAPI 3.1 description of every route, served at `/api/openapi.json`.
///
/// Kept as JSON files so that what is served is what is reviewed: `Resources/OpenAPI/openapi.json` holds
/// `openapi`, `info` and `paths`, and `openapi-components.json` the shared schemas,
/// parameters and responses. A test parses both and checks that every route of ``AppRoutes`` is
/// described.
enum OpenAPIDocument {
    /// The whole document: the members of `openapi.json`, then `components`, as compact JSON.
    static let json: [UInt8] = joined(PackageResources.openapi_json, PackageResources.openapi_components_json)

    /// Two JSON objects as one: the members of the first, then those of the second.
    /// - Parameters:
    ///   - head: a JSON object's UTF-8 bytes.
    ///   - tail: another JSON object's UTF-8 bytes, with none of `head`'s keys.
    /// - Returns: the joined object as compact JSON.
    /// - Complexity: O(size of both).
    static func joined(_ head: [UInt8], _ tail: [UInt8]) -> [UInt8] {
        guard case .dict(let first)? = try? JSONReader.read(head), case .dict(let second)? = try? JSONReader.read(tail)
        else { preconditionFailure("the OpenAPI resources are not JSON objects") }
        precondition(Set(first.keys).isDisjoint(with: second.keys), "the OpenAPI resources share a key")
        return JSONWriter.write(.dict(Fields(Array(first) + Array(second))))
    }
}
