// ListRender — one row of a fragment window
import Models

/// One row of a fragment window: its identity, frame, fields and what editing allows on it.
public struct FragmentRow: Sendable, Hashable {
    /// The row's position in the table.
    public var indexPath: IndexPath
    /// The row's stable id.
    public var id: RowID
    /// The row's top in content coordinates.
    public var y: Double
    /// The row's height in pixels: its estimated height for cells that size themselves.
    public var height: Double
    /// The row's dictionary (`name`, `icon`, ...).
    public var fields: Fields
    /// The URL of the row's image (its `icon` or `image` resolved on the server); nil draws a
    /// placeholder with the row's initials.
    public var imageURL: String?
    /// The number of rows in the row's section .
    public var setSize: Int
    /// The row's 1-based position in its section.
    public var position: Int
    /// Whether the row can be deleted (swipe, edit mode, selection delete).
    public var canEdit: Bool
    /// Whether the row can be reordered with its drag handle in edit mode.
    public var canMove: Bool
    /// Whether the row closes its group (its bottom corners round, it has no separator): the last row
    /// of its section, unless an insertion row follows it.
    public var endsGroup: Bool
    /// A table document's row: what its fields say about its cell; nil for other kinds.
    public var cell: TableCell?
    /// A row that opens a child table: the child's address (`12`, `12~40`), as `?child=` takes it.
    public var child: String?
    /// The row's swipe actions, merged from its levels (see ``SwipeActions/overriding(_:)``); nil for UIKit's
    /// default, one Delete.
    public var actions: SwipeActions?
    /// A search result: the row's place in the whole table (``indexPath`` is its place in the results), which
    /// the page's selection reads; nil elsewhere.
    public var place: IndexPath?

    /// Creates a row.
    /// - Parameters:
    ///   - indexPath: the row's index path.
    ///   - id: the row's stable id.
    ///   - y: the row's top.
    ///   - height: the row's height.
    ///   - fields: the row's dictionary.
    ///   - setSize: the number of rows in its section.
    ///   - position: its 1-based position in the section; defaults to `indexPath.row + 1`.
    ///   - canEdit: whether it can be deleted.
    ///   - canMove: whether it can be reordered.
    ///   - endsGroup: whether it closes its group; defaults to whether it is the section's last row.
    ///   - imageURL: where its image is, nil for a placeholder.
    ///   - cell: a table document row's cell, nil for other kinds.
    ///   - child: the address of the child table the row opens, or nil.
    ///   - actions: the row's swipe actions, nil for the default Delete.
    ///   - place: a search result's place in the whole table.
    @inlinable
    public init(
        indexPath: IndexPath, id: RowID, y: Double, height: Double, fields: Fields, setSize: Int,
        position: Int? = nil, canEdit: Bool = false, canMove: Bool = false, endsGroup: Bool? = nil,
        imageURL: String? = nil, cell: TableCell? = nil, child: String? = nil, actions: SwipeActions? = nil,
        place: IndexPath? = nil
    ) {
        self.indexPath = indexPath
        self.id = id
        self.y = y
        self.height = height
        self.fields = fields
        self.setSize = setSize
        let position = position ?? (indexPath.row + 1)
        self.position = position
        self.canEdit = canEdit
        self.canMove = canMove
        self.endsGroup = endsGroup ?? (position >= setSize)
        self.imageURL = imageURL
        self.cell = cell
        self.child = child
        self.actions = actions
        self.place = place
    }
}
