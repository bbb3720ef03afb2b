// Models — the members of every open array and object during a parse

/// The members of every open array and object during a parse, innermost last.
///
/// An object member is its key and value; an array element is stored with an empty key.
/// Closing a container moves its members out without copying or reference counting, and
/// an object's members are already the `Field`s it is made of. Each member also carries
/// its key's hash, so duplicate keys are found without comparing strings.
struct JSONMemberStack: ~Copyable {
    private var base: UnsafeMutablePointer<Field>
    private var hashes: UnsafeMutablePointer<UInt64>
    private var capacity: Int
    /// The number of members on the stack.
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = Swift.max(capacity, 1)
        base = .allocate(capacity: self.capacity)
        hashes = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
        hashes.deallocate()
    }

    /// Pushes a member, with the hash of its key, on top of the stack.
    /// - Complexity: Amortized O(1).
    @inline(__always)
    mutating func push(_ member: consuming Field, keyHash: UInt64) {
        if count == capacity { grow() }
        (base + count).initialize(to: member)
        hashes[count] = keyHash
        count += 1
    }

    /// Sets the value of the member on top of the stack.
    @inline(__always)
    mutating func setTopValue(_ value: consuming FieldValue) {
        precondition(count > 0, "JSONMemberStack is empty")
        (base + count - 1).pointee.value = value
    }

    /// Calls `body` with the members from `start` to the top and their key hashes.
    func withMembers<Result>(
        from start: Int, _ body: (UnsafeBufferPointer<Field>, UnsafeBufferPointer<UInt64>) -> Result
    ) -> Result {
        precondition(start >= 0 && start <= count, "JSONMemberStack start out of range")
        return body(
            UnsafeBufferPointer(start: base + start, count: count - start),
            UnsafeBufferPointer(start: hashes + start, count: count - start))
    }

    /// Removes the members from `start` to the top and returns them in order, bottom first.
    /// - Complexity: O(number of members removed), a single move of memory.
    mutating func popFields(from start: Int) -> [Field] {
        precondition(start >= 0 && start <= count, "JSONMemberStack start out of range")
        let moved = count - start
        let source = base + start
        count = start
        if let small = Self.smallArray(moving: source, count: moved) { return small }
        return [Field](unsafeUninitializedCapacity: moved) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: source, count: moved)
            initialized = moved
        }
    }

    /// Removes the members from `start` to the top and returns them packed as one ``Fields``.
    /// - Parameters:
    ///   - start: The first member of the object.
    ///   - scratch: A buffer reused across objects; its contents are replaced.
    /// - Complexity: O(size of the members), one allocation for the result.
    mutating func popPacked(from start: Int, scratch: inout [UInt8]) -> Fields {
        precondition(start >= 0 && start <= count, "JSONMemberStack start out of range")
        scratch.removeAll(keepingCapacity: true)
        PackedFields.appendBody(of: UnsafeBufferPointer(start: base + start, count: count - start), to: &scratch)
        (base + start).deinitialize(count: count - start)
        count = start
        return Fields(packedBody: scratch)
    }

    /// Removes the members from `start` to the top and returns their values in order.
    /// - Complexity: O(number of members removed).
    mutating func popValues(from start: Int) -> [FieldValue] {
        precondition(start >= 0 && start <= count, "JSONMemberStack start out of range")
        let moved = count - start
        let source = base + start
        count = start
        let at = { (offset: Int) in (source + offset).move().value }
        switch moved {
        case 0: return []
        case 1: return [at(0)]
        case 2: return [at(0), at(1)]
        case 3: return [at(0), at(1), at(2)]
        case 4: return [at(0), at(1), at(2), at(3)]
        default:
            return [FieldValue](unsafeUninitializedCapacity: moved) { buffer, initialized in
                for offset in 0..<moved {
                    (buffer.baseAddress! + offset).initialize(to: at(offset))
                }
                initialized = moved
            }
        }
    }

    /// The `count` elements at `source`, moved into a new array, when `count` is at most 8.
    ///
    /// Array literals allocate through a path the compiler specializes for the element type,
    /// while `Array(unsafeUninitializedCapacity:initializingWith:)` looks the array's type up
    /// at run time on every call, which costs more than the rest of building a small row.
    /// - Returns: The array, or nil when `count` is more than 8 (nothing is moved then).
    @inline(__always)
    private static func smallArray<Element>(
        moving source: UnsafeMutablePointer<Element>, count: Int
    ) -> [Element]? {
        let at = { (offset: Int) in (source + offset).move() }
        switch count {
        case 0: return []
        case 1: return [at(0)]
        case 2: return [at(0), at(1)]
        case 3: return [at(0), at(1), at(2)]
        case 4: return [at(0), at(1), at(2), at(3)]
        case 5: return [at(0), at(1), at(2), at(3), at(4)]
        case 6: return [at(0), at(1), at(2), at(3), at(4), at(5)]
        case 7: return [at(0), at(1), at(2), at(3), at(4), at(5), at(6)]
        case 8: return [at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7)]
        default: return nil
        }
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Field>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        let newHashes = UnsafeMutablePointer<UInt64>.allocate(capacity: newCapacity)
        newHashes.initialize(from: hashes, count: count)
        hashes.deallocate()
        hashes = newHashes
        capacity = newCapacity
    }
}
