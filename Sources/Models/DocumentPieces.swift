// Models — a document's bytes handed on in pieces as they are written
import Bytes

/// A document's bytes handed on in pieces as a writer makes them: once the buffer being written reaches
/// ``size``, at the next place the writer offers (``cut(_:)``, after an element), it becomes a piece and a
/// new buffer starts. So a large export is never one buffer, nor copied as a buffer grows.
struct DocumentPieces {
    /// The bytes at which a buffer becomes a piece; `Int.max` for one piece.
    let size: Int
    /// The pieces made so far, in order.
    private(set) var pieces: [[UInt8]] = []
    /// The bytes in ``pieces``.
    private(set) var count = 0

    init(size: Int) {
        precondition(size > 0, "a piece holds at least a byte")
        self.size = size
    }

    /// Makes `output` a piece when it has reached ``size``, and starts it again empty.
    /// - Complexity: O(1).
    mutating func cut(_ output: inout [UInt8]) {
        guard output.count >= size else { return }
        count += output.count
        pieces.append(output)
        output = []
        output.reserveCapacity(size + size / 8)
    }

    /// Makes what `storage` holds a piece when it has reached ``size``, and empties it.
    /// - Complexity: O(size) when it cuts (the bytes are copied out once), else O(1).
    mutating func cut(_ storage: ByteStorage) {
        guard storage.count >= size else { return }
        count += storage.count
        pieces.append(storage.bytes)
        storage.removeAll()
    }

    /// Every piece, `output` (what was written after the last cut) the last one when it holds any bytes.
    mutating func finish(_ output: [UInt8]) -> [[UInt8]] {
        if !output.isEmpty || pieces.isEmpty { pieces.append(output) }
        count += output.count
        return pieces
    }
}
