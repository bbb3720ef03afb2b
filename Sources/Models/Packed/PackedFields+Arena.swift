// Models — decodes many encodings into a few shared blocks of storage

extension PackedFields {
    /// Decodes many encodings (the rows of a stored dataset) into a few shared blocks of storage
    /// instead of one allocation each: a loaded row then costs its packed bytes and a reference.
    ///
    /// Blocks start small and double up to ``largestBlock``, so a small dataset takes little.
    public struct Arena {
        /// The size blocks grow to; a larger encoding gets a block of its own size.
        public static let largestBlock = 1 << 20

        private var block = FieldsStorage.make(capacity: 4096)

        public init() {}

        /// Decodes one encoding made by ``PackedFields/encode(_:)``, copying its body into the
        /// current block.
        /// - Parameter bytes: Exactly one encoding, no more, no less.
        /// - Returns: The fields as they were encoded.
        /// - Throws: ``PackedFields/DecodingError`` as ``PackedFields/decode(_:)-([UInt8])`` does.
        /// - Complexity: O(number of bytes), amortized.
        @usableFromInline
        package mutating func decode(_ bytes: UnsafeRawBufferPointer) throws(DecodingError) -> Fields {
            let body = try PackedFields.checkedBody(bytes)
            if body.count > block.spareCapacity {
                let next = Swift.min(2 * block.capacity, Self.largestBlock)
                block = FieldsStorage.make(capacity: Swift.max(next, body.count))
            }
            let start = block.count
            block.append(body)
            return Fields(storage: block, start: start, end: block.count)
        }
    }
}
