// Models — one specifier of a Settings page, read by the keys Apple documents for its type

/// One specifier of a Settings page (an element of `PreferenceSpecifiers`), read by the keys Apple's
/// *Settings Application Schema Reference* documents for its `Type`.
public struct SettingsSpecifier: Sendable, Hashable {
    /// The specifier's dictionary as the file has it.
    public var fields: Fields

    public init(_ fields: Fields) {
        self.fields = fields
    }

    /// The types the Settings app shows.
    public enum Kind: String, Sendable, CaseIterable {
        case group = "PSGroupSpecifier"
        case toggleSwitch = "PSToggleSwitchSpecifier"
        case titleValue = "PSTitleValueSpecifier"
        case textField = "PSTextFieldSpecifier"
        case slider = "PSSliderSpecifier"
        case multiValue = "PSMultiValueSpecifier"
        case radioGroup = "PSRadioGroupSpecifier"
        case childPane = "PSChildPaneSpecifier"
    }

    /// The specifier's `Type`, as written.
    public var typeName: String { fields["Type"]?.stringValue ?? "" }
    /// The type, or nil for one the Settings app does not know (`IASKButtonSpecifier`).
    public var kind: Kind? { Kind(rawValue: typeName) }
    /// The user-defaults key the specifier stores its value under.
    public var key: String? { fields["Key"]?.stringValue }
    /// The `Title` (a key of the strings table).
    public var title: String? { fields["Title"]?.text }
    public var defaultValue: FieldValue? { fields["DefaultValue"] }
    /// `Titles`, one for each of `Values`.
    public var titles: [String] { fields["Titles"]?.arrayValue?.map { $0.text ?? "" } ?? [] }
    /// `ShortTitles`, shown as a multi-value row's detail when given.
    public var shortTitles: [String] { fields["ShortTitles"]?.arrayValue?.map { $0.text ?? "" } ?? [] }
    /// `Values`; a specifier that gives none stores its titles themselves, so that its list still offers them.
    public var values: [FieldValue] { fields["Values"]?.arrayValue ?? fields["Titles"]?.arrayValue ?? [] }

    /// Whether a stored value means the switch is on: it equals `TrueValue`, or it is not `FalseValue` and reads
    /// as a true BOOL (`YES`, `1`, `true`). A `DefaultValue` of `true` beside a `TrueValue` of `YES` is on, as its
    /// bundle meant it (Apple asks that it be one of the two, which not every bundle does).
    public func isOn(_ value: FieldValue?) -> Bool {
        guard let value else { return false }
        if let trueValue = fields["TrueValue"], Self.same(value, trueValue) { return true }
        if let falseValue = fields["FalseValue"], Self.same(value, falseValue) { return false }
        return value.flag ?? false
    }

    /// The value a switch stores in a state: `TrueValue`/`FalseValue` when given, else the boolean.
    public func switchValue(on: Bool) -> FieldValue {
        fields[on ? "TrueValue" : "FalseValue"] ?? .bool(on)
    }

    /// The position of a value among `Values`, compared as `NSObject.isEqual` compares a number with a number
    /// and a string with a string.
    public func index(ofValue value: FieldValue?) -> Int? {
        guard let value else { return nil }
        return values.firstIndex { Self.same($0, value) }
    }

    /// The value the specifier holds when nothing has been stored: its `DefaultValue`, as a switch reads it.
    public var initialValue: FieldValue? {
        switch kind {
        case .toggleSwitch: switchValue(on: isOn(defaultValue))
        case .multiValue, .radioGroup: index(ofValue: defaultValue).map { values[$0] } ?? defaultValue
        default: defaultValue
        }
    }

    /// The value a row starts with: ``initialValue``, else the one the page shows for none (a text field's empty
    /// text, a slider at its `MinimumValue`); nil for a specifier that holds none.
    public var startValue: FieldValue? {
        if let initialValue { return initialValue }
        switch kind {
        case .textField: return .string("")
        case .slider: return .real(fields["MinimumValue"]?.number ?? 0)
        default: return nil
        }
    }

    /// Whether two property-list values are equal as Foundation objects: numbers by value (a BOOL is a number),
    /// anything else by type and value.
    public static func same(_ left: FieldValue, _ right: FieldValue) -> Bool {
        switch (left, right) {
        case (.int, .int), (.int, .real), (.real, .int), (.real, .real), (.bool, .int), (.int, .bool), (.bool, .bool),
             (.bool, .real), (.real, .bool):
            return number(left) == number(right)
        default:
            return left == right
        }
    }

    private static func number(_ value: FieldValue) -> Double? {
        if case .bool(let flag) = value { return flag ? 1 : 0 }
        return value.doubleValue
    }
}
