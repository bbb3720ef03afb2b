// Web — the table document: the `child` of a batch body
import HTTPServer
import Models

extension BatchRequest {
    /// Reads a batch's `child`: the address of the child table it edits, a string (`"12~40"`) or, for a
    /// child of the dataset's own table, the row id as a number (`12`).
    /// - Throws: ``HTTPError`` `422` naming `child`.
    static func child(_ value: FieldValue?) throws(HTTPError) -> ChildAddress {
        guard let value else { return ChildAddress() }
        let text: String
        switch value {
        case .string(let string): text = string
        case .int(let number): text = String(number)
        default: text = ""
        }
        guard let address = ChildAddress(parsing: text) else {
            throw invalid(
                "child", "expected the address of a child table: the ids of the rows that open it joined by '~' "
                    + "(\"12\" or \"12~40\"), found \(value.errorPreview)")
        }
        return address
    }
}
