// Models — how the rows sat in the source file

/// How the rows sat in the source file, so an export writes the same shape back.
public struct SourceShape: Sendable, Hashable {
    /// When the file's root was a dictionary holding the list under one key, that key.
    public var rootKey: String?
    /// When the list held group dictionaries, the key of each group's rows (`friends`, `cars`, `rows`);
    /// nil when the list held the rows themselves (one section) or groups of another ``groupForm``.
    public var rowsKey: String?

    /// Table documents (``DatasetKind/table``): the document around its sections as the file had it,
    /// every key in its order, with an empty array where the sections stood. It is the root dictionary
    /// when ``rootKey`` names the table in it (`{"table": {…}}`), else the table dictionary itself (a
    /// child table). Other kinds: the root dictionary around the list (its metadata, its row actions),
    /// with an empty array where the list stood; nil when the root was the list or held only it.
    public var document: Fields?

    /// How the file wrote its groups.
    public var groupForm: GroupForm
    /// Whether the rows were strings or numbers (`["Haidian", "Chaoyang"]`) rather than dictionaries: each
    /// row then holds its value under ``scalarRowKey`` and exports as the value again.
    public var hasScalarRows: Bool

    /// How a file writes the groups of a grouped list.
    public enum GroupForm: String, Sendable, Hashable {
        /// Dictionaries holding their rows under ``SourceShape/rowsKey`` (`[{name, friends: […]}]`), or no
        /// groups at all when ``SourceShape/rowsKey`` is nil.
        case dictionaries
        /// The keys of one dictionary, each holding its section's rows (`{"Beijing": […], "Tianjin": […]}`),
        /// in the file's order; a section keeps its key under ``SourceShape/sectionTitleKey``.
        case keyed
        /// Arrays in an array (`[[…], […]]`, a picker's components): sections without titles.
        case arrays
    }

    /// The key a row made from a string or a number holds it under.
    public static let scalarRowKey = "title"
    /// The key a section of a keyed dictionary (``GroupForm/keyed``) holds its key under.
    public static let sectionTitleKey = "title"

    public init(
        rootKey: String? = nil, rowsKey: String? = nil, document: Fields? = nil, groupForm: GroupForm = .dictionaries,
        hasScalarRows: Bool = false
    ) {
        self.rootKey = rootKey
        self.rowsKey = rowsKey
        self.document = document
        self.groupForm = groupForm
        self.hasScalarRows = hasScalarRows
    }

    /// Whether the rows sat in groups, each a section with a header.
    public var isGrouped: Bool { rowsKey != nil || groupForm != .dictionaries }

    /// ``groupForm`` and ``hasScalarRows`` as one word a store keeps (`keyed`, `arrays+scalars`,
    /// `scalars`); nil for dictionaries of dictionary rows, the shape of every file before these forms.
    public var formName: String? {
        var words: [String] = []
        if groupForm != .dictionaries { words.append(groupForm.rawValue) }
        if hasScalarRows { words.append("scalars") }
        return words.isEmpty ? nil : words.joined(separator: "+")
    }

    /// Sets ``groupForm`` and ``hasScalarRows`` from a ``formName``.
    /// - Returns: false, changing nothing, when the name holds a word no form has.
    public mutating func setForm(named name: String?) -> Bool {
        var form = GroupForm.dictionaries
        var scalars = false
        for word in (name ?? "").split(separator: "+") {
            if word == "scalars" {
                scalars = true
            } else if let named = GroupForm(rawValue: String(word)) {
                form = named
            } else {
                return false
            }
        }
        groupForm = form
        hasScalarRows = scalars
        return true
    }
}
