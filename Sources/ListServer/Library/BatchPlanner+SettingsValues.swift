// Library — the values a batch gives Settings rows, of the types their specifiers store
import ListRender
import Models

extension BatchPlanner {
    /// Checks the value an update gives a row of a Settings page, as the Settings app would store it, and refuses
    /// any other as the batch API refuses a field of the wrong type: a text field's `value` is a string, a
    /// slider's a number, a multi-value's or a choice row's one of its specifier's `Values` (the page offers only
    /// those). A multi-value row given one of its `Values` checks it in its choice list, which holds the value.
    /// - Parameters:
    ///   - fields: the row's fields after the update.
    ///   - sent: the fields the update sent.
    ///   - section: the fields of the row's section (a radio group's holds its specifier).
    /// - Returns: the row's fields to store.
    /// - Throws: ``LibraryError/invalidBatch(path:message:)`` at `path.fields.value`, naming the row and its key.
    func settingsValue(
        _ fields: Fields, _ sent: Fields, in section: Fields, _ id: RowID, _ path: String
    ) throws(LibraryError) -> Fields {
        guard let value = sent["value"], value != .null else { return fields }
        func refuse(_ specifier: SettingsSpecifier, _ expected: String) -> LibraryError {
            let key = specifier.key.map { " \"\($0)\"" } ?? ""
            return LibraryError.invalidBatch(
                path: "\(path).fields.value",
                message: "row \(id) is a \(specifier.typeName)\(key); its value must be \(expected), "
                    + "found \(value.errorPreview)")
        }
        func choices(_ specifier: SettingsSpecifier) -> String {
            "one of its Values (" + specifier.values.map(\.errorPreview).joined(separator: ", ") + ")"
        }
        // A row of a choice list: a radio group's section, or the list a multi-value opens.
        if let list = SettingsKeys.specifier(of: section).flatMap({ $0.kind == .radioGroup ? $0 : nil }) ?? choicesOf {
            guard list.index(ofValue: value) != nil else { throw refuse(list, choices(list)) }
            return fields
        }
        guard let specifier = SettingsKeys.specifier(of: fields) else { return fields }
        switch specifier.kind {
        case .textField:
            guard case .string = value else { throw refuse(specifier, "a string") }
        case .slider:
            guard value.doubleValue != nil else { throw refuse(specifier, "a number") }
        case .multiValue:
            guard let key = specifier.key, specifier.index(ofValue: value) != nil else {
                throw refuse(specifier, choices(specifier))
            }
            var chosen = SettingsKeys.writing([key: value], intoRow: fields) ?? fields
            chosen["value"] = nil
            return chosen
        default:
            break
        }
        return fields
    }
}
