// ListServer — the OpenAPI 3.1 description of every route

/// The OpenAPI 3.1 description of every route, served at `/api/openapi.json`.
///
/// Kept as JSON text so what is served is exactly what is reviewed; a test parses it and checks
/// that every route of ``AppRoutes`` is in it. The paths are here, the shared schemas, parameters
/// and responses in `OpenAPIDocument+Components.swift`.
enum OpenAPIDocument {
    /// The whole document.
    static let json = String(paths.dropLast()) + ",\n" + String(components.dropFirst())

    /// `openapi`, `info`, `security` and `paths`, as one JSON object.
    static let paths = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "ListServer",
            "version": "1.0.0",
            "summary": "UITableView-like lists: datasets, row windows, atomic batch updates, live changes, export.",
            "description": "Every error under /api/ is application/problem+json (RFC 9457) with type, title, status and detail. Requests may carry a body of at most 1 MiB (1048576 bytes); a larger one gets 413. Mutations (POST .../batch) are refused with 403 when a browser marks them cross-site (Sec-Fetch-Site other than same-origin or none) or, without Sec-Fetch-Site, when Origin is not this server's own origin; requests from programs, which send neither header, are let through. When the server runs with --token T, mutations also need 'Authorization: Bearer T' (401 without it). Methods a path does not support get 405 with Allow."
          },
          "paths": {
            "/api/datasets": {
              "get": {
                "operationId": "listDatasets",
                "summary": "Lists the datasets with their sizes and versions.",
                "responses": {
                  "200": {"description": "Every dataset, in the order they were stored.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DatasetList"}}}}
                }
              }
            },
            "/api/datasets/{id}": {
              "parameters": [{"$ref": "#/components/parameters/DatasetId"}],
              "get": {
                "operationId": "getDataset",
                "summary": "One dataset: its summary, table metrics, sections and section index.",
                "responses": {
                  "200": {"description": "The dataset at its current version.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DatasetDetail"}}}},
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "404": {"$ref": "#/components/responses/NotFound"}
                }
              },
              "put": {
                "operationId": "putDataset",
                "summary": "Imports the body as this dataset: created when the id is new, replaced otherwise (open pages get a reload event). JSON, XML property list or binary property list, by Content-Type, else by the first bytes. Up to --max-import-bytes (256 MiB by default).",
                "security": [{}, {"bearerAuth": []}],
                "parameters": [
                  {"name": "kind", "in": "query", "description": "Read the document as this kind instead of detecting it from its keys.",
                    "schema": {"type": "string", "enum": ["friends", "heroes", "apps", "messages", "generic", "table"]}},
                  {"name": "If-None-Match", "in": "header", "description": "* refuses to replace a dataset that exists (412).",
                    "schema": {"type": "string", "const": "*"}}
                ],
                "requestBody": {"required": true, "content": {
                  "application/json": {"schema": {"description": "A list of rows or groups in a kind's source shape, or a table document (TableDocument).",
                    "anyOf": [{"type": "array"}, {"$ref": "#/components/schemas/TableDocument"}, {"type": "object"}]}},
                  "application/x-plist": {"schema": {"type": "string"}},
                  "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}},
                "responses": {
                  "200": {"description": "The dataset was replaced; its summary at the new version.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DatasetSummary"}}}},
                  "201": {"description": "The dataset was created; its summary.",
                    "headers": {"Location": {"schema": {"type": "string"}}},
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DatasetSummary"}}}},
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/CrossSite"},
                  "412": {"description": "If-None-Match: * was sent and the dataset exists; nothing changed.",
                    "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
                  "413": {"description": "The body is larger than --max-import-bytes.",
                    "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
                  "422": {"$ref": "#/components/responses/InvalidDataset"}
                }
              },
              "delete": {
                "operationId": "deleteDataset",
                "summary": "Deletes the dataset; its open pages get a reload event and their streams end.",
                "security": [{}, {"bearerAuth": []}],
                "responses": {
                  "204": {"description": "The dataset is gone."},
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/CrossSite"},
                  "404": {"$ref": "#/components/responses/NotFound"}
                }
              }
            },
            "/api/datasets/{id}/window": {
              "parameters": [{"$ref": "#/components/parameters/DatasetId"}],
              "get": {
                "operationId": "getWindow",
                "summary": "The headers, rows and footers visible in a viewport, with their frames.",
                "parameters": [
                  {"$ref": "#/components/parameters/Top"}, {"$ref": "#/components/parameters/Height"},
                  {"$ref": "#/components/parameters/Overscan"}, {"$ref": "#/components/parameters/Expanded"},
                  {"$ref": "#/components/parameters/Editing"}, {"$ref": "#/components/parameters/Child"},
                  {"$ref": "#/components/parameters/Width"}, {"$ref": "#/components/parameters/Anchor"},
                  {"$ref": "#/components/parameters/Section"}, {"$ref": "#/components/parameters/Search"}
                ],
                "responses": {
                  "200": {"description": "The window of the current version. Its ETag names the dataset version and the normalised query.",
                    "headers": {"ETag": {"schema": {"type": "string"}}},
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Window"}}}},
                  "304": {"description": "If-None-Match names the window's ETag: the window is unchanged and not written again."},
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "404": {"$ref": "#/components/responses/NotFound"}
                }
              }
            },
            "/api/datasets/{id}/batch": {
              "parameters": [{"$ref": "#/components/parameters/DatasetId"}],
              "post": {
                "operationId": "applyBatch",
                "summary": "Applies deletes, inserts, moves and updates of rows and sections in one atomic batch.",
                "description": "UITableView's batch rules: deleteRows, deleteSections and move sources name rows and sections by id as they are before the batch; every deletion happens first, then insertSections, insertRows and move destinations are placed at (section, row) positions counted after the batch, in ascending order. updateRows[].fields sets the keys given and removes the keys sent as null; a kind's required keys cannot be removed and every key the kind knows must keep its type. Null values in insertRows[].fields and insertSections[].fields are left out. Sections can be inserted and deleted only in grouped datasets (friends, grouped generic lists); a new section starts empty. The batch is checked whole: anything invalid (unknown id, position out of range, a row deleted or moved twice, a row deleted and updated, a row of a deleted section touched, wrong field types for the kind, at most 100000 operations in all) gets 422, a baseVersion that is not the current version gets 409, and nothing changes. An accepted batch is committed to SQLite in one transaction before the reply, gets the next version and is sent as a change event to /events. A batch without operations changes nothing: the reply is 200 with the current version (or 409 when baseVersion is stale), no new version and no event.",
                "security": [{}, {"bearerAuth": []}],
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/BatchRequest"},
                    "examples": {"deleteAndInsert": {"summary": "Delete row 7 and put a new row first, on version 3.",
                      "value": {"baseVersion": 3, "deleteRows": [7], "insertRows": [{"section": 0, "row": 0, "fields": {"name": "Ada"}}]}}}}}
                },
                "responses": {
                  "200": {"description": "The batch is stored; the dataset is at the returned version.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/BatchResult"}}}},
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/CrossSite"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "409": {"$ref": "#/components/responses/VersionConflict"},
                  "413": {"$ref": "#/components/responses/ContentTooLarge"},
                  "422": {"$ref": "#/components/responses/InvalidBatch"}
                }
              }
            },
            "/api/datasets/{id}/export": {
              "parameters": [{"$ref": "#/components/parameters/DatasetId"}],
              "get": {
                "operationId": "exportDataset",
                "summary": "Downloads the current rows in the dataset's source shape, as JSON or a property list.",
                "description": "Importing the file (--import) gives the same dataset. The download is named after the dataset id: ID.json or ID.plist.",
                "parameters": [{"$ref": "#/components/parameters/ExportFormat"}],
                "responses": {
                  "200": {"description": "The file.",
                    "headers": {"Content-Disposition": {"$ref": "#/components/headers/ContentDisposition"}},
                    "content": {
                      "application/json": {"schema": {"type": ["array", "object"]}},
                      "application/x-plist": {"schema": {"type": "string"}},
                      "application/x-bplist": {"schema": {"type": "string", "contentEncoding": "binary"}}
                    }},
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "422": {"$ref": "#/components/responses/Unexportable"}
                }
              }
            },
            "/api/datasets/{id}/events": {
              "parameters": [{"$ref": "#/components/parameters/DatasetId"}],
              "get": {
                "operationId": "streamEvents",
                "summary": "Server-sent events: ready, then a change event for every accepted batch.",
                "description": "The stream never ends by itself. It starts with 'retry: 2000' and an event 'ready' carrying the current version. Each accepted batch then sends an event 'change' whose id is the new version. A client that names the last version it saw (Last-Event-ID, or lastEventId in the query) first gets the change events it missed, or one event 'reload' when they are too old to replay, after which it should fetch the dataset again. Comment lines (': ping') keep the connection alive.",
                "parameters": [{"$ref": "#/components/parameters/LastEventIdHeader"}, {"$ref": "#/components/parameters/LastEventIdQuery"}],
                "responses": {
                  "200": {"description": "The event stream; each event is described by the schema.",
                    "content": {"text/event-stream": {"schema": {"$ref": "#/components/schemas/ServerSentEvent"}}}},
                  "400": {"$ref": "#/components/responses/BadRequest"},
                  "404": {"$ref": "#/components/responses/NotFound"}
                }
              }
            },
            "/api/openapi.json": {
              "get": {
                "operationId": "getOpenAPIDocument",
                "summary": "This document.",
                "responses": {
                  "200": {"description": "The OpenAPI 3.1 document.",
                    "content": {"application/json": {"schema": {"type": "object", "required": ["openapi", "info", "paths"]}}}}
                }
              }
            },
            "/healthz": {
              "get": {
                "operationId": "getHealth",
                "summary": "For load balancers: whether this server's store answers. Answered whatever host the request names.",
                "responses": {
                  "200": {"description": "The store answers.", "content": {"text/plain": {"schema": {"const": "ok\n"}}}},
                  "503": {"description": "The store does not answer; try another server.",
                    "headers": {"Retry-After": {"schema": {"type": "string"}}},
                    "content": {"text/plain": {"schema": {"type": "string"}}}}
                }
              }
            },
            "/metrics": {
              "get": {
                "operationId": "getMetrics",
                "summary": "For Prometheus: requests by route pattern, method and status, latency histograms by route, open connections and event streams, bytes in and out, datasets, rows, store round trips and errors, and on PostgreSQL the follower's lag, in the text exposition format 0.0.4.",
                "responses": {
                  "200": {"description": "The metrics.", "content": {"text/plain; version=0.0.4": {"schema": {"type": "string"}}}}
                }
              }
            },
            "/": {
              "get": {
                "operationId": "getIndexPage",
                "summary": "The page listing the datasets as cards (HTML, written for each request).",
                "responses": {
                  "200": {"description": "The page.", "content": {"text/html": {"schema": {"type": "string"}}}},
                  "500": {"description": "The page template is missing.", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
                }
              }
            },
            "/assets/{folder}/{path}": {
              "get": {
                "operationId": "getAsset",
                "summary": "An image of a dataset from the --assets folder with this index (0 for the first), as the fragments link it after resolving the dataset's image name. Cached for a year: the URL carries the file's version.",
                "parameters": [
                  {"name": "folder", "in": "path", "required": true, "schema": {"type": "integer", "minimum": 0}},
                  {"name": "path", "in": "path", "required": true,
                    "schema": {"type": "string", "pattern": "^[^\\u0000-\\u001f\\u007f]+$"}}
                ],
                "responses": {
                  "200": {"description": "The image.", "content": {"image/*": {"schema": {"type": "string", "format": "binary"}}}},
                  "304": {"description": "The image is unchanged since the ETag sent in If-None-Match."},
                  "400": {"$ref": "#/components/responses/PageBadRequest"},
                  "404": {"description": "No such folder or file (hidden names and links out of the folder included).",
                    "content": {"text/plain": {"schema": {"type": "string"}}}}
                }
              }
            },
            "/d/{id}": {
              "parameters": [{"$ref": "#/components/parameters/DatasetId"}],
              "get": {
                "operationId": "getTablePage",
                "summary": "The page showing one dataset as a table (HTML), its first window written in; without a script, links page through the rows and open groups. With child, a child table of a table document, titled with its row, its back control with the parent's title; with q, the search results and the search field holding q.",
                "parameters": [
                  {"$ref": "#/components/parameters/Top"}, {"$ref": "#/components/parameters/Expanded"},
                  {"$ref": "#/components/parameters/Child"}, {"$ref": "#/components/parameters/Anchor"},
                  {"$ref": "#/components/parameters/Search"}, {"$ref": "#/components/parameters/Width"},
                  {"$ref": "#/components/parameters/Language"}
                ],
                "responses": {
                  "200": {"description": "The page.", "content": {"text/html": {"schema": {"type": "string"}}}},
                  "304": {"description": "The page is unchanged since the ETag sent in If-None-Match."},
                  "400": {"$ref": "#/components/responses/PageBadRequest"},
                  "404": {"$ref": "#/components/responses/PageNotFound"}
                }
              }
            },
            "/d/{id}/fragment": {
              "parameters": [{"$ref": "#/components/parameters/DatasetId"}],
              "get": {
                "operationId": "getFragment",
                "summary": "The HTML fragment of the same window as /api/datasets/{id}/window.",
                "parameters": [
                  {"$ref": "#/components/parameters/Top"}, {"$ref": "#/components/parameters/Height"},
                  {"$ref": "#/components/parameters/Overscan"}, {"$ref": "#/components/parameters/Expanded"},
                  {"$ref": "#/components/parameters/Editing"}, {"$ref": "#/components/parameters/Child"},
                  {"$ref": "#/components/parameters/Width"}, {"$ref": "#/components/parameters/Anchor"},
                  {"$ref": "#/components/parameters/Section"}, {"$ref": "#/components/parameters/Search"},
                  {"$ref": "#/components/parameters/Language"}
                ],
                "responses": {
                  "200": {"description": "The fragment. Its ETag names the dataset version and the normalised query.",
                    "headers": {"ETag": {"schema": {"type": "string"}}},
                    "content": {"text/html": {"schema": {"type": "string"}}}},
                  "304": {"description": "If-None-Match names the fragment's ETag: it is unchanged and not written again."},
                  "400": {"$ref": "#/components/responses/PageBadRequest"},
                  "404": {"$ref": "#/components/responses/PageNotFound"}
                }
              }
            }
          }
        }
        """#
}
