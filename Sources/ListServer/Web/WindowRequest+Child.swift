// Web — the table document: the `child` query parameter of windows and fragments
import HTTPServer
import Models

extension WindowRequest {
    /// Reads `child` (`12`, `12~40`); absent or empty is the dataset's own table.
    /// - Throws: ``HTTPError`` `400` for anything but row ids joined by `~`.
    static func child(_ request: HTTPQuery) throws(HTTPError) -> ChildAddress {
        guard let text = request["child"], !text.isEmpty else { return ChildAddress() }
        guard let address = ChildAddress(parsing: text) else {
            throw HTTPError.badRequest(
                "child must be the ids of the rows that open the child table, joined by '~' (12 or 12~40), "
                    + "at most \(ChildAddress.maximumDepth) of them, found \"\(text)\"")
        }
        return address
    }
}

extension DatasetEntry {
    /// The entry of the child table at `address`, or this one when it is empty.
    /// - Throws: ``LibraryError/childNotFound(datasetID:child:message:)`` (`404`).
    func requireChild(_ address: ChildAddress) throws(LibraryError) -> DatasetEntry {
        do {
            return try child(at: address)
        } catch {
            throw LibraryError.childNotFound(datasetID: dataset.id, child: address.description, message: error.message)
        }
    }
}
