// ListServer — `components` (schemas

extension OpenAPIDocument {
    /// `components` (schemas, parameters, responses, headers, security schemes), as one JSON object.
    static let components = #"""
        {
          "components": {
            "securitySchemes": {
              "bearerAuth": {"type": "http", "scheme": "bearer",
                "description": "Needed on mutations only when the server was started with --token; otherwise no credentials are asked for."}
            },
            "parameters": {
              "DatasetId": {"name": "id", "in": "path", "required": true, "description": "The dataset id: lower-case letters and digits, words joined by '-'.",
                "schema": {"type": "string", "maxLength": 64, "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"}},
              "Top": {"name": "top", "in": "query", "description": "The viewport's top, in points from the top of the content.",
                "schema": {"type": "number", "minimum": -1000000000000, "maximum": 1000000000000, "default": 0}},
              "Height": {"name": "height", "in": "query", "description": "The viewport's height in points.",
                "schema": {"type": "number", "minimum": 0, "maximum": 20000, "default": 800}},
              "Overscan": {"name": "overscan", "in": "query", "description": "Points above and below the viewport to include as well.",
                "schema": {"type": "number", "minimum": 0, "maximum": 5000, "default": 0}},
              "Expanded": {"name": "expanded", "in": "query", "description": "The expanded sections: all, none (also the empty value), or section ids and ranges of ids (9-12; 12-9 means the same) separated by commas, each id at most 15 digits. Without it, the kind's default (friends groups start collapsed, other kinds expanded).",
                "schema": {"type": "string", "pattern": "^(all|none|[0-9]{1,15}(-[0-9]{1,15})?(,[0-9]{1,15}(-[0-9]{1,15})?)*)?$"}},
              "Editing": {"name": "editing", "in": "query", "description": "true (or 1) lays the window out for editing mode: in kinds whose rows can be inserted (generic lists) every section's footer then starts with an insertion row, described by the footer's insertion member. false (or 0) is the default.",
                "schema": {"type": "string", "enum": ["true", "false", "1", "0"], "default": "false"}},
              "Child": {"name": "child", "in": "query", "description": "Table documents: lay out the child table a row opens instead of the dataset's own table. The child's address is the ids of the rows that open it, outermost first, joined by '~' (12, or 12~40 for the table row 40 of that child opens); every window row that opens a child gives its address as child. Absent or empty: the dataset's own table. A row that does not exist or opens no table gets 404.",
                "schema": {"type": "string", "pattern": "^([1-9][0-9]{0,17}(~[1-9][0-9]{0,17}){0,31})?$"}},
              "Width": {"name": "width", "in": "query", "description": "The client's content width in points, so that estimated row heights fit it: rows whose text wraps (heroes' descriptions) are estimated for this width, rounded down to a multiple of 40 from 320 to 1600. Rows size themselves on the page, which measures them; without it, heights are estimated for a 375-point width.",
                "schema": {"type": "number", "minimum": 0, "maximum": 100000}},
              "Anchor": {"name": "anchor", "in": "query", "description": "A row id: top is then measured from that row's top rather than from the content's, so a client whose estimated heights change (another width) keeps its place. A row that is not shown (deleted, or in a collapsed section) leaves top measured from the content's top.",
                "schema": {"type": "integer", "minimum": -9223372036854775808, "maximum": 9223372036854775807}},
              "Section": {"name": "section", "in": "query", "description": "A section index (as indexSections gives them): top is then measured from that section's header rather than from the content's top, so a section index bar lands on the header with one request whatever the expanded groups and the width. A section past the last one leaves top measured from the content's top; with anchor, the row wins.",
                "schema": {"type": "integer", "minimum": 0, "maximum": 9223372036854775807}},
              "Search": {"name": "q", "in": "query", "description": "Search: only the rows whose text contains this text, case-insensitive in any script (Unicode lowercase mapping on both sides), as a substring of one field: the texts the cell shows (friends: name, intro; heroes: name, title, desc, tags; apps: name; messages: title, content) or every string field of a generic row. Sections without a match are left out; the others are all expanded, whatever expanded says, and their headers keep the section's own rowCount. Rows keep their ids and fields; section and row indexes count within the results. Fragments wrap each match in the cell texts in <mark>. Empty or absent: no search.",
                "schema": {"type": "string"}},
              "Language": {"name": "lang", "in": "query", "description": "The language of the interface's own words (buttons, labels, counts; never the dataset's text): a tag of English (en, en-…) or Simplified Chinese (zh, zh-Hans, zh-CN, …; not the traditional zh-Hant, zh-TW, zh-HK, zh-MO); anything else is 400. Absent or empty: the page follows Accept-Language, a fragment is English.",
                "schema": {"type": "string", "pattern": "^(([Ee][Nn])(-[A-Za-z]{2,8})?|zh|zh-(Hans|CN|SG))?$"}},
              "ExportFormat": {"name": "format", "in": "query", "description": "json (default), plist (XML property list) or binary-plist.",
                "schema": {"type": "string", "enum": ["json", "plist", "binary-plist"], "default": "json"}},
              "LastEventIdHeader": {"name": "Last-Event-ID", "in": "header", "description": "The last version the client saw (browsers send it when they reconnect); a value that is not a version is ignored.",
                "schema": {"type": "string"}},
              "LastEventIdQuery": {"name": "lastEventId", "in": "query", "description": "As Last-Event-ID, for clients that cannot set headers; the header wins when both are given.",
                "schema": {"type": "string"}}
            },
            "headers": {
              "ContentDisposition": {"required": true, "description": "attachment; filename=\"ID.json\" or \"ID.plist\".",
                "schema": {"type": "string", "pattern": "^attachment; filename=\"[a-z0-9-]+\\.(json|plist)\"$"}}
            },
            "responses": {
              "BadRequest": {"description": "The request cannot be read: a path with characters that are not allowed (control characters), a query parameter out of its range or format, or a body that is not JSON.",
                "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "Unauthorized": {"description": "The server runs with --token and the request has no 'Authorization: Bearer TOKEN' with that token.",
                "headers": {"WWW-Authenticate": {"required": true, "schema": {"type": "string", "pattern": "^Bearer"}}},
                "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "CrossSite": {"description": "A browser sent the change from another site or origin (Sec-Fetch-Site, else Origin). Problem type /api/openapi.json#/components/responses/CrossSite.",
                "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "NotFound": {"description": "There is no dataset with this id (GET /api/datasets lists them), or no endpoint at this path.",
                "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "VersionConflict": {"description": "baseVersion is not the dataset's current version: someone changed it since. Nothing was changed; fetch the dataset again and redo the change. Problem type /api/openapi.json#/components/responses/VersionConflict.",
                "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "ContentTooLarge": {"description": "The body is larger than 1 MiB (1048576 bytes); split the batch.",
                "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "InvalidBatch": {"description": "The batch is refused whole and nothing changed: a key or type that does not fit the schema, an unknown row or section id, a position out of range after the batch, conflicting operations on one row, fields that break the kind's rules, or sections in a flat dataset. detail names the operation (insertRows[2].fields.name: expected a string, found 5) or gives UIKit's reason. Problem type /api/openapi.json#/components/responses/InvalidBatch.",
                "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "InvalidDataset": {"description": "The body cannot be imported and nothing changed: not JSON or a property list, empty, or values that break the kind's rules. detail names the place ([3].friends[0].vip: expected a boolean, found a string, or a line and column). Problem type /api/openapi.json#/components/responses/InvalidDataset.",
                "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "Unexportable": {"description": "format=plist, and a text or key of the dataset holds a character that XML cannot carry (a control character other than tab, line feed and carriage return, or U+FFFE or U+FFFF); detail names its key path. json and binary-plist export it. Problem type /api/openapi.json#/components/responses/Unexportable.",
                "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
              "PageNotFound": {"description": "There is no dataset with this id, or no child table at the child address.",
                "content": {"text/plain": {"schema": {"type": "string"}}}},
              "PageBadRequest": {"description": "A path with characters that are not allowed (control characters), or a query parameter out of its range or format.",
                "content": {"text/plain": {"schema": {"type": "string"}}}}
            },
            "schemas": {
              "Problem": {"type": "object", "description": "RFC 9457 problem details.",
                "required": ["type", "title", "status", "detail"], "additionalProperties": false,
                "properties": {
                  "type": {"type": "string", "format": "uri-reference", "description": "about:blank when the status says it all, else a reference to this document's description of the problem."},
                  "title": {"type": "string"},
                  "status": {"type": "integer", "minimum": 400, "maximum": 599},
                  "detail": {"type": "string", "description": "What went wrong with this request and what to do about it."}
                }},
              "DatasetId": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
              "RowId": {"type": "integer", "format": "int64", "minimum": 1, "description": "A row's id: stable across edits and restarts, never reused."},
              "SectionId": {"type": "integer", "format": "int64", "minimum": 1, "description": "A section's id: stable across edits and restarts, never reused."},
              "Version": {"type": "integer", "format": "int64", "minimum": 1, "description": "Incremented by every accepted batch."},
              "Index": {"type": "integer", "minimum": 0, "maximum": 2147483647},
              "Fields": {"type": "object", "additionalProperties": true, "description": "A row's or section's fields as in the source file (JSON values; plist dates as ISO 8601 strings, data as base64)."},
              "DatasetSummary": {"type": "object", "additionalProperties": false,
                "required": ["id", "title", "kind", "style", "sectionCount", "rowCount", "version"],
                "properties": {
                  "id": {"$ref": "#/components/schemas/DatasetId"},
                  "title": {"type": "string"},
                  "kind": {"type": "string", "enum": ["friends", "heroes", "apps", "messages", "generic", "table"]},
                  "style": {"type": "string", "enum": ["plain", "grouped", "insetGrouped"]},
                  "sectionCount": {"type": "integer", "minimum": 0},
                  "rowCount": {"type": "integer", "minimum": 0},
                  "version": {"$ref": "#/components/schemas/Version"}
                }},
              "DatasetList": {"type": "object", "additionalProperties": false, "required": ["datasets"],
                "properties": {"datasets": {"type": "array", "items": {"$ref": "#/components/schemas/DatasetSummary"}}}},
              "DatasetDetail": {"type": "object", "additionalProperties": false,
                "required": ["id", "title", "kind", "style", "sectionCount", "rowCount", "version", "defaultExpanded", "contentHeight", "editable", "movable", "insertable", "collapsible", "sections", "indexTitles", "indexSections"],
                "properties": {
                  "id": {"$ref": "#/components/schemas/DatasetId"},
                  "title": {"type": "string"},
                  "kind": {"type": "string", "enum": ["friends", "heroes", "apps", "messages", "generic", "table"]},
                  "style": {"type": "string", "enum": ["plain", "grouped", "insetGrouped"]},
                  "sectionCount": {"type": "integer", "minimum": 0},
                  "rowCount": {"type": "integer", "minimum": 0},
                  "version": {"$ref": "#/components/schemas/Version"},
                  "defaultExpanded": {"type": "string", "enum": ["all", "none"], "description": "The expanded sections a window gets without an expanded parameter."},
                  "contentHeight": {"type": "number", "minimum": 0, "description": "The content height with defaultExpanded."},
                  "editable": {"type": "boolean"},
                  "movable": {"type": "boolean"},
                  "insertable": {"type": "boolean", "description": "Whether edit mode ends every section with an insertion row (windows with editing=true)."},
                  "collapsible": {"type": "boolean"},
                  "sections": {"type": "array", "items": {"type": "object", "additionalProperties": false,
                    "required": ["id", "title", "rowCount", "fields"],
                    "properties": {
                      "id": {"$ref": "#/components/schemas/SectionId"},
                      "title": {"type": "string"},
                      "rowCount": {"type": "integer", "minimum": 0},
                      "fields": {"$ref": "#/components/schemas/Fields"}
                    }}},
                  "indexTitles": {"type": "array", "items": {"type": "string"}, "description": "The section index bar (A-Z, #); empty for one-section lists."},
                  "indexSections": {"type": "array", "items": {"$ref": "#/components/schemas/Index"}, "description": "The section each index title jumps to."}
                }},
              "WindowHeader": {"type": "object", "additionalProperties": false,
                "required": ["section", "sectionId", "title", "rowCount", "expanded", "y", "height"],
                "properties": {
                  "section": {"$ref": "#/components/schemas/Index"},
                  "sectionId": {"$ref": "#/components/schemas/SectionId"},
                  "title": {"type": "string"},
                  "rowCount": {"type": "integer", "minimum": 0},
                  "expanded": {"type": "boolean"},
                  "y": {"type": "number"},
                  "height": {"type": "number", "minimum": 0}
                }},
              "WindowFooter": {"type": "object", "additionalProperties": false,
                "required": ["section", "sectionId", "y", "height"],
                "properties": {
                  "section": {"$ref": "#/components/schemas/Index"},
                  "sectionId": {"$ref": "#/components/schemas/SectionId"},
                  "title": {"type": "string", "description": "Table documents: the section's footer text (titleForFooterInSection), empty for none."},
                  "y": {"type": "number"},
                  "height": {"type": "number", "minimum": 0},
                  "insertion": {"description": "In editing mode, the insertion row at the top of the footer (its height is part of the footer's): a green plus that adds a row at row, the section's end, with its title in titleKey.",
                    "type": "object", "additionalProperties": false, "required": ["height", "row", "titleKey"],
                    "properties": {
                      "height": {"type": "number", "minimum": 0},
                      "row": {"$ref": "#/components/schemas/Index"},
                      "titleKey": {"type": "string"}
                    }}
                }},
              "WindowRow": {"type": "object", "additionalProperties": false,
                "required": ["section", "row", "id", "y", "height", "fields"],
                "properties": {
                  "section": {"$ref": "#/components/schemas/Index"},
                  "row": {"$ref": "#/components/schemas/Index"},
                  "id": {"$ref": "#/components/schemas/RowId"},
                  "y": {"type": "number"},
                  "height": {"type": "number", "minimum": 0},
                  "fields": {"$ref": "#/components/schemas/Fields"},
                  "style": {"$ref": "#/components/schemas/TableCellStyle"},
                  "accessory": {"type": "string", "enum": ["none", "disclosureIndicator", "detailDisclosureButton", "checkmark", "detailButton", "switch"],
                    "description": "Table documents: the accessory drawn (switch for accessoryView switch; disclosureIndicator for a row with a child table and no accessory of its own)."},
                  "child": {"type": "string", "description": "Table documents: the address of the child table the row opens, for ?child= (its fields then leave the child table out)."}
                }},
              "TableCellStyle": {"type": "string", "enum": ["default", "value1", "value2", "subtitle"], "description": "UITableViewCell.CellStyle."},
              "WindowTableText": {"type": "object", "additionalProperties": false, "required": ["text", "y", "height"],
                "properties": {"text": {"type": "string"}, "y": {"type": "number"}, "height": {"type": "number", "minimum": 0}}},
              "WindowTable": {"type": "object", "additionalProperties": false, "description": "Table documents: the table shown (the dataset's own or a child) and its keys.",
                "required": ["style", "title", "address", "parent", "separatorStyle", "allowsSelection", "allowsMultipleSelection", "header", "footer", "indexTitles", "indexSections"],
                "properties": {
                  "style": {"type": "string", "enum": ["plain", "grouped", "insetGrouped"]},
                  "title": {"type": "string", "description": "The dataset's title, or for a child the text of the row that opens it."},
                  "address": {"type": "string", "description": "The child's address, empty for the dataset's own table."},
                  "parent": {"description": "The address of the table the child was opened from (empty: the dataset's own), null for the dataset's own table.", "oneOf": [{"type": "string"}, {"type": "null"}]},
                  "separatorStyle": {"type": "string", "enum": ["singleLine", "none"]},
                  "allowsSelection": {"type": "boolean"},
                  "allowsMultipleSelection": {"type": "boolean"},
                  "header": {"description": "The table header when it is in the window, else null.", "oneOf": [{"$ref": "#/components/schemas/WindowTableText"}, {"type": "null"}]},
                  "footer": {"description": "The table footer when it is in the window, else null.", "oneOf": [{"$ref": "#/components/schemas/WindowTableText"}, {"type": "null"}]},
                  "indexTitles": {"type": "array", "items": {"type": "string"}},
                  "indexSections": {"type": "array", "items": {"$ref": "#/components/schemas/Index"}}
                }},
              "TableDocument": {"type": "object", "required": ["table"], "description": "A UITableView in its own vocabulary (kind table), detected by its table key. Other keys, here and at every level, are kept and exported as they were.",
                "properties": {"table": {"$ref": "#/components/schemas/Table"}}},
              "Table": {"type": "object", "required": ["sections"],
                "properties": {
                  "style": {"type": "string", "enum": ["plain", "grouped", "insetGrouped"], "default": "plain"},
                  "header": {"type": "string", "description": "The table header's text."},
                  "footer": {"type": "string", "description": "The table footer's text."},
                  "separatorStyle": {"type": "string", "enum": ["singleLine", "none"], "default": "singleLine"},
                  "allowsSelection": {"type": "boolean", "default": true},
                  "allowsMultipleSelection": {"type": "boolean", "default": false},
                  "trailingActions": {"type": "array", "maxItems": 8, "items": {"$ref": "#/components/schemas/SwipeAction"}, "description": "Buttons a swipe to the left reveals, the first nearest the edge; a full swipe runs the first. The nearest level (row, section, table) wins."},
                  "leadingActions": {"type": "array", "maxItems": 8, "items": {"$ref": "#/components/schemas/SwipeAction"}, "description": "Buttons a swipe to the right reveals."},
                  "deleteTitle": {"type": "string", "description": "titleForDeleteConfirmationButton: the red Delete button's title."},
                  "sections": {"type": "array", "items": {"$ref": "#/components/schemas/TableSection"}}
                }},
              "TableSection": {"type": "object", "required": ["rows"],
                "properties": {
                  "header": {"type": "string", "description": "titleForHeaderInSection."},
                  "footer": {"type": "string", "description": "titleForFooterInSection: grey small text under the group."},
                  "indexTitle": {"type": "string", "description": "The section's title in the section index bar."},
                  "choice": {"type": "string", "enum": ["single"], "description": "A choice list: a batch that gives a row the checkmark takes it from the others, and the row that opens this child table shows the choice as its detail."},
                  "moveWithinSection": {"type": "boolean", "description": "targetIndexPathForMove keeps dragged rows in this section; a batch moving one out gets 422."},
                  "trailingActions": {"type": "array", "maxItems": 8, "items": {"$ref": "#/components/schemas/SwipeAction"}, "description": "Buttons a swipe to the left reveals, the first nearest the edge; a full swipe runs the first. The nearest level (row, section, table) wins."},
                  "leadingActions": {"type": "array", "maxItems": 8, "items": {"$ref": "#/components/schemas/SwipeAction"}, "description": "Buttons a swipe to the right reveals."},
                  "deleteTitle": {"type": "string", "description": "titleForDeleteConfirmationButton: the red Delete button's title."},
                  "rows": {"type": "array", "items": {"$ref": "#/components/schemas/TableRow"}}
                }},
              "TableRow": {"type": "object",
                "properties": {
                  "text": {"type": "string", "description": "textLabel."},
                  "detail": {"type": "string", "description": "detailTextLabel (value1, value2 and subtitle styles)."},
                  "image": {"type": "string", "description": "An image name, resolved like UIImage(named:)."},
                  "style": {"$ref": "#/components/schemas/TableCellStyle"},
                  "accessory": {"type": "string", "enum": ["none", "disclosureIndicator", "detailDisclosureButton", "checkmark", "detailButton"], "default": "none"},
                  "accessoryView": {"type": "string", "enum": ["switch"], "description": "A UISwitch in place of the accessory; its state is on, and toggling it is an updateRows batch setting on."},
                  "on": {"type": "boolean"},
                  "editingStyle": {"type": "string", "enum": ["none", "delete", "insert"], "default": "none", "description": "Only rows with delete can be deleted by a batch."},
                  "canMove": {"type": "boolean", "default": false, "description": "Only rows with true can be moved by a batch."},
                  "height": {"type": "number", "minimum": 0, "maximum": 2000, "description": "heightForRowAt; default 44 (58 for subtitle)."},
                  "selectionStyle": {"type": "string", "enum": ["default", "none"], "default": "default"},
                  "indentationLevel": {"type": "number", "minimum": 0, "maximum": 16, "description": "indentationLevelForRow: 10 px a level."},
                  "trailingActions": {"type": "array", "maxItems": 8, "items": {"$ref": "#/components/schemas/SwipeAction"}, "description": "Buttons a swipe to the left reveals, the first nearest the edge; a full swipe runs the first. The nearest level (row, section, table) wins."},
                  "leadingActions": {"type": "array", "maxItems": 8, "items": {"$ref": "#/components/schemas/SwipeAction"}, "description": "Buttons a swipe to the right reveals."},
                  "deleteTitle": {"type": "string", "description": "titleForDeleteConfirmationButton: the red Delete button's title."},
                  "table": {"$ref": "#/components/schemas/Table", "description": "A child table the row opens (the row then shows a disclosure indicator); its window is ?child=ROWID, batches name it with child."}
                }},
              "Window": {"type": "object", "additionalProperties": false,
                "required": ["version", "contentHeight", "expanded", "pinnedHeader", "headers", "rows", "footers"],
                "properties": {
                  "version": {"$ref": "#/components/schemas/Version"},
                  "contentHeight": {"type": "number", "minimum": 0},
                  "expanded": {"type": "string", "description": "The expanded sections the window was computed with, in compact form."},
                  "matches": {"type": "integer", "minimum": 0, "description": "With q: the number of rows that match, in all sections. Absent without a search."},
                  "pinnedHeader": {"description": "The header pinned to the viewport's top (plain style), or null.",
                    "oneOf": [{"$ref": "#/components/schemas/WindowHeader"}, {"type": "null"}]},
                  "headers": {"type": "array", "items": {"$ref": "#/components/schemas/WindowHeader"}},
                  "rows": {"type": "array", "items": {"$ref": "#/components/schemas/WindowRow"}},
                  "footers": {"type": "array", "items": {"$ref": "#/components/schemas/WindowFooter"}},
                  "table": {"$ref": "#/components/schemas/WindowTable"}
                }},
              "RowInsert": {"type": "object", "additionalProperties": false, "required": ["section", "row", "fields"],
                "properties": {
                  "section": {"$ref": "#/components/schemas/Index"},
                  "row": {"$ref": "#/components/schemas/Index", "description": "The new row's position after the batch."},
                  "fields": {"$ref": "#/components/schemas/Fields"}
                }},
              "RowMove": {"type": "object", "additionalProperties": false, "required": ["id", "toSection", "toRow"],
                "properties": {
                  "id": {"$ref": "#/components/schemas/RowId"},
                  "toSection": {"$ref": "#/components/schemas/Index"},
                  "toRow": {"$ref": "#/components/schemas/Index", "description": "The row's position after the batch."}
                }},
              "RowUpdate": {"type": "object", "additionalProperties": false, "required": ["id", "fields"],
                "properties": {
                  "id": {"$ref": "#/components/schemas/RowId"},
                  "fields": {"type": "object", "additionalProperties": true, "description": "Keys to set; a key sent as null is removed."}
                }},
              "RowActionRun": {"type": "object", "additionalProperties": false, "required": ["id", "edge", "index"],
                "description": "A tap on a row action (a button a swipe reveals): the server runs the action the dataset gives that row (its delete, update or moveTo) as part of the batch; a row without such an action gets 422.",
                "properties": {
                  "id": {"$ref": "#/components/schemas/RowId"},
                  "edge": {"type": "string", "enum": ["trailing", "leading"], "description": "trailingActions (revealed by a swipe to the left) or leadingActions."},
                  "index": {"$ref": "#/components/schemas/Index", "description": "The action's position in its list; without trailingActions, index 0 of trailing is the default Delete."}
                }},
              "SwipeAction": {"type": "object", "required": ["title"],
                "description": "UITableViewRowAction / UIContextualAction: a button a swipe reveals, with exactly one effect.",
                "properties": {
                  "title": {"type": "string", "minLength": 1, "maxLength": 100},
                  "style": {"type": "string", "enum": ["normal", "destructive"], "default": "normal"},
                  "color": {"type": "string", "pattern": "^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|[A-Za-z]{1,32})$", "description": "The button's background; destructive buttons are red and normal ones grey without it."},
                  "delete": {"const": true, "description": "Deletes the row."},
                  "update": {"type": "object", "minProperties": 1, "description": "Sets these keys of the row (null removes one)."},
                  "moveTo": {"type": "string", "enum": ["top", "bottom"], "description": "Moves the row to the top or bottom of its section."}
                }},
              "SectionInsert": {"type": "object", "additionalProperties": false, "required": ["section"],
                "properties": {
                  "section": {"$ref": "#/components/schemas/Index", "description": "The new section's position after the batch."},
                  "fields": {"$ref": "#/components/schemas/Fields", "description": "The group's fields (friends: name, online; generic: title), without its rows key."}
                }},
              "BatchRequest": {"type": "object", "additionalProperties": false, "required": ["baseVersion"],
                "properties": {
                  "baseVersion": {"type": "integer", "format": "int64", "description": "The version the change was made against."},
                  "deleteRows": {"type": "array", "maxItems": 100000, "items": {"$ref": "#/components/schemas/RowId"}},
                  "insertRows": {"type": "array", "maxItems": 100000, "items": {"$ref": "#/components/schemas/RowInsert"}},
                  "moveRows": {"type": "array", "maxItems": 100000, "items": {"$ref": "#/components/schemas/RowMove"}},
                  "updateRows": {"type": "array", "maxItems": 100000, "items": {"$ref": "#/components/schemas/RowUpdate"}},
                  "deleteSections": {"type": "array", "maxItems": 100000, "items": {"$ref": "#/components/schemas/SectionId"}},
                  "insertSections": {"type": "array", "maxItems": 100000, "items": {"$ref": "#/components/schemas/SectionInsert"}},
                  "rowActions": {"type": "array", "maxItems": 100000, "items": {"$ref": "#/components/schemas/RowActionRun"}},
                  "animation": {"$ref": "#/components/schemas/RowAnimation"},
                  "child": {"description": "Table documents: the address of the child table the batch edits (as the child query parameter: \"12\" or \"12~40\"; a number for one row). Ids and positions are then the child's; the child is written back inside its row, which the change event lists as updated, with the child's own changes in the event's child member.",
                    "oneOf": [{"type": "string", "pattern": "^[1-9][0-9]{0,17}(~[1-9][0-9]{0,17}){0,31}$"}, {"type": "integer", "minimum": 1}]}
                }},
              "BatchResult": {"type": "object", "additionalProperties": false, "required": ["version", "insertedRowIds", "insertedSectionIds"],
                "properties": {
                  "version": {"$ref": "#/components/schemas/Version"},
                  "insertedRowIds": {"type": "array", "items": {"$ref": "#/components/schemas/RowId"}, "description": "The new rows' ids, in the order of insertRows."},
                  "insertedSectionIds": {"type": "array", "items": {"$ref": "#/components/schemas/SectionId"}, "description": "The new sections' ids, in the order of insertSections."}
                }},
              "VersionEvent": {"type": "object", "additionalProperties": false, "required": ["version"],
                "properties": {"version": {"$ref": "#/components/schemas/Version"},
                  "from": {"$ref": "#/components/schemas/Version", "description": "ready: the version the stream continues from (the client's Last-Event-ID when it resumes)."}}},
              "ReloadEvent": {"type": "object", "additionalProperties": false, "required": ["version"],
                "properties": {"version": {"anyOf": [{"$ref": "#/components/schemas/Version"}, {"type": "null"}], "description": "The version to load; null when the dataset was deleted."},
                  "deleted": {"const": true, "description": "The dataset was deleted; the stream ends after this event."}}},
              "RowChange": {"type": "object", "additionalProperties": false, "required": ["id", "section", "row"],
                "properties": {"id": {"$ref": "#/components/schemas/RowId"}, "section": {"$ref": "#/components/schemas/Index"}, "row": {"$ref": "#/components/schemas/Index"}}},
              "SectionChange": {"type": "object", "additionalProperties": false, "required": ["id", "section"],
                "properties": {"id": {"$ref": "#/components/schemas/SectionId"}, "section": {"$ref": "#/components/schemas/Index"},
                  "rows": {"type": "array", "items": {"$ref": "#/components/schemas/RowId"}, "description": "sectionDeletes: the rows that went with the section."}}},
              "RowAnimation": {"type": "string", "enum": ["fade", "right", "left", "top", "bottom", "middle", "none", "automatic"],
                "description": "How every open page animates the rows that come and go (UITableViewRowAnimation); automatic by default."},
              "ChangeEvent": {"type": "object", "additionalProperties": false, "description": "An accepted batch: deletes by their index paths before it; inserts, move destinations and updates by their index paths after it.",
                "required": ["version", "baseVersion", "animation", "deletes", "inserts", "moves", "updates", "sectionDeletes", "sectionInserts"],
                "properties": {
                  "version": {"$ref": "#/components/schemas/Version"},
                  "baseVersion": {"$ref": "#/components/schemas/Version"},
                  "animation": {"$ref": "#/components/schemas/RowAnimation"},
                  "deletes": {"type": "array", "items": {"$ref": "#/components/schemas/RowChange"}},
                  "inserts": {"type": "array", "items": {"$ref": "#/components/schemas/RowChange"}},
                  "moves": {"type": "array", "items": {"type": "object", "additionalProperties": false,
                    "required": ["id", "fromSection", "fromRow", "toSection", "toRow"],
                    "properties": {
                      "id": {"$ref": "#/components/schemas/RowId"},
                      "fromSection": {"$ref": "#/components/schemas/Index"}, "fromRow": {"$ref": "#/components/schemas/Index"},
                      "toSection": {"$ref": "#/components/schemas/Index"}, "toRow": {"$ref": "#/components/schemas/Index"}
                    }}},
                  "updates": {"type": "array", "items": {"$ref": "#/components/schemas/RowChange"}},
                  "sectionDeletes": {"type": "array", "items": {"$ref": "#/components/schemas/SectionChange"}},
                  "sectionInserts": {"type": "array", "items": {"$ref": "#/components/schemas/SectionChange"}},
                  "child": {"type": "object", "description": "A batch on a child table: its address and its own changes, by the child's ids and index paths.",
                    "required": ["address"], "properties": {"address": {"type": "string"}}, "additionalProperties": true}
                }},
              "ServerSentEvent": {"description": "One event of the stream, as an EventSource sees it.",
                "oneOf": [
                  {"type": "object", "required": ["event", "data"], "properties": {
                    "event": {"const": "ready"},
                    "data": {"type": "string", "contentMediaType": "application/json", "contentSchema": {"$ref": "#/components/schemas/VersionEvent"}},
                    "id": {"type": "string", "pattern": "^[0-9]+$"}, "retry": {"type": "integer"}}},
                  {"type": "object", "required": ["event", "data", "id"], "properties": {
                    "event": {"const": "change"},
                    "data": {"type": "string", "contentMediaType": "application/json", "contentSchema": {"$ref": "#/components/schemas/ChangeEvent"}},
                    "id": {"type": "string", "pattern": "^[0-9]+$"}, "retry": {"type": "integer"}}},
                  {"type": "object", "required": ["event", "data", "id"], "properties": {
                    "event": {"const": "reload"},
                    "data": {"type": "string", "contentMediaType": "application/json", "contentSchema": {"$ref": "#/components/schemas/ReloadEvent"}},
                    "id": {"type": "string", "pattern": "^[0-9]+$"}, "retry": {"type": "integer"}}}
                ]}
            }
          }
        }
        """#
}
