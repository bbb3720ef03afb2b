// Models — a document's bytes handed on in pieces as they are written
import Bytes

/// A document's bytes handed on in pieces as a writer makes them: once the buffer being written reaches
/// ``size``, at the next place the writer offers (``cut(_:)``, after an element), it becomes a piece and a
/// new buffer starts. So a large export is never one buffer, nor copied as a buffer grows. Each piece is
/// also handed to ``handOff`` as it is cut, so that a server can send it while the rest is being written.
struct DocumentPieces {
    /// The bytes at which a buffer becomes a piece; `Int.max` for one piece.
    let size: Int
    /// Given each piece as it is made, the last one by ``finish(_:)``, in order.
    let handOff: (([UInt8]) -> Void)?
    /// The pieces made so far, in order.
    private(set) var pieces: [[UInt8]] = []
    /// The bytes in ``pieces``.
    private(set) var count = 0

    init(size: Int, handOff: (([UInt8]) -> Void)? = nil) {
        precondition(size > 0, "a piece holds at least a byte")
        self.size = size
        self.handOff = handOff
    }

    /// Makes `output` a piece when it has reached ``size``, and starts it again empty.
    /// - Complexity: O(1).
    mutating func cut(_ output: inout [UInt8]) {
        guard output.count >= size else { return }
        count += output.count
        pieces.append(output)
        handOff?(output)
        output = []
        output.reserveCapacity(size + size / 8)
    }

    /// Makes what `storage` holds a piece when it has reached ``size``, and empties it.
    /// - Complexity: O(size) when it cuts (the bytes are copied out once), else O(1).
    mutating func cut(_ storage: ByteStorage) {
        guard storage.count >= size else { return }
        count += storage.count
        pieces.append(storage.bytes)
        handOff?(pieces[pieces.count - 1])
        storage.removeAll()
    }

    /// Every piece, `output` (what was written after the last cut) the last one when it holds any bytes.
    mutating func finish(_ output: [UInt8]) -> [[UInt8]] {
        if !output.isEmpty || pieces.isEmpty {
            pieces.append(output)
            handOff?(output)
        }
        count += output.count
        return pieces
    }
}
