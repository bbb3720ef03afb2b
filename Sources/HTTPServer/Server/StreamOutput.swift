// HTTPServer — what a connection has yet to send of a stream
import SystemSupport

/// What a connection has yet to send of a streaming response, after its `outbound` bytes: pieces in order.
/// A large piece is held by reference (the buffer of a message that every stream shares, or its gzip segment);
/// small bytes (chunk framing, short events) are copied together into the last piece. So a 378 KB event
/// waiting on 2,000 connections whose clients do not read is one buffer, not 2,000 copies.
struct StreamOutput {
    /// Pieces at least this long are held by reference rather than copied.
    static let sharedBytes = 2048

    private var pieces: [[UInt8]] = []
    /// Whether the last piece is this output's own, which small bytes are appended to, rather than shared.
    private var lastIsOwn = false
    /// The bytes of the first piece already sent.
    private var sentOfFirst = 0
    /// The bytes not sent yet.
    private(set) var unsentCount = 0

    /// Queues bytes: held by reference when there are at least ``sharedBytes``, else copied.
    /// - Complexity: O(1) for a shared piece, O(bytes.count) for a copied one.
    mutating func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        unsentCount += bytes.count
        if bytes.count < Self.sharedBytes && lastIsOwn {
            pieces[pieces.count - 1].append(contentsOf: bytes)
        } else {
            pieces.append(bytes)
            lastIsOwn = bytes.count < Self.sharedBytes
        }
    }

    /// Queues a few bytes of framing.
    mutating func append(_ text: StaticString) {
        append(text.withUTF8Buffer { Array($0) })
    }

    /// Sends the next pieces (two at a time, in one `sendmsg`) as far as the socket takes them.
    /// - Returns: the bytes sent; `.wouldBlock` when the socket took none.
    /// - Throws: `PosixError` when the send failed.
    mutating func send(_ fd: Int32) throws -> IOResult<Int> {
        guard let first = pieces.first else { return .processed(0) }
        let start = sentOfFirst
        let result: IOResult<Int> =
            try first.withUnsafeBytes { head in
                let rest = UnsafeRawBufferPointer(rebasing: head[start...])
                guard pieces.count > 1 else { return try Posix.send(fd, rest) }
                return try pieces[1].withUnsafeBytes { next in try Posix.send(fd, rest, next) }
            }
        guard case .processed(var count) = result else { return result }
        unsentCount -= count
        while count > 0, let first = pieces.first {
            let left = first.count - sentOfFirst
            guard count >= left else {
                sentOfFirst += count
                break
            }
            count -= left
            sentOfFirst = 0
            pieces.removeFirst()
        }
        if pieces.isEmpty { lastIsOwn = false }
        return result
    }

    /// Takes every byte not sent yet, copied into one array, and leaves the output empty.
    mutating func takeAll() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(unsentCount)
        for (index, piece) in pieces.enumerated() {
            bytes.append(contentsOf: index == 0 ? piece[sentOfFirst...] : piece[...])
        }
        self = StreamOutput()
        return bytes
    }
}
