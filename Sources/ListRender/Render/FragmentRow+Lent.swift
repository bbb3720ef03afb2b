// ListRender — a row lent to the renderer by whoever holds it
import Models

extension FragmentRow {
    /// A row as the renderer reads it: its frame and flags by value, its dictionary, image URL and child
    /// address where their owner keeps them, so that writing it copies, retains and releases nothing (it
    /// holds no reference).
    ///
    /// A ``FragmentRow`` lends itself as one (``withLent(_:_:)``); a server writing rows straight from
    /// its dataset makes one for each row it writes, pointing into the dataset's own storage. The
    /// pointers are valid only while the renderer's call that takes the row runs.
    @usableFromInline package struct Lent {
        /// The row's position in the table.
        @usableFromInline package var indexPath: IndexPath
        /// The row's stable id.
        @usableFromInline package var id: RowID
        /// The row's top in content coordinates.
        @usableFromInline package var y: Double
        /// The row's height in pixels (see ``FragmentRow/height``).
        @usableFromInline package var height: Double
        /// The row's 1-based position in its section.
        @usableFromInline package var position: Int
        /// The number of rows in the row's section.
        @usableFromInline package var setSize: Int
        /// Whether the row can be deleted.
        @usableFromInline package var canEdit: Bool
        /// Whether the row can be reordered.
        @usableFromInline package var canMove: Bool
        /// Whether the row closes its group (see ``FragmentRow/endsGroup``).
        @usableFromInline package var endsGroup: Bool
        /// The row's dictionary, where its owner keeps it.
        @usableFromInline package var fields: UnsafePointer<Fields>
        /// The UTF-8 bytes of the row's image URL (already percent-encoded); nil draws a placeholder.
        @usableFromInline package var imageURL: UnsafeRawBufferPointer?
        /// A table document's row: what its fields say about its cell; nil for other kinds.
        @usableFromInline package var cell: TableCell?
        /// A row that opens a child table: the UTF-8 bytes of the child's address, as `?child=` takes it.
        @usableFromInline package var child: UnsafeRawBufferPointer?
        /// The markup of the row's swipe buttons (``FragmentRenderer/actionMarkup(_:language:)``); nil for
        /// the default, one Delete.
        @usableFromInline package var actions: UnsafeRawBufferPointer?
        /// A search result's place in the whole table (see ``FragmentRow/place``); nil elsewhere.
        @usableFromInline package var place: IndexPath?

        /// Creates a lent row; the parameters are as for ``FragmentRow``'s initializer, the dictionary and
        /// the image URL's and child address's bytes lent by their owner.
        @inlinable
        package init(
            indexPath: IndexPath, id: RowID, y: Double, height: Double, position: Int, setSize: Int, canEdit: Bool,
            canMove: Bool, endsGroup: Bool, fields: UnsafePointer<Fields>, imageURL: UnsafeRawBufferPointer?,
            cell: TableCell? = nil, child: UnsafeRawBufferPointer? = nil, actions: UnsafeRawBufferPointer? = nil,
            place: IndexPath? = nil
        ) {
            self.indexPath = indexPath
            self.id = id
            self.y = y
            self.height = height
            self.position = position
            self.setSize = setSize
            self.canEdit = canEdit
            self.canMove = canMove
            self.endsGroup = endsGroup
            self.fields = fields
            self.imageURL = imageURL
            self.cell = cell
            self.child = child
            self.actions = actions
            self.place = place
            // The pointers are only lent: valid while the call that lends them runs, so the checks are on them.
            assert(Int(bitPattern: fields) % MemoryLayout<Fields>.alignment == 0, "a lent row's fields are misaligned")
            assert(height >= 0 && position >= 0 && setSize >= 0, "a lent row's frame is out of bounds")
        }
    }

    /// A row with the values `row` lends, its image URL copied out; its actions' markup is not read back
    /// (``actions`` stays nil).
    @usableFromInline
    package init(_ row: Lent) {
        self.init(
            indexPath: row.indexPath, id: row.id, y: row.y, height: row.height, fields: row.fields.pointee,
            setSize: row.setSize, position: row.position, canEdit: row.canEdit, canMove: row.canMove,
            endsGroup: row.endsGroup, imageURL: row.imageURL.map { String(decoding: $0, as: UTF8.self) },
            cell: row.cell, child: row.child.map { String(decoding: $0, as: UTF8.self) }, place: row.place)
    }

    /// Lends the row at `row` to `body`: its dictionary where it lies, its image URL's and child
    /// address's bytes, and the markup of its actions in `language` when it has its own.
    /// - Complexity: O(1), plus making the strings contiguous when they are not native, plus writing
    ///   the actions' markup when the row has its own.
    @inlinable
    package static func withLent<Result>(
        _ row: UnsafePointer<FragmentRow>, language: UILanguage = .english, _ body: (Lent) -> Result
    ) -> Result {
        if let actions = row.pointee.actions {
            return FragmentRenderer.actionMarkup(actions, language: language, row: row.pointee.fields).withUnsafeBytes { markup in
                withLent(row) { lent in
                    var lent = lent
                    lent.actions = markup
                    return body(lent)
                }
            }
        }
        return withLent(row, body)
    }

    /// ``withLent(_:language:_:)`` for a row without actions of its own.
    @inlinable
    static func withLent<Result>(_ row: UnsafePointer<FragmentRow>, _ body: (Lent) -> Result) -> Result {
        let fields = UnsafeRawPointer(row).advanced(by: MemoryLayout<FragmentRow>.offset(of: \FragmentRow.fields)!)
            .assumingMemoryBound(to: Fields.self)
        return withBytes(of: row.pointee.imageURL) { imageURL in
            withBytes(of: row.pointee.child) { child in
                body(
                    Lent(
                        indexPath: row.pointee.indexPath, id: row.pointee.id, y: row.pointee.y,
                        height: row.pointee.height, position: row.pointee.position, setSize: row.pointee.setSize,
                        canEdit: row.pointee.canEdit,
                        canMove: row.pointee.canMove, endsGroup: row.pointee.endsGroup, fields: fields,
                        imageURL: imageURL, cell: row.pointee.cell, child: child, place: row.pointee.place))
            }
        }
    }

    /// Lends `body` the UTF-8 bytes of `text`, nil for nil: a native string's where they are, any other's
    /// made contiguous first.
    @inlinable
    static func withBytes<Result>(of text: String?, _ body: (UnsafeRawBufferPointer?) -> Result) -> Result {
        guard let text else { return body(nil) }
        if let lent = text.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return lent }
        var copy = text
        return copy.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}
