// ListRender — icon names as they may appear in an image path
import Models

/// Icon names as they may appear in an image path: `Public/icons/{name}.svg`.
public enum IconName {
    /// The longest icon name accepted.
    public static let maximumLength = 64

    /// The field's text (``FieldValue/text``: a string, or a number's digits) when it is a usable icon
    /// name: 1 to 64 characters, each an ASCII letter, digit, `_` or `-`, so that it can never leave the
    /// icons folder or break out of an attribute.
    /// - Parameter value: the row's `icon` field, if any.
    /// - Returns: the name, or nil when the value is absent, has no text or is not a safe name.
    /// - Complexity: O(n) in the length of the value.
    public static func sanitized(_ value: FieldValue?) -> String? {
        guard let name = value?.text, !name.isEmpty, name.utf8.count <= maximumLength else { return nil }
        let allowed = name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
        return allowed ? name : nil
    }
}
