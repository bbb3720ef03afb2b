// ListServer — ListServer

/// The OpenAPI 3.1 description of the JSON API, served at `/api/openapi.json`.
enum OpenAPIDocument {
    static let json = #"""
        {"openapi":"3.1.0","info":{"title":"ListServer","version":"1.0.0"},"paths":{}}
        """#
}
