// Models — writes `value`; `depth` is its nesting level

extension JSONByteWriter {
    /// Writes `value`; `depth` is its nesting level, for the indentation of pretty output.
    mutating func write(_ value: FieldValue, pretty: Bool, depth: Int) {
        switch value {
        case .array(let items):
            guard !items.isEmpty else { return append("[]") }
            append(UInt8(ascii: "["))
            items.withUnsafeBufferPointer { items in
                for position in items.indices {
                    if position > 0 { append(UInt8(ascii: ",")) }
                    if pretty { writeNewline(depth: depth + 1) }
                    write(items[position], pretty: pretty, depth: depth + 1)
                }
            }
            if pretty { writeNewline(depth: depth) }
            append(UInt8(ascii: "]"))
        case .dict(let fields):
            guard !fields.isEmpty else { return append("{}") }
            append(UInt8(ascii: "{"))
            var position = 0
            fields.forEachMember { key, value in
                if position > 0 { append(UInt8(ascii: ",")) }
                position += 1
                if pretty { writeNewline(depth: depth + 1) }
                writeString(utf8: key.assumingMemoryBound(to: UInt8.self))
                append(UInt8(ascii: ":"))
                if pretty { append(UInt8(ascii: " ")) }
                switch value {
                case .string(let text): writeString(utf8: text.assumingMemoryBound(to: UInt8.self))
                case .value(let value): write(value, pretty: pretty, depth: depth + 1)
                }
            }
            if pretty { writeNewline(depth: depth) }
            append(UInt8(ascii: "}"))
        case .string(let text): writeString(text)
        case .int(let number): writeInteger(number)
        case .real(let number): writeReal(number)
        case .bool(let flag): append(flag ? "true" : "false")
        case .null: append("null")
        case .date(let date): writeDate(date)
        case .data(let bytes): writeBase64(bytes)
        }
    }

    private mutating func writeNewline(depth: Int) {
        append(UInt8(ascii: "\n"))
        append(repeating: UInt8(ascii: " "), count: 2 * depth)
    }
}
